/** How two tokens of two names agree, if they do (docs/screening.md, how tokens align). */

import { cantoneseAgrees } from './cantonese.ts';
import { givenNameOf } from './given-names.ts';
import { jaroWinkler } from './jaro-winkler.ts';
import { sameAsKana } from './kana.ts';
import { koreanSyllable, koreanSyllableU, type NameToken, skeleton } from './name-tokens.ts';
import { remembered } from './remembered.ts';

export type TokenAgreement =
  | 'exact'
  | 'number'
  | 'transliterated'
  | 'spelling'
  | 'phonetic'
  | 'typo'
  | 'initial'
  | 'abbreviation'
  | 'joined'
  /** One given name in another language's form (MYKOLA, NIKOLAY), or patronymics made from it. */
  | 'given_name';

export type TokenMatch = { score: number; how: TokenAgreement };

/** Signs of a spelling system in a word, as bits (`spellingsOf`). */
const GH = 1;
const ARMENIAN = 2;
const ARABIC = 4;
const BELARUSIAN_SPELLING = 8;
const WADE_GILES_SYLLABLE = 16;
const GERMAN = 32;
const FRENCH = 64;
const OLD_SPELLING = 128;
const SOMALI_SPELLING = 256;

/** The spelling systems a word shows signs of: each rule below looks only at words that show its. */
const spellingsOf = remembered(
  (word: string) =>
    (word.includes('GH') || word.includes('DZH') || word.includes('DJ') ? GH : 0) |
    (ARMENIAN_FAMILY_NAME.test(word) ? ARMENIAN : 0) |
    (ARABIC_SPELLING.test(word) ? ARABIC : 0) |
    (BELARUSIAN.test(word) ? BELARUSIAN_SPELLING : 0) |
    (WADE_GILES.test(word) ? WADE_GILES_SYLLABLE : 0) |
    (GERMAN_SPELLING.test(word) ? GERMAN : 0) |
    (FRENCH_SPELLING.test(word) ? FRENCH : 0) |
    (OLD_INDONESIAN.test(word) ? OLD_SPELLING : 0) |
    (SOMALI.test(word) ? SOMALI_SPELLING : 0),
);

/** Roman numerals of one letter, which a name's tokens read as initials (numbers.ts). */
const ROMAN_LETTERS: Readonly<Record<string, string>> = { I: '1', V: '5', X: '10' };

