/**
 * Japanese kana, and foreign names written in katakana (docs/screening.md). Japan writes a foreign
 * name as it sounds in kana, a vowel after every consonant but N, L as R, V as B (or ヴ), TI as
 * CHI, DI as JI, an H before a consonant as FU: Vladimir Putin is ウラジーミル・プーチン, URAJIMIRU
 * PUCHIN. Such a word is compared with a Latin one by their consonants as kana can write them
 * (`kanaConsonants`).
 */
import anyAscii from 'any-ascii';
import { remembered } from './remembered.ts';

/** Katakana as Hepburn writes them, from ァ (U+30A1) to ヶ (U+30F6); hiragana are read as katakana. */
const KATAKANA: Record<string, string> = {
  ア: 'a',
  イ: 'i',
  ウ: 'u',
  エ: 'e',
  オ: 'o',
  カ: 'ka',
  キ: 'ki',
  ク: 'ku',
  ケ: 'ke',
  コ: 'ko',
  ガ: 'ga',
  ギ: 'gi',
  グ: 'gu',
  ゲ: 'ge',
  ゴ: 'go',
  サ: 'sa',
  シ: 'shi',
  ス: 'su',
  セ: 'se',
  ソ: 'so',
  ザ: 'za',
  ジ: 'ji',
  ズ: 'zu',
  ゼ: 'ze',
  ゾ: 'zo',
  タ: 'ta',
  チ: 'chi',
  ツ: 'tsu',
  テ: 'te',
  ト: 'to',
  ダ: 'da',
  ヂ: 'ji',
  ヅ: 'zu',
  デ: 'de',
  ド: 'do',
  ナ: 'na',
  ニ: 'ni',
  ヌ: 'nu',
  ネ: 'ne',
  ノ: 'no',
  ハ: 'ha',
  ヒ: 'hi',
  フ: 'fu',
  ヘ: 'he',
  ホ: 'ho',
  バ: 'ba',
  ビ: 'bi',
  ブ: 'bu',
  ベ: 'be',
  ボ: 'bo',
  パ: 'pa',
  ピ: 'pi',
  プ: 'pu',
  ペ: 'pe',
  ポ: 'po',
  マ: 'ma',
  ミ: 'mi',
  ム: 'mu',
  メ: 'me',
  モ: 'mo',
  ヤ: 'ya',
  ユ: 'yu',
  ヨ: 'yo',
  ラ: 'ra',
  リ: 'ri',
  ル: 'ru',
  レ: 're',
  ロ: 'ro',
  ワ: 'wa',
  ヰ: 'i',
  ヱ: 'e',
  ヲ: 'o',
  ン: 'n',
  ヴ: 'vu',
  ヵ: 'ka',
  ヶ: 'ke',
};
/** Small vowels, which replace the vowel of the kana before them (ヴィ VI, ティ TI, ファ FA, ジェ JE). */
const SMALL_VOWELS: Record<string, string> = { ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o' };
/** Small YA, YU, YO, which join the kana before them (キャ KYA; シャ SHA, チョ CHO, ジュ JU). */
const SMALL_Y: Record<string, string> = { ャ: 'a', ュ: 'u', ョ: 'o' };

const HIRAGANA = /[\u3041-\u3096]/gu;
const toKatakana = (word: string) =>
  word.replace(HIRAGANA, (c) => String.fromCharCode((c.codePointAt(0) as number) + 0x60));

/**
 * A word's kana in Hepburn's letters, lower case as any-ascii writes kana, with the sounds small
 * kana make together read as one (ヴィ VI, not any-ascii's VUI; ジェ JE; キャ KYA), a small tsu as
 * the consonant after it written twice, the long-vowel mark left out; anything else as any-ascii
 * writes it.
 */
export function kanaLatin(word: string): string {
  let out = '';
  let double = false;
  let previous = '';
  // Half-width kana and a separate voiced mark as their full-width, voiced kana (ｶﾞ, カ゛: ガ).
  for (const c of toKatakana(
    word
      .normalize('NFKC')
      .replace(/\u309B/g, '\u3099')
      .normalize('NFC'),
  )) {
    const small = SMALL_VOWELS[c];
    const y = SMALL_Y[c];
    let read: string;
    if (small !== undefined && /[aeiou]$/.test(out)) {
      // ウ before a small vowel is a W (ウィ WI, ダーウィン DAWIN); any other kana gives up its vowel.
      out = previous === 'ウ' ? `${out.slice(0, -1)}w` : out.slice(0, -1);
      read = small;
    } else if (y !== undefined && /[ie]$/.test(out)) {
      // After SH, CH and J the Y is not written (シャ SHA); after any other consonant it is (キャ KYA,
      // デュ DYU).
      out = /(?:sh|ch|j)i$/.test(out) ? out.slice(0, -1) : `${out.slice(0, -1)}y`;
      read = y;
    } else if (c === 'ッ') {
      double = true;
      continue;
    } else if (c === 'ー') continue;
    // The iteration marks: the kana before, again (いすゞ, ISUZU; さゝき, SASAKI).
    else if (ITERATION[c] !== undefined) read = ITERATION[c](KATAKANA[previous] ?? '');
    else read = KATAKANA[c] ?? SMALL_VOWELS[c] ?? (y === undefined ? anyAscii(c) : `y${y}`);
    if (double && /^[bcdfghjkmnprstvwz]/.test(read)) read = read[0] + read;
    double = false;
    previous = c;
    out += read;
  }
  return out;
}

const VOICED: Record<string, string> = { k: 'g', s: 'z', t: 'd', h: 'b', f: 'b' };
const again = (before: string) => before;
const voicedAgain = (before: string) =>
  before
    .replace(/^(?:sh|ch)/, 'j')
    .replace(/^ts/, 'z')
    .replace(/^[kstfh]/, (c) => VOICED[c] ?? c);
const ITERATION: Record<string, (before: string) => string> = {
  ヽ: again,
  ゝ: again,
  ヾ: voicedAgain,
  ゞ: voicedAgain,
};

/**
 * A word's consonants as kana can write them, for a kana word against a Latin one: vowels, Y and a
 * final H after a vowel or N (Vietnamese MINH, ミン) left out; doubled letters once, before anything else; L and R alike;
 * B, V, W and F (ラブロフ for LAVROV; `kanaLetters` keeps them apart); T, CH and TS (チ for TI); D, J, ZH and DZ (ジ for DI); S, Z
 * and TH, and SH before I or a consonant (シ); K, C, Q and CK; G and GH; H and KH; an H before a
 * consonant as F (マフムード for MAHMOUD); N before B, P or M as M (ン: ハンブルク, HAMBURG;
 * ムハンマド, MUHAMMAD); an NG after a vowel, but before one, as N (チャン, ZHANG); X as KS.
 */
export const kanaConsonants = remembered((word: string) => kanaLetters(word).replace(/[VWF]/g, 'B'));

/**
 * A word's consonants as `kanaConsonants` reads them, but B, V, W and F apart, for `sameReading` to
 * compare: a Latin V is written バ, ヴ, ワ or, at the end, フ; a Latin W ワ or, in German and Polish
 * names, バ or ヴ; a B only バ; an F only フ.
 */
const kanaLetters = remembered((word: string) =>
  word
    // Doubled letters once (a small tsu doubles the consonant after it), before letters are read
    // alike: LARIJANI is not RADIN.
    .replace(/(.)\1/g, '$1')
    .replace(/TCH/g, 'CH')
    .replace(/X/g, 'KS')
    .replace(/PH/g, 'F')
    .replace(/GH/g, 'G')
    .replace(/C(?=[EIY])/g, 'S')
    .replace(/CK|CH(?=R|L)/g, 'K')
    .replace(/(?<=[AEIOU])NG(?![AEIOUY])/g, 'N')
    .replace(/(?<=[AEIOU])H$|(?<=N)H$/, '')
    .replace(/(?<=[AEIOU])H(?=[^AEIOUY])/g, 'F')
    .replace(/KH/g, 'H')
    // SH and S are one kana only before I (シ): シャ, SHA, is not サ, SA.
    .replace(/SC?H(?=[AEOU])/g, 'X')
    .replace(/TH|SH|SCH/g, 'S')
    .replace(/DZH|DZ|DJ|ZH|J/g, 'D')
    .replace(/CH|TS|TZ/g, 'T')
    .replace(/Z/g, 'S')
    .replace(/[CQ]/g, 'K')
    .replace(/L/g, 'R')
    .replace(/N(?=[BPM])/g, 'M')
    .replace(/[AEIOUY]/g, '')
    .replace(/MM/g, 'M'),
);

/** A word's vowels by class (O and U, E and I, and A; Y as I), a run of one class once. */
const vowels = (word: string) =>
  word
    .replace(/Y/g, 'I')
    .replace(/[^AEIOU]/g, '')
    .replace(/U/g, 'O')
    .replace(/I/g, 'E')
    .replace(/(.)\1+/g, '$1');

/**
 * A kana word without the vowels kana add to a foreign consonant: U after a consonant before
 * another (but N) or at the end (ZUBERUBANKU, ZBERBANK), O after T or D so (DOMITORI, DMITRI), a
 * final I after CH, SH or J (YANUKOVICHI).
 */
const withoutAddedVowels = (kana: string) =>
  kana
    .replace(/(?<=[BCDFGHJKMPRSTVZ])U(?=[BCDFGHJKLMPRSTVWZ]|$)/g, '')
    .replace(/(?<=[TD])O(?=[BCDFGHJKLMPRSTVWZ]|$)/g, '')
    .replace(/(?<=CH|SH|J)I$/, '');

/**
 * How many of `short`'s letters are missing from `long` when it is read in order (kana add a vowel
 * after every consonant, and take none away).
 */
function missing(short: string, long: string): number {
  let at = 0;
  let miss = 0;
  for (const c of short) {
    const found = long.indexOf(c, at);
    if (found < 0) miss++;
    else at = found + 1;
  }
  return miss;
}

/**
 * An H before a consonant, an R after a vowel and before a consonant or at the end, a W after a
 * vowel and before none, a V or W in front of a consonant.
 */
const H_BEFORE_CONSONANT = /(?<=[AEIOU])H(?=[^AEIOUY])/g;
const R_AFTER_VOWEL = /(?<=[AEIOU])R(?=[^AEIOUY]|$)/g;
const W_AFTER_VOWEL = /(?<=[AEIOU])W(?![AEIOUY])/g;
const V_IN_FRONT = /^[VW](?=[^AEIOUY])/;

/**
 * A katakana word against a Latin one: the same consonants as kana write them (`kanaConsonants`),
 * with the Latin word's vowels among the kana's in order, the first always there and one of three
 * or more missing at most (kana add vowels, and write some of an English name's otherwise), and a
 * short word's all there. The Latin word is also read as kana often write it: an English CH as K
 * (クリス, KURISU, CHRIS); KH as K (カーン, KAN, KHAN); an H before a consonant kept (アハメド,
 * AHAMEDO, AHMED) or left out (ジョンソン, JONSON, JOHNSON); an English R after a vowel left out
 * (ジョーダン, JODAN, JORDAN); an English W after a vowel left out (ブラウン, BURAUN, BROWN); a V or
 * W in front of a consonant written as the kana's first vowel (ウラジーミル, URAJIMIRU, VLADIMIR).
 */
export function sameAsKana(kana: string, latin: string): boolean {
  const k = kanaConsonants(kana);
  if (latinReadings(latin).some((reading) => sameReading(kana, k, reading))) return true;
  return (
    V_IN_FRONT.test(latin) && /^U/.test(kana) && sameReading(kana.slice(1), k, latin.replace(V_IN_FRONT, ''))
  );
}

/** A Latin word as kana often write it (`sameAsKana`), a V or W in front aside. */
const latinReadings = remembered((latin: string): readonly string[] => {
  const readings = [latin];
  const also = (read: string) => {
    if (read !== latin) readings.push(read);
  };
  also(latin.replace(/CH/g, 'K'));
  also(latin.replace(/KH/g, 'K'));
  also(latin.replace(H_BEFORE_CONSONANT, 'HA'));
  also(latin.replace(H_BEFORE_CONSONANT, ''));
  also(latin.replace(R_AFTER_VOWEL, ''));
  also(latin.replace(W_AFTER_VOWEL, ''));
  // A final G, D or B devoiced, as German and Russian say it (ハンブルク, HANBURUKU, HAMBURG).
  also(latin.replace(/[GDB]$/, (letter) => DEVOICED[letter] ?? letter));
  return Object.freeze(readings);
});

const DEVOICED: Record<string, string> = { G: 'K', D: 'T', B: 'P' };

/**
 * A Latin word's consonants as kana write them, for each way kana often write it (`sameAsKana`):
 * the keys by which the list index pairs it with a word in katakana.
 */
export const latinKanaKeys = remembered((latin: string): readonly string[] => {
  const keys = new Set(latinReadings(latin).map(kanaConsonants));
  if (V_IN_FRONT.test(latin)) keys.add(kanaConsonants(latin.replace(V_IN_FRONT, '')));
  return Object.freeze([...keys].filter((key) => key.length >= 2));
});

/** The kana's letters against the Latin word's, a Latin V or W read as kana write them. */
function sameLetters(kana: string, latin: string): boolean {
  if (kana.length !== latin.length) return false;
  for (let i = 0; i < kana.length; i++) {
    const [k, l] = [kana[i] as string, latin[i] as string];
    if (
      k !== l &&
      !(l === 'V' && (k === 'B' || k === 'W' || k === 'F')) &&
      !(l === 'W' && (k === 'B' || k === 'V' || k === 'F'))
    )
      return false;
  }
  return true;
}

function sameReading(kana: string, k: string, latin: string): boolean {
  if (kanaConsonants(latin) !== k || k.length === 0) return false;
  if (!sameLetters(kanaLetters(kana).replace(/V/g, 'B'), kanaLetters(latin))) return false;
  // An English final E, after another vowel, is not read (JOE, ジョー, JO).
  const vl = vowels(latin.replace(/(?<=[AEIOU][^AEIOU]*)E$/, ''));
  // Kana write an English I as AI (バイデン, BAIDEN, BIDEN) and OU as AU (バウト, BAUTO, BOUT).
  const readings = [kana, kana.replace(/AI/g, 'I'), kana.replace(/AU/g, 'OU')];
  return readings.some((reading) => sameVowels(reading, vl, latin, k));
}

/**
 * The Latin word's vowels `vl` among the kana's in order: the first always the kana's first, or,
 * where the Latin word begins with two consonants, the first vowel kana did not add (ZUBERUBANKU,
 * SBERBANK; DOMITORI, DMITRY); one of three or more missing at most; a short word's all there.
 */
function sameVowels(kana: string, vl: string, latin: string, k: string): boolean {
  // A Y after a consonant in kana is no vowel (キャ, KYA; ミュ, MYU).
  const vk = vowels(kana.replace(/(?<=[^AEIOU])Y/g, ''));
  if (vl === '' || vk === '') return k.length >= 2;
  const first = vl[0] as string;
  const cluster = /^[^AEIOUY]{2}/.test(latin);
  if (vk[0] !== first && !(cluster && vowels(withoutAddedVowels(kana))[0] === first)) return false;
  return missing(vl, vk) <= (vl.length >= 3 && k.length >= 3 ? 1 : 0);
}