/** The closest way two tokens agree, or null when they name different things. */
export function compareTokens(a: NameToken, b: NameToken): TokenMatch | null {
  if (a.kind === 'number' || b.kind === 'number') {
    // Numbers agree only as numbers: 3 and THREE, 1ST and FIRST; and a Roman numeral of one letter,
    // read as an initial, with its number (ARGO I, ARGO 1).
    if (a.kind === b.kind) return a.text === b.text ? { score: 1, how: 'number' } : null;
    const [number, other] = a.kind === 'number' ? [a, b] : [b, a];
    return other.kind === 'initial' && ROMAN_LETTERS[other.text] === number.text
      ? { score: 1, how: 'number' }
      : null;
  }
  // A syllable read from Han characters in Cantonese against a word, only a Latin one spelling it as
  // Hong Kong spells names (曾 CHANG, TSANG; 潘 POON, PUN; 李 LEE, LI: `cantoneseAgrees`), and no
  // other way: not a reading of other Han characters (胡 WU, and 吳 WU in Mandarin), nor loosely
  // (張 CHEUNG is not CHUNG).
  if (!a.cantonese !== !b.cantonese && a.kind === 'word' && b.kind === 'word') {
    if ((a.cantonese ? b : a).transliterated) return null;
    if (a.text === b.text) return { score: 1, how: 'exact' };
    return (a.cantonese ? cantoneseAgrees(a.text, b.text) : cantoneseAgrees(b.text, a.text))
      ? { score: 0.95, how: 'transliterated' }
      : null;
  }
  if (a.text === b.text) return { score: 1, how: 'exact' };
  if (a.kind === 'initial' || b.kind === 'initial') {
    const [initial, word] = a.kind === 'initial' ? [a, b] : [b, a];
    return word.kind === 'word' && word.text.startsWith(initial.text)
      ? { score: 0.95, how: 'initial' }
      : null;
  }
  const transliterated = a.transliterated || b.transliterated;
  const abjad = a.abjad || b.abjad;
  // Two Latin words whose consonants agree but where one writes a short A and the other a long I
  // or a diphthong name two people (HASAN, HUSAYN; SAAD, SAID; JAMAL, JAMIL).
  if (!transliterated && otherInnerVowel(a.text, b.text)) return null;
  if (!transliterated && endingAdded(a.text, b.text)) return null;
  // Two Chinese or Korean syllables with a front vowel in one and a back vowel in the other where
  // their consonants agree are two names (HING, HONG; JIN, JUN); O and U, A and E, E and I are
  // spellings of one (CHOL, CHUL), and so are A and O or U (WANG, WONG: Mandarin and Cantonese). Arabic's unwritten short vowels differ as often
  // (HISN, HUSN), so words of other shapes are left alone.
  if (
    !transliterated &&
    CJK_SYLLABLE.test(a.text) &&
    CJK_SYLLABLE.test(b.text) &&
    otherShortVowel(a.text, b.text)
  )
    return null;
  // Which spelling systems each word shows signs of, read once per word (`spellingsOf`).
  const [fa, fb] = [spellingsOf(a.text), spellingsOf(b.text)];
  const shorter = Math.min(a.text.length, b.text.length);
  // A name written in an abjad (Arabic, Hebrew) has no short vowels: only its consonants compare
  // (short words too: علي is LY, ALI).
  const sameConsonants =
    a.skeleton === b.skeleton ||
    a.skeletonAlt === b.skeleton ||
    a.skeleton === b.skeletonAlt ||
    (abjad && (a.skeletonAlt === b.skeletonAlt || abjadReading(a, b)));
  if (
    abjad &&
    sameConsonants &&
    (a.skeleton.length >= 2 ||
      (Math.min(a.text.length, b.text.length) <= 4 && Math.max(a.text.length, b.text.length) <= 6))
  )
    return { score: 0.95, how: 'transliterated' };
  // A Latin spelling of a Hebrew name read back as Hebrew letters write it: TZ (or Z) as צ, CH as ח,
  // W as ו, J as י (YITZHAK, יצחק; CHAIM, חיים; WEIZMANN, ויצמן; BENJAMIN, בנימין).
  if ((a.hebrew || b.hebrew) && a.abjad !== b.abjad) {
    const [written, latin] = a.abjad ? [a, b] : [b, a];
    for (const read of hebrewReadings(latin.text)) {
      const consonants = skeleton(read, true);
      if (consonants.length >= 2 && (consonants === written.skeleton || consonants === written.skeletonAlt))
        return { score: 0.95, how: 'transliterated' };
    }
  }
  // A foreign name written in katakana against its Latin spelling (プーチン, PUCHIN, PUTIN;
  // ラブロフ, RABUROFU, LAVROV): the same consonants as kana write them (`sameAsKana`).
  // No other way: kana's vowels and merged consonants make the looser rules find other names (バイデン,
  // BAIDEN, is not BODEN).
  if (!a.kana !== !b.kana) {
    const [kana, latin] = a.kana ? [a, b] : [b, a];
    if (!latin.transliterated)
      return sameAsKana(kana.text, latin.text) ? { score: 0.92, how: 'transliterated' } : null;
  }
  if (!abjad && Math.abs(a.text.length - b.text.length) > 4) return null;
  const jw = jaroWinkler(a.text, b.text);
  // A name transliterated from an alphabet (Cyrillic ДЖОСЕ, DZHOSE; Х, KH) agrees on its consonants.
  if (
    transliterated &&
    a.skeleton === b.skeleton &&
    jw >= (a.skeleton.length >= 2 ? 0.5 : 0.7) &&
    shorter <= (a.skeleton.length >= 2 ? 99 : 4)
  )
    return { score: 0.95, how: 'transliterated' };
  // Latin spellings of one name agree on its consonants and how it starts (HASAN, HASSAN; MOKHAMMAD,
  // MUHAMMED; YUSUF, YOUSSEF).
  if (
    a.skeleton.length >= 2 &&
    a.skeleton === b.skeleton &&
    sameStart(a.text, b.text) &&
    !endingAdded(a.text, b.text)
  ) {
    if (jw >= (a.skeleton.length === 2 ? 0.78 : 0.7)) return { score: 0.94, how: 'spelling' };
  }
  if (jw >= 0.85 && sharesCode(a.phonetic, b.phonetic)) return { score: 0.92, how: 'phonetic' };
  // GH written for G (Georgian ღ and Arabic غ, which Russian spellings write Г: JUGHASHVILI,
  // DZHUGASHVILI), DZH and DJ for J: the same consonants and start once read so.
  if (shorter >= 5 && (fa | fb) & GH) {
    const [x, y] = [ghAsG(a.text), ghAsG(b.text)];
    if (x.length >= 3 && skeleton(x) === skeleton(y) && sameStart(x, y) && jaroWinkler(x, y) >= 0.8)
      return { score: 0.9, how: 'spelling' };
  }
  // An Armenian family name in its Eastern and Western spellings, which swap voiced and voiceless
  // consonants (SARGSYAN, SARKISSIAN; PETROSYAN, BEDROSSIAN; GEVORGYAN, KEVORKIAN).
  if (shorter >= 6 && fa & fb & ARMENIAN) {
    if (
      unvoiced(a.skeleton) === unvoiced(b.skeleton) &&
      unvoiced(a.text[0] ?? '') === unvoiced(b.text[0] ?? '') &&
      jw >= 0.75
    )
      return { score: 0.9, how: 'spelling' };
  }
  // Transliteration systems that swap letters (HRYHORYAVICH, GRIGORIYEVICH; HALAVANAU, GOLOVANOV;
  // DZMITRY, DMITRI; JOSEPH, YOSEF) agree on the looser consonants.
  if (
    a.loose === b.loose &&
    a.loose.length >= 2 &&
    looseStart(a) === looseStart(b) &&
    jw >= (a.loose.length >= 5 ? 0.6 : a.loose.length >= 3 ? 0.7 : 0.8)
  )
    return { score: 0.9, how: 'spelling' };
  // Latin spellings of Arabic letters: ق as Q, K, G or GH; ذ and ظ as DH, TH, Z or D (QADHAFI,
  // GADDAFI, GHATHAFI; NATHEER, NAZIR).
  if (shorter >= 4 && (fa | fb) & ARABIC) {
    const [x, y] = [arabicLetters(a.text), arabicLetters(b.text)];
    const consonants = skeleton(x);
    if (consonants.length >= 3 && consonants === skeleton(y) && sameStart(x, y) && jaroWinkler(x, y) >= 0.75)
      return { score: 0.9, how: 'spelling' };
  }
  // Arabic vowels as Latin spellings write them: O or U, E for A or I (Levantine and Persian
  // spellings write fatha E: WEHBE, WAHBI; MOHSEN, MUHSIN), the diphthong AY, AI, EI or EY, a final
  // H or none, a final Y or I (OBEIDI, UBAYDI; OBAIDA, UBAYDAH; DOLEMY, DULAYMI).
  if (
    shorter >= 4 &&
    a.skeleton === b.skeleton &&
    a.skeleton.length >= 2 &&
    sameArabicVowels(arabicVowels(a.text), arabicVowels(b.text))
  )
    return { score: 0.9, how: 'spelling' };
  // A Slavic name as Belarusian Latin spellings write it: ў for В (-AU, -EU: HALAVANAU, GOLOVANOV;
  // PAULICHENKA, PAVLICHENKO), DZ for a soft D (LIDZIYA, LYDIA), unstressed O as A, Г as H: the
  // same consonants with vowels in the same places.
  if (shorter >= 5 && (fa | fb) & BELARUSIAN_SPELLING) {
    const frame = slavicFrame(a.text);
    if (frame === slavicFrame(b.text) && frame.replace(/\*/g, '').length >= 3)
      return { score: 0.9, how: 'spelling' };
  }
  // Vowels written as digraphs (MOON, MUN; SHAREEF, SHARIF).
  if (shorter >= 3 && a.forms.plain === b.forms.plain) return { score: 0.94, how: 'spelling' };
  // A syllable romanised by two systems (Korean McCune-Reischauer and Revised: CHONG, JONG; KUK,
  // GUK; CHO, JO; Chinese Wade-Giles and pinyin: TAO, DAO; PING, BING): the same, voiced or not at
  // the start.
  // A Korean syllable of one letter (이, I) is a word, not an initial, and agrees with LEE or YI.
  if ((shorter >= 2 || (a.kind === 'word' && b.kind === 'word')) && sameSyllable(a, b))
    return { score: 0.9, how: 'spelling' };
  // One word in the singular, the other in the plural or made an adjective (INDUSTRY, INDUSTRIES,
  // INDUSTRIAL; METALLURGY, METALLURGICAL).
  if (shorter >= 5) {
    if (a.forms.stem.length >= 5 && a.forms.stem === b.forms.stem) return { score: 0.9, how: 'spelling' };
  }
  // A Chinese syllable in Wade-Giles and in pinyin (HSIAO, XIAO; TSE, ZE; TUNG, DONG; CHIEN, JIAN).
  if (
    Math.max(a.text.length, b.text.length) <= 6 &&
    (fa | fb) & WADE_GILES_SYLLABLE &&
    pinyinKey(a.text) === pinyinKey(b.text)
  )
    return { score: 0.9, how: 'spelling' };
  // One or two edits leave words this alike (Jaro-Winkler), so the edits are counted only then.
  if (shorter >= 4 && jw >= 0.75) {
    const d = editDistance(a.text, b.text, 2);
    if (
      d <= 1 &&
      !otherSyllable(a, b) &&
      (shorter >= SHORT_TYPO || slightEdit(a.text, b.text)) &&
      alikeStart(a.text, b.text)
    )
      return { score: 0.92, how: 'typo' };
    // Two edits in a long word, neither of them its first letter (PAULOUSKI and KAZLOUSKI differ).
    if (d === 2 && shorter >= 8 && a.text[0] === b.text[0]) return { score: 0.86, how: 'typo' };
  }
  // Arabic ق written G or GH as it is spoken in North Africa and the Gulf (قدير, GHEDEIR; قذافي,
  // GADDAFI): the looser consonants agree.
  if (abjad && a.loose === b.loose && a.loose.length >= 3) return { score: 0.9, how: 'transliterated' };
  // Consonants of an abjad's word that Latin spellings write otherwise, one of them, starting alike.
  if (
    abjad &&
    Math.min(a.skeleton.length, b.skeleton.length) >= 2 &&
    a.skeleton[0] === b.skeleton[0] &&
    oneConsonantWrittenOtherwise(a, b)
  )
    return { score: 0.88, how: 'transliterated' };
  // A Slavic name as German and Polish spell it (Х as CH, В as W, Й as J: CHODORKOWSKI,
  // KHODORKOVSKY; IWANOW, IVANOV; SERGEJ, SERGEY): read back, it agrees on its consonants.
  if (shorter >= 4 && (fa | fb) & GERMAN) {
    const [x, y] = [slavicReading(a.text), slavicReading(b.text)];
    if (x === y) return { score: 0.92, how: 'spelling' };
    // German writes Russian З as S and Ц as Z (KUSNEZOW, KUZNETSOV; TSCHEMESOW, CHEMEZOV).
    const [gx, gy] = [GERMAN_SLAVIC.test(a.text), GERMAN_SLAVIC.test(b.text)];
    if (gx !== gy && (gx ? germanSZ(x) : x) === (gy ? germanSZ(y) : y))
      return { score: 0.92, how: 'spelling' };
    // Else the same consonants, as alike and ending alike (MICHELLE is not MIKHAIL, nor ANDREJ
    // ANDREEV, the family name made from it).
    const consonants = skeleton(x);
    if (
      consonants.length >= 3 &&
      consonants === skeleton(y) &&
      sameStart(x, y) &&
      Math.abs(x.length - y.length) <= 1 &&
      x.at(-1) === y.at(-1) &&
      jaroWinkler(x, y) >= 0.88
    )
      return { score: 0.9, how: 'spelling' };
  }
  // A Russian (or Arabic) name as French spells it (Ш as CH, Ч as TCH, У as OU, Ж as J, Г before E
  // or I as GU: POUTINE, PUTIN; KOVALTCHOUK, KOVALCHUK; SERGUEI, SERGEY; QELBAOUI, QELBAWI): read
  // back, it is the other spelling, a Y or I at the end or between vowels read alike (YURI, YURIY;
  // SHOIGU, SHOYGU). Nothing looser: LOUIS read back is not LISA.
  if (shorter >= 4 && !abjad) {
    const [ra, rb] = [(fa & FRENCH) !== 0, (fb & FRENCH) !== 0];
    if (ra || rb) {
      const [x, y] = [ra ? frenchReading(a.text) : a.text, rb ? frenchReading(b.text) : b.text];
      if (x === y || yAsI(x) === yAsI(y)) return { score: 0.92, how: 'spelling' };
    }
  }
  // An Indonesian or Malay name in the spelling of before 1972 against today's (TJOKRO, COKRO or
  // CHOKRO; JOESOEF, YUSUF).
  if (shorter >= 4 && !abjad) {
    const [olda, oldb] = [(fa & OLD_SPELLING) !== 0, (fb & OLD_SPELLING) !== 0];
    if (olda !== oldb) {
      const [old, today] = olda ? [a.text, b.text] : [b.text, a.text];
      if (indonesianReadings(old).includes(today)) return { score: 0.92, how: 'spelling' };
    }
  }
  // Korean family names whose usual spellings differ in more than a letter's voicing, read alike
  // between two Latin spellings too (PARK, PAK; CHOI, CHOE).
  if (
    KOREAN_FAMILY_LATIN[a.text] !== undefined &&
    KOREAN_FAMILY_LATIN[a.text] === KOREAN_FAMILY_LATIN[b.text]
  )
    return { score: 0.9, how: 'spelling' };
  // A Slavic name in the Latin spellings of several languages, read one way (KUZNETSOFF, KUZNECOV,
  // KUSNEZOW; SEMJONOV, SEMENOV; ZAHAROV, ZAKHAROFF; SCZERBAKOW, SHCHERBAKOV).
  if (
    shorter >= 5 &&
    !transliterated &&
    SLAVIC_ENDING.test(slavicKey(a.text)) &&
    slavicKey(a.text) === slavicKey(b.text)
  )
    return { score: 0.9, how: 'spelling' };
  // A name in Somali spelling against another Latin spelling (MAXAMED, MOHAMED; CABDULLAAHI,
  // ABDULLAHI; FAARAX, FARAH).
  if (shorter >= 3 && !transliterated && (fa | fb) & SOMALI_SPELLING) {
    const [x, y] = [somaliReading(a.text), somaliReading(b.text)];
    if (
      x === y ||
      (skeleton(x).length >= 2 && skeleton(x) === skeleton(y) && sameStart(x, y) && jaroWinkler(x, y) >= 0.8)
    )
      return { score: 0.9, how: 'spelling' };
  }
  // One given name in another language's form, which no spelling rule reaches (MYKOLA, NIKOLAY;
  // OLEKSIY, ALEKSEY), and the patronymics made from it (MYKOLAYOVYCH, NIKOLAYEVICH).
  const name = abjad ? null : givenNameOf(a.text);
  if (name !== null && name === givenNameOf(b.text)) return { score: 0.9, how: 'given_name' };
  return null;
}

/** One syllable: consonants, vowels, consonants (SONG, KANG, CHOL), as Korean and Chinese names write theirs. */
const SYLLABLE = /^[^AEIOU]+[AEIOUWY]+[^AEIOUY]+$/;

/**
 * Two syllables of four letters that differ in their first consonant only (SONG, YONG; MARK, PARK):
 * two syllables, not one mistyped, unless they sound alike (KIRK, CIRK; FINK, VINK). Those that
 * romanisations write so (TONG, DONG; KANG, GANG) agree before (`sameSyllable`).
 */
/**
 * Whether two words of the same length start alike for a typo: the same letter, or letters alike
 * (`ALIKE_CONSONANTS`, vowels). A first consonant written for an unlike one is another name in
 * any length (FERNANDEZ, HERNANDEZ); a letter added or left out in front is still a typo (AROUN,
 * HAROUN).
 */
function alikeStart(x: string, y: string): boolean {
  const [c, d] = [x[0] as string, y[0] as string];
  if (c === d || x.length !== y.length || (x.slice(1) !== y.slice(1) && x[1] !== y[1])) return true;
  return (
    (VOWEL.test(c) && VOWEL.test(d)) ||
    ALIKE_CONSONANTS.some((group) => group.includes(c) && group.includes(d))
  );
}

/** Words shorter than this are another name when one consonant of them is another (`slightEdit`). */
const SHORT_TYPO = 7;
const VOWEL = /[AEIOUY]/;

/**
 * Consonants that spellings of one name write for each other: voiced and voiceless, B and V, C as K
 * or S, J as Z or G, M and N, L and R (ABDUL, ABDUR), D and Z for Arabic ض and ظ (RIDWAN, RIZWAN),
 * X and J in Spanish (XIMENEZ, JIMENEZ), C and J in Turkish (CENGIZ, JENGIZ), X and S in
 * Vietnamese (XUAN, SUAN).
 */
const ALIKE_CONSONANTS = ['BPVWF', 'DT', 'GKQC', 'CSZ', 'JZ', 'GJ', 'MN', 'LR', 'DZ', 'XJ', 'CJ', 'XS'];
const TA_MARBUTA: Readonly<Record<string, true>> = { TH: true, HT: true };

/**
 * Whether the one edit between two words is slight: anything but one consonant written for
 * another unlike it, which makes a short word another name (FOMIN, FOKIN; CARTER, CARVER; HANSEN,
 * JANSEN).
 */
function slightEdit(x: string, y: string): boolean {
  if (x.length === y.length) {
    const at = [...x].findIndex((c, i) => c !== y[i]);
    if (at < 0) return true;
    if (x[at + 1] === y[at] && y[at + 1] === x[at]) return true;
    const [c, d] = [x[at] as string, y[at] as string];
    // Arabic's ة at the end written T or H (UMMAT, UMMAH).
    if (at === x.length - 1 && c + d in TA_MARBUTA) return true;
    return (
      VOWEL.test(c) ||
      VOWEL.test(d) ||
      ALIKE_CONSONANTS.some((group) => group.includes(c) && group.includes(d))
    );
  }
  return true;
}

function otherSyllable(a: NameToken, b: NameToken): boolean {
  const [x, y] = [a.text, b.text];
  return (
    x.length === 4 &&
    y.length === 4 &&
    x.slice(1) === y.slice(1) &&
    a.phonetic[0] !== b.phonetic[0] &&
    SYLLABLE.test(x) &&
    SYLLABLE.test(y)
  );
}

/**
 * Two syllables voiced alike; against one written in Hangul, also as Korean is romanised: family
 * names as usually spelt, a final consonant voiced or not, ㅓ as O or as U (`koreanSyllable`).
 */
function sameSyllable(a: NameToken, b: NameToken): boolean {
  const [x, y] = [a.forms, b.forms];
  if (x.voiced === '' || y.voiced === '') return false;
  if (x.voiced === y.voiced) return true;
  if (!a.korean && !b.korean) return false;
  const [ka, kb] = [koreanSyllable(a.text), koreanSyllable(b.text)];
  return ka === kb || koreanSyllableU(a.text) === kb || ka === koreanSyllableU(b.text);
}

/**
 * A Latin spelling of an Arabic name writes ز then ه as ZH (AZHAR, MAZHAR), which a Latin word's
 * skeleton reads as the Cyrillic Ж: against a word written in an abjad, it is read as two letters.
 */
function abjadReading(a: NameToken, b: NameToken): boolean {
  const [word, other] = a.abjad ? [b, a] : [a, b];
  return !word.abjad && word.text.includes('ZH') && skeleton(word.text, true) === other.skeleton;
}

/**
 * How a word starts, read as loosely as `NameToken.loose`: a vowel (J, Y, and V and W, which
 * Belarusian writes U: ULADZIMIR, VLADIMIR), or its first consonant (G, H and KH alike; GH and Q).
 */
const looseStart = (t: NameToken) => (/^[AEIOUYJVW]/.test(t.text) ? 'A' : (t.loose[0] ?? ''));

/** A word with its vowels read as `compareTokens` reads Arabic names' vowels (E kept: A or I). */
const arabicVowels = remembered((word: string) =>
  word
    .replace(/AY|AI|EI|EY/g, 'I')
    .replace(/O/g, 'U')
    .replace(/(?<=[^AEIOU])Y$/, 'I')
    .replace(/([AEIU])H$/, '$1')
    .replace(/(.)\1/g, '$1'),
);

/** The vowels between a word's consonants, its first and last ones apart (HUSAYN: U, AY). */
const innerVowels = remembered((word: string) =>
  word
    .replace(/^Y(?=[AEIOU])/, 'J')
    .split(/[^AEIOUY]+/)
    .slice(1, -1),
);
const LONG_I = /EE|AI|AY|EI|EY/;

/**
 * Whether two words with the same consonants differ by a vowel between them that is A in one (A,
 * AA) and a long I or a diphthong in the other (EE, AI, AY, EI, EY): Arabic writes the second
 * with a letter, the first not, and the two are other names. A single I or E is left alone: Arabic
 * does not write the short vowels, so their spellings differ (MISR, MASR; JIBRIL, JABRIL).
 */
function otherInnerVowel(x: string, y: string): boolean {
  const [vx, vy] = [innerVowels(x), innerVowels(y)];
  if (vx.length !== vy.length || withoutVowels(x) !== withoutVowels(y)) return false;
  // Letters swapped (ORGANIZAITON, BAASYIR) and a letter of the diphthong left out (FAISAL, FASAL;
  // ZAINAB, ZANAB) are a typo, not another vowel.
  if ([...x].sort().join('') === [...y].sort().join('')) return false;
  if (Math.abs(x.length - y.length) === 1 && editDistance(x, y, 1) <= 1) return false;
  return vx.some((v, i) => {
    const w = vy[i] as string;
    return (/^A+$/.test(v) && LONG_I.test(w)) || (/^A+$/.test(w) && LONG_I.test(v));
  });
}

/** A word's letters without its vowels and Y, in their order (read once per word). */
const withoutVowels = remembered((word: string) => word.replace(/[AEIOUY]/g, ''));

/** One syllable as Chinese and Korean names write it: consonants, one run of vowels, a final nasal or stop. */
const CJK_SYLLABLE = /^[^AEIOUY]{1,3}[AEIOUY]{1,3}(?:NG|[NMLKPT])?$/;

/** Vowels as front (I, Y, E) or back (O, U) and open (A): a word's vowel runs by their first letter. */
const VOWEL_CLASS: Readonly<Record<string, string>> = { I: 'F', Y: 'F', E: 'E', A: 'A', O: 'B', U: 'B' };
const vowelRuns = remembered((word: string) =>
  (word.replace(/^Y(?=[AEIOU])/, 'J').match(/[AEIOUY]+/g) ?? []).map(
    // A Y before another vowel is a glide (NGYUEN, NGUYEN); a Y alone says nothing (MYNG, MYONG).
    (run) => (run === 'Y' ? '' : (VOWEL_CLASS[run.replace(/^Y(?=[AEIOU])/, '')[0] as string] ?? '')),
  ),
);

/**
 * Whether two words with the same consonants have, in one place, I against O or U. A against O or U
 * is how Cantonese and Mandarin spell one character (WONG, WANG; TSOI, TSAI; LUM, LAM), unless one
 * of them is pinyin's own.
 */
function otherShortVowel(x: string, y: string): boolean {
  if (withoutVowels(x) !== withoutVowels(y)) return false;
  const [vx, vy] = [vowelRuns(x), vowelRuns(y)];
  if (vx.length !== vy.length) return false;
  // Pinyin's own letters (ZH, X, Q) say both are Mandarin, where A and O are two syllables too
  // (ZHAO, ZHOU); Cantonese never writes them.
  const pinyin = PINYIN_ONLY.test(x) || PINYIN_ONLY.test(y);
  return vx.some((c, i) => {
    const d = vy[i] as string;
    return (
      (c === 'B' && d === 'F') ||
      (d === 'B' && c === 'F') ||
      (pinyin && ((c === 'B' && d === 'A') || (d === 'B' && c === 'A')))
    );
  });
}
const PINYIN_ONLY = /^(?:ZH|X|Q)/;

/**
 * Two words read by `arabicVowels` agree letter by letter, an E with an I, and with an A once, not
 * as the first letter (WEHBE, WAHBI; AMEEN and EMAN, AMER and EMIR are other names).
 */
function sameArabicVowels(x: string, y: string): boolean {
  if (x.length !== y.length) return false;
  let fatha = 0;
  for (let i = 0; i < x.length; i++) {
    const [c, d] = [x[i] as string, y[i] as string];
    if (c === d) continue;
    const pair = c + d;
    if (pair === 'EI' || pair === 'IE') continue;
    if ((pair === 'EA' || pair === 'AE') && i > 0 && fatha++ === 0) continue;
    return false;
  }
  return true;
}

/**
 * Letters of an Arabic-script (or Hebrew) name that Latin spellings write otherwise, read back from
 * the Latin word: G as ج (Egyptian: RAGAB, RAJAB) or as غ (LAAGOUB); Ç, written C, as ص or س
 * (French: FAYCAL, FAYSAL); a final CH or K as خ or Hebrew ך (German and French BARICH; FARROUK;
 * BARUK); V as ف, Arabic's letter for a foreign V (TORNAVIK, تورنافيك). Each is read where it
 * stands in the Latin word, so a CH inside it is not خ (BACHIR, French for بشير, is not بحري). Any
 * other consonant is another name's (طاهر and TAMER; سهيل and SAMI).
 */
const READ_BACK: ReadonlyArray<[RegExp, string]> = [
  [/G/g, 'J'],
  [/G/g, 'GH'],
  [/C(?=[AOU])/g, 'S'],
  [/(?:CH|K)$/, 'KH'],
  // V as ف, which Arabic writes for a foreign V (TORNAVIK, تورنافيك).
  [/V/g, 'F'],
];

/**
 * An abjad's word and a Latin one whose consonants are one apart: the Latin word read back
 * (`READ_BACK`) has the abjad word's, or the two differ by an H added, left out or moved by one
 * place (any-ascii runs ط ه into TH; چوہدری, CHWHDRY, SHDR; CHAUDHRY, SDHR).
 */
function oneConsonantWrittenOtherwise(a: NameToken, b: NameToken): boolean {
  const [x, y] = [a.skeleton, b.skeleton];
  if (
    Math.abs(x.length - y.length) <= 1 &&
    x.replace(/H/g, '') === y.replace(/H/g, '') &&
    editDistance(x, y, 2) <= 2
  )
    return true;
  if (a.abjad === b.abjad) return false;
  const [written, latin] = a.abjad ? [a, b] : [b, a];
  for (const [letters, as] of READ_BACK) {
    const read = latin.text.replace(letters, as);
    if (read === latin.text) continue;
    const consonants = skeleton(read, true);
    if (consonants === written.skeleton || consonants === written.skeletonAlt) return true;
  }
  return false;
}

/** What only Wade-Giles writes: HS, TS and TZ, CH before I, its syllables in J (pinyin R: JEN, JOU), -UNG, -IEN, -IH, YEH. */
export const WADE_GILES = /^(?:HS|TS|TZ)|^CH(?=I)|^J(?:ANG|AO|EN|ENG|IH|OU|UI|UAN)$|UNG$|IEN$|IH$|^YEH$/;
/**
 * A Chinese syllable as pinyin writes it, read from Wade-Giles without its apostrophes (so its
 * aspirated and plain consonants are one: CH'IEN and CHIEN, QIAN and JIAN), and pinyin read alike.
 */
export const pinyinKey = remembered((syllable: string) =>
  syllable
    .replace(/^HS/, 'X')
    .replace(/^(?:TS|TZ)/, 'Z')
    // CHIH is ZHI (or CHI); CH before another I is J (or Q).
    .replace(/^CH(?=IH$)/, 'ZH')
    .replace(/^CH(?=I)/, 'J')
    .replace(/^Q/, 'J')
    .replace(/^CH/, 'ZH')
    .replace(/^C(?!H)/, 'Z')
    .replace(/^J(?=ANG$|AO$|EN$|ENG$|IH$|OU$|UI$|UNG$|UAN$)/, 'R')
    .replace(/^K/, 'G')
    .replace(/^T/, 'D')
    .replace(/^P/, 'B')
    .replace(/UNG$/, 'ONG')
    .replace(/IEN$/, 'IAN')
    .replace(/IH$/, 'I')
    .replace(/^YEH$/, 'YE'),
);

/** Letters Belarusian Latin spellings have where Russian ones do not: ў (AU, EU, OU), DZ. */
const BELARUSIAN = /[AEO][UW](?![AEIOUY])|DZ/;
/**
 * A Slavic word's consonants with each run of vowels as one mark: ў read as V, DZ as D, G as H (Г
 * is H in Belarusian and Ukrainian), doubled letters once.
 */
const slavicFrame = remembered((word: string) =>
  word
    .replace(/DZ/g, 'D')
    .replace(/([AEO])[UW](?![AEIOUY])/g, '$1V')
    .replace(/W/g, 'V')
    .replace(/KH|GH|G/g, 'H')
    .replace(/[AEIOUY]+/g, '*')
    .replace(/(.)\1+/g, '$1'),
);

/** Letters that spell ق, ذ or ظ in Latin (one of the two words has one). */
const ARABIC_SPELLING = /Q|GH|DH|TH/;
const GERMAN_SPELLING = /W|J|(?<!S)CH/;
/** A word spelt as German and Polish write Slavic names, read as English does (SCH as SH, CH as KH, TSCH as CH, W as V, J as Y). */
const slavicReading = remembered((word: string) =>
  word
    // TSCH is Ч (KOWALTSCHUK), which English writes CH, read here as English CH is.
    .replace(/TSCH/g, 'CH')
    .replace(/SCH|SZ/g, 'SH')
    .replace(/(?<!S)CH/g, 'KH')
    .replace(/W/g, 'V')
    .replace(/J/g, 'Y')
    // -SKI, -SKIY, -SKYI, -SKY: one ending.
    .replace(/(?:IY|YI|Y)$/, 'I'),
);
/** A Slavic family name as German spells it: W, SCH or J in it, and a Slavic ending (-OW, -EW, -IN, -SKI). */
const GERMAN_SLAVIC = /^(?=.*(?:W|SCH|J)).*(?:[OE]W|[OE]WA|IN|INA|SKI|SKA)$/;
/** A Slavic name as German writes it, its S read as Z and its Z as TS (not SS, SH or TS). */
const germanSZ = remembered((word: string) => word.replace(/Z/g, 'TS').replace(/(?<![STZ])S(?![SH])/g, 'Z'));
/** An Armenian family name: -YAN, -IAN (-YANTS, -IANTS). */
const ARMENIAN_FAMILY_NAME = /^.{3,}[IY]ANT?S?$/;
/** Consonants with the voiced read as the voiceless (B as P, G as K, D as T). */
const unvoiced = remembered((consonants: string) =>
  consonants.replace(/B/g, 'P').replace(/G/g, 'K').replace(/D/g, 'T'),
);

/** What French spellings of Russian and Arabic names write: OU, TCH, an I for Y in front, GU before E or I. */
const FRENCH_SPELLING = /OU|TCH|^I[AEO](?=[^AEIOU])|GU[EI]/;
/**
 * A word spelt as French does, read as English spellings write it: I in front of a vowel as Y,
 * TCH as CH, CH as SH, OU as U, GU before E or I as G, J as ZH, SS between vowels as S, a final
 * -INE as -IN, a final OUI as WI (IOURI, YURI; TCHOUKOV, CHUKOV; CHOIGOU, SHOIGU; JOUKOV, ZHUKOV;
 * VASSILI, VASILI; POUTINE, PUTIN; QELBAOUI, QELBAWI).
 */
const frenchReading = remembered((word: string) =>
  word
    .replace(/^I(?=[AEOU])/, 'Y')
    .replace(/OUI$/, 'WI')
    .replace(/TCH/g, '%')
    .replace(/CH/g, 'SH')
    .replace(/%/g, 'CH')
    .replace(/OU/g, 'U')
    .replace(/GU(?=[EIY])/g, 'G')
    .replace(/J/g, 'ZH')
    .replace(/(?<=[AEIOUY])SS(?=[AEIOUY])/g, 'S')
    .replace(/INE$/, 'IN'),
);

/** A Y between vowels and a final Y, I or IY read as I (SHOYGU, SHOIGU; SERGEY, SERGEI; YURIY, YURI). */
const yAsI = (word: string) => word.replace(/(?<=[AEIOU])Y(?=[AEIOU])/g, 'I').replace(/[IY]+$/, 'I');

/** A word with GH read as G, and DZH and DJ as J. */
const ghAsG = remembered((word: string) => word.replace(/GH/g, 'G').replace(/DZH|DJ/g, 'J'));

/** A Latin word read as Hebrew letters write its sounds (`compareTokens`), Z as ז and as צ. */
export const hebrewReadings = remembered((word: string) => {
  const read = word.replace(/TZ/g, 'TS').replace(/CH/g, 'H').replace(/W/g, 'V').replace(/J/g, 'Y');
  const readings = read.includes('Z') ? [read, read.replace(/Z/g, 'TS')] : [read];
  // An F in front is פ, which a Hebrew word's start reads hard as P (Yiddish names: פרידמן, FRIEDMAN).
  return read.startsWith('F') ? [...readings, ...readings.map((r) => `P${r.slice(1)}`)] : readings;
});

const KOREAN_FAMILY_LATIN: Readonly<Record<string, string>> = {
  PARK: 'PARK',
  PAK: 'PARK',
  CHOI: 'CHOI',
  CHOE: 'CHOI',
};

/**
 * Compared only when the word ends as a Slavic family name does (`SLAVIC_ENDING`), so that
 * SJOBERG and SEEBERG, SAJED and SAYEED stay apart. A Slavic name read one way across the Latin spellings of English, German, Polish, Czech, French and
 * Belarusian: SZCZ, SHCH, SCH and STSCH as SHCH; TSCH, TCH, CZ and Č as CH; SZ as SH; W as V; a final
 * -FF, -OW or -EW as -OV, -EV (not Greek -OU: PETROU is not PETROV); C (not CH) as TS; KH as H; JO, YO, IO and JE, YE, IE after a
 * consonant as E (Ё, Е); J and Y between vowels left out; double letters once.
 */
/** The endings of Slavic family names and patronymics, as `slavicKey` reads them. */
const SLAVIC_ENDING = /(?:[OE]V|[OE]VA|IN|INA|SKI|SKY|SKA|TSKI|ENKO|UK|YUK|ICH|VICH|ETS)$/;
const slavicKey = remembered((word: string) =>
  word
    .replace(/SZCZ|STSCH|SHCH|SCH/g, 'Ш')
    .replace(/TSCH|TCH|CZ/g, 'Ч')
    .replace(/SZ|SH/g, 'Ш')
    .replace(/CH/g, 'Ч')
    .replace(/W/g, 'V')
    .replace(/FF$|(?<=[AEIOU])F$/, 'V')
    .replace(/C/g, 'TS')
    .replace(/X/g, 'KS')
    .replace(/KH/g, 'H')
    .replace(/(?<=[^AEIOU])[JYI]O(?=.)/g, 'E')
    .replace(/(?<=[^AEIOU])[JYI]E/g, 'E')
    .replace(/(?<=[AEIOU])[JY](?=[AEIOU])/g, '')
    .replace(/J/g, 'Y')
    .replace(/(.)\1/g, '$1'),
);

/** Somali's Latin alphabet: X for the Arabic ح (H), C for ع (which other spellings leave out), long vowels written twice. */
const SOMALI_X = /X(?=[AEO])|(?<=[AEIOU].{2,})X$/;
const SOMALI = /X(?=[AEO])|(?<=[AEIOU].{2,})X$|([AEIOU])\1|^C(?:ABD|ALI$|UMAR$)/;
/**
 * A word read as Somali spelling writes it, when it shows its signs: an X before A, E or O or at
 * the end of a longer word (MAXAMED, FAARAX; not the pinyin XIE, XUAN, nor MAX), a vowel written
 * twice, or CABD-, CALI, CUMAR; a C in front of a vowel is left out only in such a word (CALI; not
 * CORTEZ).
 */
export const somaliReading = remembered((word: string) =>
  SOMALI.test(word)
    ? word
        .replace(SOMALI_X.test(word) ? /X/g : /(?!)/g, 'H')
        .replace(/(^|[AEIOU])C(?=[AEIOU])/g, '$1')
        .replace(/([AEIOU])\1/g, '$1')
    : word,
);

/** What only the Indonesian and Malay spelling of before 1972 writes (Van Ophuijsen's, Dutch-based). */
const OLD_INDONESIAN = /OE|DJ|TJ|SJ/;
/**
 * A word in that spelling as it is written today: OE as U, DJ as J, TJ as C (or CH, as English
 * writes it), SJ as SY, NJ as NY, J as Y (SOEHARTO, SUHARTO; DJOKO, JOKO; JOESOEF, YUSUF).
 */
const indonesianReadings = remembered((word: string) => {
  const read = word
    .replace(/DJ/g, '#')
    .replace(/TJ/g, '%')
    .replace(/SJ/g, 'SY')
    .replace(/NJ/g, 'NY')
    .replace(/J/g, 'Y')
    .replace(/#/g, 'J')
    .replace(/OE/g, 'U');
  return read.includes('%') ? [read.replace(/%/g, 'C'), read.replace(/%/g, 'CH')] : [read];
});

/** A word with the Latin spellings of ق (Q, K, G, GH) and of ذ ظ (DH, TH, Z, D) each read as one letter. */
const arabicLetters = remembered((word: string) => word.replace(/GH|Q|G/g, 'K').replace(/DH|TH|DD|Z/g, 'D'));

const VOWEL_START = /^[AEIOUY]/;
/** Two words start alike: the same letter, both a vowel, or J written DJ (French DJAMEL, JAMAL). */
/**
 * Endings that make another name of a name: a family name made from another or from a given name
 * (SOKOLOV, SOKOLOVSKY; HOSSEIN, HOSSEINZADEH; BONDAR, BONDARENKO; IVAN, IVANOV), a feminine
 * (PETROV, PETROVA), a Latin one (PEGAS, PEGASUS). Not a final vowel, which spellings add or leave
 * out as often (VALERI, VALERII; POKLONSKA, POKLONSKAYA; SEDAGHAT, SEDAGHATI), nor an organisation's
 * endings (ISLAMIC, INDUSTRIAL).
 */
const NAME_ENDINGS = new Set([
  'US',
  'OV',
  'EV',
  'OVA',
  'EVA',
  'IN',
  'INA',
  'SKI',
  'SKY',
  'SKIY',
  'OVSKY',
  'OVSKI',
  'ZADEH',
  'ZADA',
  'ZAI',
  'OGLU',
  'YAN',
  'ENKO',
  'UK',
  'CHUK',
  'ICH',
  'OVICH',
  'EVICH',
]);

/** Whether one word is the other with one of `NAME_ENDINGS` added. */
function endingAdded(x: string, y: string): boolean {
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.length >= 3 && long.startsWith(short) && NAME_ENDINGS.has(long.slice(short.length));
}

const sameStart = (a: string, b: string) =>
  a[0] === b[0] ||
  (VOWEL_START.test(a) && VOWEL_START.test(b)) ||
  (a.startsWith('DJ') && b[0] === 'J') ||
  (b.startsWith('DJ') && a[0] === 'J');

const sharesCode = (a: readonly [string, string], b: readonly [string, string]) =>
  a[0] !== '' && (a[0] === b[0] || a[0] === b[1] || (a[1] !== '' && (a[1] === b[0] || a[1] === b[1])));

/**
 * Edits (insert, delete, substitute, swap two neighbours) from one word to the other, counted up to
 * `limit`; anything further is `limit + 1`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n] as number, limit + 1);
}
