/**
 * A name read into the tokens the matcher aligns (docs/screening.md): every script transliterated
 * to Latin letters (any-ascii), case and punctuation gone, "FAMILY, Given" turned round, joined
 * camel-case words split (`AcmeAG`), digits written for letters read as letters (`B0r1s`), numbers
 * written as words or ordinals read as numbers, joining words and name particles set aside, and
 * legal forms at either end taken out as their kind (legal-forms.ts).
 */
import { createRequire } from 'node:module';
import anyAscii from 'any-ascii';
import { doubleMetaphone } from 'double-metaphone';
import { BURMESE, burmeseSyllables } from './burmese.ts';
import { type CantoneseSegment, cantoneseSegments } from './cantonese.ts';
import { kanaLatin } from './kana.ts';
import { LONGEST_LEGAL_FORM, ONLY_AT_THE_END, spellingsAround, spellingsEndingWith } from './legal-forms.ts';
import { numberValue, tensAndUnits } from './numbers.ts';
import { remembered } from './remembered.ts';

export type TokenKind = 'word' | 'number' | 'initial';

export type NameToken = {
  /** Upper-case Latin letters, or the digits of a number. */
  text: string;
  kind: TokenKind;
  /** Written in another script and transliterated. */
  transliterated: boolean;
  /** Written in a script that leaves out short vowels (Arabic, Hebrew): only its consonants compare. */
  abjad: boolean;
  /** Consonant skeleton (transliteration spellings agree on it: MOKHAMMAD and MUHAMMED are MHMD). */
  skeleton: string;
  /** For a word written in an abjad, its skeleton as Persian and Urdu read it (ث as S; ذ ض ظ as Z). */
  skeletonAlt: string;
  /**
   * The skeleton with the letters transliteration systems swap read alike: G and H (Cyrillic Г is
   * H in Ukrainian and Belarusian: HRYHORY, GRIGORY), DZ and D (Belarusian DZMITRY), a J
   * at the start and none (German and Slavic J for Y: JOSEF, YOSEF), GH and Q (Persian ق: GHASEMI,
   * QASEMI), DH and Z (KADHIM, KAZIM).
   */
  loose: string;
  /**
   * The word with vowel digraphs read as one (MOON, MUN); as a syllable voiced at its start (words
   * of five letters or fewer, else empty: Korean CHONG, JONG; Wade-Giles TAO, pinyin DAO); without
   * an English plural or adjective ending (INDUSTRIES, INDUSTRIAL: INDUSTR).
   */
  forms: { plain: string; voiced: string; stem: string };
  /** Read from Hangul: its syllables are compared as Korean is romanised (`koreanSyllable`). */
  korean?: boolean;
  /** Read from Hebrew: a Latin word is read back as Hebrew letters write it (compare-tokens.ts). */
  hebrew?: boolean;
  /** Read from Han characters in Cantonese: compared as Hong Kong's spellings agree (`cantoneseSyllable`). */
  cantonese?: boolean;
  /** Read from kana: compared with a Latin word as kana write foreign names (`sameAsKana`). */
  kana?: boolean;
  /** A syllable of a script written without spaces (Han, kana, Hangul): up to five pair with one Latin word. */
  syllable?: boolean;
  /** Double Metaphone codes (primary, alternate). */
  phonetic: readonly [string, string];
  /**
   * For words joined to others: the word as written and without an Arabic article joined to it
   * (ALTIKRITI, TIKRITI; ABDALSAMAD, ABDSAMAD), and the word an article ends (ABDUL: ABD).
   */
  joined: {
    spellings: string[];
    /** The consonants of each spelling. */
    skeletons: string[];
    front: string | null;
    /** The word without the article joined to its front, as a token of its own (ALHARAMAYN: HARAMAYN). */
    bare: NameToken | null;
    /** The word an article ends; `next`, an assimilated article's letter, which the next word starts with. */
    before: { text: string; skeleton: string; next?: string } | null;
  };
  /** An acronym of the other words of its own name (`Daedong Credit Bank (DCB)`): says nothing more. */
  acronym?: boolean;
  /**
   * A title or honorific that is also a name or an organisation's word (SAYYID, HAFIZ, GENERAL):
   * it aligns when both names have it; left over in front of a listed person's names, it says
   * nothing against them.
   */
  title?: boolean;
  /**
   * MV, MT or MY in front (a motor vessel, tanker or yacht): counts for nothing left over in front
   * of an organisation's or vessel's name; in a person's it is initials or a name (MV Rao, My Linh).
   */
  vesselPrefix?: boolean;
  /**
   * Another reading of a word written in Cyrillic, as a foreign name spelt in it reads (ДЖОН as JON,
   * ХО as HO); of one written in Greek, as it is spoken (ΝΤΟΡΑ as DORA, ΠΑΥΛΟΣ as PAVLOS).
   */
  foreign?: NameToken;
};

export type PreparedName = {
  name: string;
  tokens: NameToken[];
  /** Legal forms found at either end, by kind (`LLC`, `JSC`, …). */
  legalForms: string[];
  /** The legal forms as written (transliterated), for the explanation. */
  legalFormText: string[];
  /**
   * The name's letters and digits alone, in Latin letters and upper case: two writings of one name
   * that differ only in where its words break (`NOVE-AD-HOLDING AD`, `NOVEADHOLDING AD`) have the same.
   */
  compact: string;
  /**
   * A name written in Han characters, read as Korean reads them (Hanja: 金正恩 as 김정은, KIM JONG
   * UN), where any-ascii reads them in Mandarin (JIN ZHENG EN). Compared as a second reading.
   */
  korean?: PreparedName;
  /**
   * A name written in Han characters, read in Cantonese as Hong Kong spells names (李嘉誠 as LEE KA
   * SHING, cantonese.ts). Compared as a second reading.
   */
  cantonese?: PreparedName;
};

/**
 * Vietnamese family names that no other language's names share, and the letters only Vietnamese
 * writes (ă, ơ, ư, đ, and tones under a vowel): a name with either is Vietnamese.
 */
const VIETNAMESE_FAMILY_NAMES = new Set([
  'LE',
  'NGUYEN',
  'TRAN',
  'PHAM',
  'HOANG',
  'HUYNH',
  'PHAN',
  'DANG',
  'BUI',
  'NGO',
  'DUONG',
  'TRINH',
  'DINH',
  'TRUONG',
  'LUONG',
  'DOAN',
  'VUONG',
  'QUACH',
]);
const VIETNAMESE_LETTERS = /[ăắằẳẵặơớờởỡợưứừửữựđĂẮẰẲẴẶƠỚỜỞỠỢƯỨỪỬỮỰĐạặậẹệịọộợụựỵảẩẳẻểỉỏổởủửỷẫẵẽễĩõỗỡũữỹ]/u;

/** Particles as katakana write them: アル (al), イブン (ibn), フォン (von); not ファン, also FAN and JUAN. */
const KANA_PARTICLES = new Set(['ARU', 'IBUN', 'FON']);

/** Words that join or qualify a name without naming anyone: set aside, not compared. */
const PARTICLES = new Set([
  'OF',
  'AND',
  'THE',
  'FOR',
  'DE',
  'DEL',
  'DELLA',
  'DA',
  'DI',
  'DO',
  'DOS',
  'DAS',
  'DU',
  'LA',
  'LE',
  'LES',
  'EL',
  'AL',
  'UL',
  'ET',
  'UND',
  'VAN',
  'VON',
  'DER',
  'DEN',
  // Son of, daughter of.
  'BIN',
  'BEN',
  'IBN',
  'BINT',
  // Son of in Tuareg names (`Iyad Ag Ghali`); at either end of a name AG is a legal form, taken first.
  'AG',
  // A generation's mark (Jr., Sr.) is left out as often as written.
  'JR',
  'JNR',
  'SR',
  'SNR',
  // Titles and honorifics name no one.
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
  'PROF',
  'SIR',
  'COLONEL',
  'SHEIKH',
  'SHAYKH',
  'SHEIK',
  'SHEKH',
  'HAJI',
  'HAJJI',
  'MAULAWI',
  'MAWLAWI',
  'MAULVI',
  'MAULAVI',
  'MULLAH',
  'MULLA',
  'IMAM',
  'DOCTOR',
  'HAJ',
  'HAJJ',
  'MUFTI',
  'QARI',
  'MAULANA',
  'MAWLANA',
  // In (`Ansar al-Sharia in Benghazi`).
  'IN',
]);

/**
 * Titles kept as words, since they are also given names or an organisation's words: a descendant
 * of the Prophet (SAYYID, SEYED, SYED, SHARIF is a name too), one who knows the Quran by heart
 * (HAFIZ), a landholder (CHAUDHRY), Burmese and Karen honorifics (DAW, PADOH), military ranks.
 */
const VESSEL_PREFIXES = new Set(['MV', 'MT', 'MY']);

const TITLES = new Set([
  'SAYYID',
  'SAYYED',
  'SAYED',
  'SAYID',
  'SEYED',
  'SEYYED',
  'SEYYID',
  'SYED',
  'SIDI',
  'HAFIZ',
  'HAFEZ',
  'CHAUDHRY',
  'CHAUDHARY',
  'CHOUDHRY',
  'CHOUDHARY',
  'DAW',
  'PADOH',
  'GENERAL',
  'MAJOR',
  'CAPTAIN',
  'LIEUTENANT',
  'BRIGADIER',
  'COMMANDER',
  'ADMIRAL',
  'MARSHAL',
  'SERGEANT',
  'ENGINEER',
  // Ranks and honorifics as often abbreviated or left out: Capt., Lt. Col., Brig.; Hindi
  // Shri and Smt., Thai Khun, West Africa's Alhaji (who made the pilgrimage), Iran's Ayatollah,
  // French and German forms of address.
  'CAPT',
  'LT',
  'COL',
  'BRIG',
  'MAJ',
  'SGT',
  'CHIEF',
  'SENIOR',
  'VICE',
  'SHRI',
  'SHREE',
  'SMT',
  'KHUN',
  'ALHAJI',
  'ALHAJJI',
  'ALHADJI',
  'ELHADJ',
  'HADJ',
  'AYATOLLAH',
  'AYATULLAH',
  'MME',
  'MLLE',
  'HERR',
  'SHAIKH',
]);

/**
 * Particles written in an abjad, read before transliteration (عمر is OMAR, not the title MR): son
 * of (بن, ابن, بنت; Hebrew בן, בת), in (في), and (و; Pashto او), Pashto's of (د, standing alone),
 * the pilgrim's title (حاجی, الحاج).
 */
const ABJAD_PARTICLES = new Set([
  'بن',
  'ابن',
  'بنت',
  'في',
  'فی',
  'و',
  'او',
  'د',
  'حاجی',
  'حاجي',
  'الحاج',
  'حاج',
  'اغ',
  'בן',
  'בת',
]);
/**
 * بن written joined to the name after it (بنحسين, BEN HASSINE): such a word is also read without it
 * (`NameToken.skeletonAlt`), when what follows is a name of four letters or more.
 */
const JOINED_BIN = /^بن(?=\p{Script=Arabic}{4,}$)/u;

/**
 * The Arabic article assimilated to the letter after it, written apart (`AR RAHMAN`, `ASH SHAM`,
 * `UR-RAHMAN`): set aside like AL when the next word starts with that letter.
 */
const ASSIMILATED_ARTICLE = /^[AEU](SH|[TDSZRN])$/;

/**
 * Abbreviations of a word written in full elsewhere: of a name (MOHD), and of the words companies
 * abbreviate (`Al-Omgy & Bros.`, `Sadid Eng. Co.`, `Yazd Ind's`); a legal form's word inside a name,
 * where it is not taken as a form, reads as written out (`Naftiran Intertrade Co. (NICO) Limited`).
 */
/** Countries' abbreviations that organisations' names write for the country's name (not ROK: Rok is a given name). */
const COUNTRY_ABBREVIATIONS: Readonly<Record<string, string>> = {
  DPRK: "Democratic People's Republic of Korea",
  PRC: "People's Republic of China",
  UAE: 'United Arab Emirates',
  KSA: 'Kingdom of Saudi Arabia',
  USSR: 'Union of Soviet Socialist Republics',
};
const COUNTRY_ABBREVIATION = new RegExp(
  `(^|[\\s(])(${Object.keys(COUNTRY_ABBREVIATIONS).join('|')})(?=$|[\\s).,])`,
  'giu',
);

/** Given names abbreviated with a full stop in Spanish, English and South Asian usage. */
const DOTTED_GIVEN_NAMES: Readonly<Record<string, string>> = {
  MA: 'MARIA',
  FCO: 'FRANCISCO',
  GMO: 'GUILLERMO',
  FDO: 'FERNANDO',
  WM: 'WILLIAM',
  CHAS: 'CHARLES',
  THOS: 'THOMAS',
  GEO: 'GEORGE',
  JAS: 'JAMES',
  BENJ: 'BENJAMIN',
  SAML: 'SAMUEL',
  MD: 'MUHAMMAD',
  // A rank: Gen. with its stop (Gen without one is a Japanese given name).
  GEN: 'GENERAL',
};
const DOTTED_GIVEN_NAME = new RegExp(
  `(^|\\s)(${Object.keys(DOTTED_GIVEN_NAMES).join('|')})\\.(?=\\s)`,
  'giu',
);

const ABBREVIATIONS: Record<string, string> = {
  MOHD: 'MOHAMMAD',
  MUHD: 'MUHAMMAD',
  MHD: 'MUHAMMAD',
  BROS: 'BROTHERS',
  INTL: 'INTERNATIONAL',
  MFG: 'MANUFACTURING',
  ENG: 'ENGINEERING',
  ENGG: 'ENGINEERING',
  DEPT: 'DEPARTMENT',
  NATL: 'NATIONAL',
  GOVT: 'GOVERNMENT',
  ASSN: 'ASSOCIATION',
  ASSOC: 'ASSOCIATION',
  MGMT: 'MANAGEMENT',
  SVCS: 'SERVICES',
  INDS: 'INDUSTRIES',
  TRDG: 'TRADING',
  HLDGS: 'HOLDINGS',
  INVT: 'INVESTMENT',
  INVTS: 'INVESTMENTS',
  CO: 'COMPANY',
  CORP: 'CORPORATION',
  LTD: 'LIMITED',
};

// The leading article of an Arabic word (ال), which Latin spellings write apart (`al-`) or not at all.
const ARABIC_ARTICLE = /^ال(?=\p{L}{2,})/u;
/** Persian ژ, which Latin spellings write J as often as ZH (NEJAD, NEZHAD), read as ج. */
const ZHE = /ژ/gu;
const TA_MARBUTA_END = /ة$/u;
// Tā' marbūṭa (ة), ending a word, is written -a, -ah or not at all in Latin spellings.
const TA_MARBUTA = /ة/gu;
const CASED = /[\p{Lu}\p{Ll}]/u;
const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{M}]/u;
const ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
/**
 * The Indic scripts (and Thai) leave the vowel every consonant carries unwritten, and any-ascii
 * leaves it out (नरेंद्र is NRENDR, NARENDRA): their words agree with Latin spellings on their
 * consonants, as every transliterated word does. Two letters need reading first. The anusvara (and
 * Gurmukhi's tippi) is the nasal of the consonant after it, which any-ascii always reads as M: it
 * is N (गांधी, GANDHI), and M only before P, PH, B, BH and M (the Indic blocks share one layout:
 * anusvara at offset 0x02, the labials at 0x2A to 0x2E).
 */
const ANUSVARA = /([\u0902\u0982\u0A02\u0A70\u0A82\u0B02\u0B82\u0C02\u0C82\u0D02])(.?)/gu;
/**
 * Thai marks a letter it does not sound with the thanthakhat (ประยุทธ์, PRAYUT): it is left out,
 * and so is a consonant between it and the final consonant of a short vowel (ั, ็) before them
 * (จันทร์, CHAN: ท and ร).
 */
const THAI_SILENT =
  /(?<=[\u0E31\u0E47][\u0E01-\u0E2E])[\u0E01-\u0E2E](?=[\u0E01-\u0E2E]\u0E4C)|\p{L}[\u0E31-\u0E3A\u0E47-\u0E4B]*\u0E4C/gu;
/**
 * Thai writes the vowels เ แ โ ใ ไ before the consonant they follow in speech (and before a
 * consonant and the R, L or W clustered with it: เปรม, PREM), which any-ascii reads in written
 * order (เวช, EWCH): they are moved after it.
 */
const THAI_PRE_VOWEL = /([\u0E40-\u0E44])([กขคตปพผ][รลว]|[\u0E01-\u0E2E])/gu;
function readAnusvara(word: string): string {
  return readNukta(word)
    .replace(INDIC_SH, 'sh')
    .replace(THAI_SILENT, '')
    .replace(THAI_PRE_VOWEL, '$2$1')
    .replace(ANUSVARA, (_, _sign: string, next: string) => {
      const offset = next === '' ? -1 : ((next.codePointAt(0) as number) - 0x0900) % 0x80;
      return (offset >= 0x2a && offset <= 0x2e ? 'm' : 'n') + next;
    });
}
/**
 * Devanagari श and ष and Bengali শ and ষ are SH as names are spelt (शाह, SHAH; শেখ, SHEIKH), where
 * any-ascii writes S. Bengali writes the Z of Persian and Arabic names with জ (J): a word holding
 * it is also read with Z (বেনজীর, BENAZIR; `NameToken.foreign`).
 */
const INDIC_SH = /[शषশষ]/gu;
const BENGALI_JA = /জ/u;
const BENGALI_JAS = /জ/gu;

/**
 * Devanagari writes the sounds of Persian and Arabic loanwords with a dot below a letter (the
 * nukta), which any-ascii leaves out: फ़ is F, not PH; ज़ is Z, not J; क़ Q, ख़ KH, ग़ GH, ड़ and ढ़
 * R and RH (हाफ़िज़, HAFIZ; अज़हर, AZHAR). Precomposed letters and letter-plus-nukta alike.
 */
const NUKTA: Record<string, string> = {
  क: 'q',
  ख: 'kh',
  ग: 'gh',
  ज: 'z',
  ड: 'r',
  ढ: 'rh',
  फ: 'f',
  य: 'y',
};
const NUKTA_LETTER = /([कखगजडढफय])\u093C|[\u0958-\u095F]/gu;
const readNukta = (word: string) =>
  word.replace(NUKTA_LETTER, (whole: string, letter: string | undefined) => {
    if (letter) return NUKTA[letter] ?? whole;
    const base = whole.normalize('NFD')[0] ?? '';
    return NUKTA[base] ?? whole;
  });

/**
 * Hebrew writes B and V, K and KH, P and F with one letter each (ב כ פ). At a word's start they are
 * read hard (בנימין, BINYAMIN; כהן, COHEN; פרס, PERES), after a vowel soft (יעקב, YAAKOV), and
 * any-ascii reads them soft everywhere; final forms (ך ף) are always soft. A word is also read
 * with every one of them hard and a yod in front as J (אברהם, ABRAHAM; יוסף, JOSEF), which
 * `NameToken.skeletonAlt` carries.
 */
const HEBREW = /\p{Script=Hebrew}/u;
const HANGUL = /\p{Script=Hangul}/u;
const HEBREW_HARD: Record<string, string> = { ב: 'b', כ: 'k', פ: 'p' };
/** ה is a letter of its own: it never makes a digraph with the letter before it (כהן, K-H-N, COHEN). */
const hebrewHe = (word: string) => word.replace(/(?<=.)ה/gu, 'eה');
const hebrewStart = (word: string) => hebrewHe(word.replace(/^[בכפ]/u, (c) => HEBREW_HARD[c] ?? c));
const hebrewHard = (word: string) =>
  hebrewHe(word.replace(/[בכפ]/gu, (c) => HEBREW_HARD[c] ?? c).replace(/^י/u, 'j'));

const KANJI_KANA =
  /(?<=\p{Script=Han})(?=[\p{Script=Hiragana}\p{Script=Katakana}])|(?<=[\p{Script=Hiragana}\p{Script=Katakana}])(?=\p{Script=Han})/gu;
const SMALL_TSU = /[ッっ]([\p{Script=Hiragana}\p{Script=Katakana}])/gu;

const LEET: Record<string, string> = { '0': 'O', '1': 'I', '3': 'E', '4': 'A', '5': 'S', '7': 'T', '8': 'B' };

type RawToken = {
  text: string;
  transliterated: boolean;
  abjad: boolean;
  persian?: string;
  foreign?: string;
  /** A syllable of a caseless script (Hangul 이, I): a word even when one letter long. */
  syllable?: boolean;
  korean?: boolean;
  hebrew?: boolean;
  cantonese?: boolean;
  kana?: boolean;
  /** Read from Han, kana or Hangul. */
  cjk?: boolean;
};

/**
 * A foreign name written in Cyrillic letters spells J as Дж and H as Х (Джон, Хо), which
 * transliterate back as DZH and KH: the word also read with J and H (`NameToken.foreign`).
 */
const CYRILLIC = /\p{Script=Cyrillic}/u;
const foreignReading = (latin: string) =>
  latin.replace(/D?DZH/g, (m) => (m.length === 4 ? 'DJ' : 'J')).replace(/KH/g, 'H');

/**
 * Greek read as it is spoken today, as most Latin spellings write it, where any-ascii writes it
 * letter by letter: ΜΠ, ΝΤ, ΓΚ at the start as B, D, G (ΝΤΟΡΑ, DORA; ΜΠΑΚΟΓΙΑΝΝΗ, BAKOYANNI) and
 * inside as MB, ND, NG (ΓΓ too: ΕΥΑΓΓΕΛΟΣ, EVANGELOS); ΑΥ, ΕΥ as AV, EV, or AF, EF before a
 * voiceless consonant (ΠΑΥΛΟΣ, PAVLOS); ΟΥ as OU; ΓΙ before a vowel as Y (ΓΙΑΝΝΗΣ, YIANNIS); Χ as
 * H (ΜΙΧΑΛΗΣ, MIHALIS); Η and Υ as I (ΣΠΥΡΟΣ, SPIROS). A word written in Greek is also read so
 * (`NameToken.foreign`).
 */
const GREEK = /\p{Script=Greek}/u;
/**
 * Thai names as many Latin spellings write them, from the Sanskrit and Pali the names come from
 * rather than as they are said: ช as J (and จ, as personal names write it: ใจดี, JAIDEE), ว as V, ภ as BH, ธ as DH, ษ and ศ as SH (เวชชาชีวะ,
 * VEJJAJIVA, where any-ascii writes WECHCHACHIWA). A word written in Thai is also read so
 * (`NameToken.foreign`).
 */
const THAI = /\p{Script=Thai}/u;
const THAI_INDIC: Record<string, string> = { ช: 'j', จ: 'j', ว: 'v', ภ: 'bh', ธ: 'dh', ษ: 'sh', ศ: 'sh' };
const thaiAsIndic = (word: string) => word.replace(/[ชจวภธษศ]/gu, (c) => THAI_INDIC[c] ?? c);
const GREEK_U_AFTER: Record<string, string> = { α: 'a', ε: 'e', η: 'i' };
const greekAsSpoken = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^μπ/u, 'b')
    .replace(/^ντ/u, 'd')
    .replace(/^γκ/u, 'g')
    .replace(/μπ/gu, 'mb')
    .replace(/ντ/gu, 'nd')
    .replace(/γκ|γγ/gu, 'ng')
    .replace(/([αεη])υ(?=[θκξπστφχψς]|$)/gu, (_, v: string) => `${GREEK_U_AFTER[v]}f`)
    .replace(/([αεη])υ/gu, (_, v: string) => `${GREEK_U_AFTER[v]}v`)
    .replace(/ου/gu, 'ou')
    .replace(/γι(?=[αεοω])/gu, 'y')
    .replace(/χ/gu, 'h')
    .replace(/[ηυ]/gu, 'i');

/**
 * ه and ح are letters of their own, but after ت ط ك غ س ص پ (an alif between, which any-ascii
 * leaves out) its TH, KH, SH, … read as one letter: طاهر as T-R, not TAHER's T-H-R; طه as T, not
 * TAHA's T-H. A word holding such a pair is also read with a vowel either side of the H
 * (`NameToken.skeletonAlt`), as Hebrew's ה is (`hebrewHe`).
 */
const ARABIC_H_AFTER = /(?<=[تطكغسصپ]ا?)[هح]/u;
const EVERY_ARABIC_H_AFTER = new RegExp(ARABIC_H_AFTER, 'gu');
const arabicHe = (word: string) => word.replace(EVERY_ARABIC_H_AFTER, 'e$&e');

/**
 * Arabic letters Persian and Urdu (and many Latin spellings) read otherwise: ث as S (SAQIB), ذ ض ظ
 * as Z (ZAHIR, ZIA, AZIM). A word holding one is also read this way (`NameToken.skeletonAlt`).
 */
const PERSIAN_READING: Record<string, string> = { ث: 'س', ذ: 'ز', ض: 'ز', ظ: 'ز' };
const PERSIAN_LETTERS = /[ثذضظ]/gu;
const HAS_PERSIAN_LETTER = /[ثذضظ]/u;

/** A word's Latin parts, as `prepareName` splits them. */
const latinParts = (latin: string) =>
  latin
    .replace(/['’`]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/);

export function prepareName(name: string): PreparedName {
  const prepared = readName(name);
  // A Japanese name (with kana) is read in neither Cantonese nor Korean.
  if (!HAN.test(name) || KANA.test(name)) return prepared;
  // Not a name of more Han characters than any name has (to-jyutping reads each).
  const cantonese =
    (name.match(HAN_ALL)?.length ?? 0) <= MOST_HAN ? readName(name, cantoneseSegments) : undefined;
  const read = cantonese && cantonese.tokens.length > 0 ? { ...prepared, cantonese } : prepared;
  // A person's name: a Chinese company's (有限公司) is not read in Korean.
  if (prepared.legalForms.length > 0) return read;
  const korean = readName(hanjaReading(name));
  return korean.tokens.length > 0 ? { ...read, korean } : read;
}

const HAN = /\p{Script=Han}/u;
const HAN_ALL = /\p{Script=Han}/gu;
const CJK = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const MOST_HAN = 40;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KATAKANA = /\p{Script=Katakana}/u;
const HIRAGANA = /\p{Script=Hiragana}/u;
const requireCjs = createRequire(import.meta.url);
type Hanja = { translate: (text: string, mode: 'SUBSTITUTION') => string };
let hanjaLibrary: Hanja | undefined;
/**
 * The `hanja` package (CommonJS, its functions under `default`), loaded at the first name in Han
 * characters: its tables take about 90 ms and 7 MB, which a process that never sees one is spared.
 */
const hanja = (): Hanja => (hanjaLibrary ??= requireCjs('hanja').default);

/**
 * Han characters read as Korean: each run of them a name, its first character the family name
 * (金 as 김, KIM, not 금, gold) and the rest the given name, each begun as South Korea writes a
 * word's first syllable (李 as 이, 良 as 양, 盧 as 노). North Korea's 리 and the rest are matched from
 * 이 as Hangul's are (`koreanSyllable`).
 */
function hanjaReading(name: string): string {
  return name.normalize('NFKC').replace(/\p{Script=Han}+/gu, (run) => {
    const [first = '', ...rest] = run;
    const family = first === '金' ? '김' : hanja().translate(first, 'SUBSTITUTION');
    return family + (rest.length > 0 ? hanja().translate(rest.join(''), 'SUBSTITUTION') : '');
  });
}

/**
 * A name read into tokens; `han`, given, reads a word's Han characters in Cantonese, in place of
 * any-ascii's Mandarin (`cantoneseSegments`): each segment a word of its own, the Cantonese ones
 * marked so.
 */
function readName(name: string, han?: (word: string) => CantoneseSegment[]): PreparedName {
  const raw: RawToken[] = [];
  // P/L is the Australian legal form PL (Proprietary Limited), not the initials P and L.
  const written = splitArabicCompounds(dropEzafe(turnRound(name)))
    // Hebrew's limited company, בע"מ, abbreviated with a gershayim or a quotation mark.
    .replace(/(^|\s)בע["״]מ(?=\s|$)/gu, '$1LTD')
    .replace(/\bP\/L\b/gi, ' PL ')
    // Japanese: kanji and kana apart (株式会社トルナビック), and the small tsu as the consonant
    // after it written twice (トルナビック, TORUNABIKKU).
    .replace(KANJI_KANA, ' ')
    .replace(SMALL_TSU, (_, kana: string) => (anyAscii(kana)[0] ?? '').toLowerCase() + kana)
    // Messrs (`M/S. Al Zarooni Exchange`) and a vessel's prefix (`M/V`, `M.V.`, `M/T`) in front.
    .replace(/^\s*(?:M\/S|MESSRS|M\/[VT]|M\.[VT])\.?(?=\s+[\p{L}\p{N}]{2})/iu, ' ')
    // Given names abbreviated with a full stop (Ma. Fernanda, Fco. Javier, Wm., Md.): the stop
    // tells them from a name (MA, a Chinese family name).
    .replace(
      DOTTED_GIVEN_NAME,
      (_, before: string, short: string) => `${before}${DOTTED_GIVEN_NAMES[short.toUpperCase()]} `,
    )
    // A vessel's prefix written out (Motor Yacht) or as M.Y., and No. or # before a vessel's number
    // (Ji Sung No. 6); MV, MT and MY without stops are marked (`NameToken.vesselPrefix`).
    .replace(/^\s*(?:M\.Y\.?|MOTOR (?:YACHT|VESSEL|TANKER))(?=\s+\S{2})/iu, ' ')
    .replace(/(?<=\S\s+)(?:NO\.?|#)\s*(?=[0-9])/giu, ' ')
    // A country's abbreviation written out as its name is (Bank of the DPRK).
    .replace(
      COUNTRY_ABBREVIATION,
      (_, before: string, short: string) => `${before}${COUNTRY_ABBREVIATIONS[short.toUpperCase()]}`,
    )
    // His (or Her) Excellency in front, as H.E., before two words or more (H.E. KHAIRY is initials).
    .replace(/^\s*(?:H\.\s?E\.|HIS EXCELLENCY|HER EXCELLENCY)(?=\s+\p{L}{2}[^\s]*\s+\p{L}{2})/iu, ' ')
    .split(/\s+/);
  const segments: ReadonlyArray<string | CantoneseSegment> = han
    ? written.flatMap((word): Array<string | CantoneseSegment> => (HAN.test(word) ? han(word) : [word]))
    : written;
  const lastWord = written.filter((w) => w !== '').at(-1);
  for (const segment of segments) {
    const [word, cantonese] =
      typeof segment === 'string' ? [segment, false] : [segment.text, segment.cantonese];
    if (word === '' || ABJAD_PARTICLES.has(word)) continue;
    const transliterated = NON_LATIN.test(word);
    const abjad = ABJAD.test(word);
    const hebrew = HEBREW.test(word);
    const read = hebrew ? hebrewStart(word) : readAnusvara(word);
    // Kana read in Hepburn; a word in katakana alone compared as a foreign name (hiragana write
    // Japanese words and names: おおた is not ODA).
    const kana = transliterated && !cantonese && KATAKANA.test(word) && !HIRAGANA.test(word);
    const latin = cantonese
      ? word
      : transliterated && KANA.test(word)
        ? kanaLatin(word)
        : transliterated
          ? anyAscii(read.replace(ARABIC_ARTICLE, '').replace(TA_MARBUTA, '').replace(ZHE, 'ج'))
          : anyAscii(word);
    // Camel case joins words (`AcmeAG`); a caseless script is read syllable by syllable, each
    // capitalised (Hangul's `GimJeongEun`, `IMyeongBag`); a cased script's transliteration
    // (Cyrillic Х as `Kh`) is not camel case.
    const syllables = (transliterated && !CASED.test(word)) || cantonese;
    const split = (
      syllables
        ? latin.replace(/([A-Za-z])(?=[A-Z])/g, '$1 ')
        : transliterated
          ? latin
          : latin.replace(/([a-z])(?=[A-Z][A-Za-z])/g, '$1 ')
    ).replace(/&/g, ' AND ');
    // Burmese syllable by syllable as its customary spellings write them, each a word (burmese.ts).
    const burmese = BURMESE.test(word) ? burmeseSyllables(word) : null;
    const parts = burmese ? burmese.plain : latinParts(split);
    // An Arabic word without its article and tā' marbūṭa, as it is read above, for its other readings.
    const bare = word.replace(ARABIC_ARTICLE, '').replace(TA_MARBUTA, '');
    const persian =
      abjad && HAS_PERSIAN_LETTER.test(word)
        ? latinParts(anyAscii(bare.replace(PERSIAN_LETTERS, (c) => PERSIAN_READING[c] ?? c)))
        : hebrew
          ? latinParts(anyAscii(hebrewHard(word)))
          : JOINED_BIN.test(word)
            ? latinParts(anyAscii(word.replace(JOINED_BIN, '')))
            : abjad && ARABIC_H_AFTER.test(word)
              ? latinParts(anyAscii(arabicHe(bare)))
              : abjad && TA_MARBUTA_END.test(word) && word !== lastWord
                ? // ة before another noun is read -AT (هيئة تحرير الشام, HAY'AT TAHRIR AL-SHAM).
                  latinParts(anyAscii(word.replace(ARABIC_ARTICLE, '').replace(TA_MARBUTA, 'ت')))
                : [];
    const cyrillic = CYRILLIC.test(word);
    const greek = burmese
      ? burmese.aspirated
      : GREEK.test(word)
        ? latinParts(anyAscii(greekAsSpoken(word)))
        : THAI.test(word)
          ? latinParts(anyAscii(thaiAsIndic(read)))
          : BENGALI_JA.test(word)
            ? latinParts(anyAscii(read.replace(BENGALI_JAS, 'z')))
            : [];
    parts.forEach((part, k) => {
      const alt = persian.length === parts.length ? persian[k] : undefined;
      for (const text of splitDigits(readDigits(part))) {
        const foreign = cyrillic
          ? foreignReading(text)
          : greek.length === parts.length
            ? (greek[k] as string)
            : text;
        raw.push({
          text,
          // A Cantonese reading is a spelling, not a transliteration: its vowels tell characters
          // apart (張 CHEUNG, 鍾 CHUNG).
          transliterated,
          abjad,
          persian: alt && alt !== text ? alt : undefined,
          foreign: foreign !== text ? foreign : undefined,
          syllable: syllables || undefined,
          korean: HANGUL.test(word) || undefined,
          hebrew: hebrew || undefined,
          cantonese: cantonese || undefined,
          kana: kana || undefined,
          cjk: cantonese || (transliterated && CJK.test(word)) || undefined,
        });
      }
    });
  }
  // Legal forms first (`S.A. DE C.V.` has a DE), then the particles (none read from an abjad: عمر
  // is OMAR, not the title MR).
  // A syllable read in Cantonese is never a legal form, and no syllable of Han, kana or Hangul is
  // one alone (沙, SA; 사, SA): only several together (有限公司, 주식회사).
  // A number written in two words (TWENTY ONE, THIRTY-FIRST) is one number.
  for (let i = raw.length - 2; i >= 0; i--) {
    const tens = raw[i] as (typeof raw)[number];
    const units = raw[i + 1] as (typeof raw)[number];
    const sum = tens.transliterated || units.transliterated ? null : tensAndUnits(tens.text, units.text);
    if (sum !== null) raw.splice(i, 2, { ...tens, text: sum });
  }
  const { rest, forms, formText } = takeLegalForms(
    raw.map((t) => (t.cantonese ? `${t.text}'` : t.text)),
    raw.map((t) => t.cjk === true),
  );
  const inner = raw.slice(forms.leading, forms.leading + rest.length);
  // Vietnamese: a letter only Vietnamese writes, or one of its family names first or last.
  const vietnamese =
    VIETNAMESE_LETTERS.test(name) ||
    VIETNAMESE_FAMILY_NAMES.has(raw[0]?.text ?? '') ||
    VIETNAMESE_FAMILY_NAMES.has(raw.at(-1)?.text ?? '');
  // A particle's neighbours as written, a legal form's words included (`X Y CIA S A S`: Y before CIA).
  const words = inner.filter(
    (t, i) =>
      t.abjad ||
      // VON transliterated is a name: Cyrillic writes von as ФОН, and ВОН is the Korean Won.
      (t.transliterated && t.text === 'VON') ||
      // A Vietnamese name has no particles: VAN is the middle name Văn, not Dutch van, and LE, DO, LA
      // family names.
      (vietnamese && t.text !== 'AND') ||
      !(
        particle(t.text, inner[i - 1]?.text, raw[forms.leading + i + 1]?.text) ||
        (t.foreign && PARTICLES.has(t.foreign)) ||
        (t.kana && KANA_PARTICLES.has(t.text))
      ),
  );
  const kept = words.length > 0 ? words : inner;
  const tokens = kept.map((t) => {
    const token = makeToken(
      (!t.transliterated && ABBREVIATIONS[t.text]) || t.text,
      t.transliterated,
      t.abjad,
      t.persian,
    );
    if (t.syllable && token.kind === 'initial') token.kind = 'word';
    if (t.syllable) token.syllable = true;
    if (t.korean) token.korean = true;
    if (t.hebrew) token.hebrew = true;
    if (t.cantonese) token.cantonese = true;
    if (t.kana) token.kana = true;
    return t.foreign ? { ...token, foreign: makeToken(t.foreign, true) } : token;
  });
  return {
    name,
    // Titles, and Muhammad in front of a given name (`Muhammad Zafar Iqbal`, `Zafar Iqbal`), which
    // many names carry and their other spellings leave out.
    tokens: markAcronyms(tokens, BRACKETED_END.exec(name)?.[1]?.toUpperCase()).map((t, i) =>
      TITLES.has(t.text) || (i === 0 && tokens.length >= 3 && t.skeleton === 'MHMD' && !t.abjad)
        ? { ...t, title: true }
        : i === 0 && tokens.length >= 2 && VESSEL_PREFIXES.has(t.text)
          ? { ...t, vesselPrefix: true }
          : t,
    ),
    legalForms: forms.kinds,
    legalFormText: formText,
    compact: anyAscii(name)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, ''),
  };
}

/**
 * A word that is the initials of a run of the name's other words (`Islamic Revolutionary Guard
 * Corps (IRGC)`, `Daedong Credit Bank (DCB)`) is marked: other names of the body leave it out.
 * The Arabic `and the` joined to a word (`Nusrat al-Islam wal-Muslimin (JNIM)`) has no initial in
 * the acronym.
 */
function markAcronyms(tokens: NameToken[], bracketed?: string): NameToken[] {
  return tokens.map((t, i) => {
    const n = t.text.length;
    // A word in brackets at the end may also take the first letters of each word, not only its
    // initial (`Korea Mining Development Trading Corporation (KOMID)`: KO, MI, D).
    if (t.kind === 'word' && t.text === bracketed && i === tokens.length - 1 && n >= 3)
      for (let start = 0; start < i; start++)
        if (prefixesFrom(tokens, start, t.text, i)) return { ...t, acronym: true };
    if (t.kind !== 'word' || n < 2 || n > 6) return t;
    for (let start = 0; start + n <= tokens.length; start++) {
      if (initialsFrom(tokens, start, t.text, i)) return { ...t, acronym: true };
    }
    return t;
  });
}

/** A word alone in brackets at a name's end. */
const BRACKETED_END = /\(\s*(\p{L}{3,8})\s*\)\s*$/u;

/** Whether `acronym` is the first one to three letters of each of a run of words from `start`. */
function prefixesFrom(tokens: NameToken[], start: number, acronym: string, skip: number): boolean {
  if (acronym === '') return true;
  const t = tokens[start];
  if (!t || start === skip || t.kind !== 'word') return false;
  for (let k = Math.min(3, acronym.length, t.text.length); k >= 1; k--)
    if (t.text.startsWith(acronym.slice(0, k)) && prefixesFrom(tokens, start + 1, acronym.slice(k), skip))
      return true;
  return false;
}

const ACRONYM_SKIPS = new Set(['WAL', 'VAL', 'WA']);

/** Whether the words from `start` on, leaving out `skip` and a joined `wal-`, begin with the letters of `acronym`. */
function initialsFrom(tokens: NameToken[], start: number, acronym: string, skip: number): boolean {
  let k = 0;
  for (const [j, r] of tokens.entries()) {
    if (j < start) continue;
    if (k === acronym.length) break;
    if (j === skip || r.kind !== 'word') return false;
    if (r.text[0] === acronym[k]) k++;
    else if (!(k > 0 && ACRONYM_SKIPS.has(r.text))) return false;
  }
  return k === acronym.length;
}

export function makeToken(text: string, transliterated = false, abjad = false, persian?: string): NameToken {
  const value = numberValue(text);
  if (value !== null) {
    const joined = { spellings: [value], skeletons: [value], front: null, bare: null, before: null };
    return {
      text: value,
      kind: 'number',
      transliterated,
      abjad,
      skeleton: value,
      skeletonAlt: value,
      loose: value,
      forms: { plain: value, voiced: '', stem: value },
      phonetic: [value, value],
      joined,
    };
  }
  const consonants = skeleton(text, abjad);
  return {
    text,
    kind: text.length === 1 ? 'initial' : 'word',
    transliterated,
    abjad,
    skeleton: consonants,
    // A Latin word with ZH also keeps its consonants with Z and H apart, as an Arabic name's ز ه
    // (AZHAR, اظہر), not Cyrillic Ж.
    skeletonAlt: persian
      ? skeleton(persian, abjad)
      : !abjad && text.includes('ZH')
        ? skeleton(text, true)
        : consonants,
    loose: /GH|DH/.test(text) ? looseSkeleton(text, abjad) : loosen(consonants),
    forms: {
      plain: plainVowels(text),
      // Korean syllables written in Revised Romanisation run to six letters (GYEONG, HYEONG).
      voiced: text.length <= 5 || (text.length === 6 && /EO|EU/.test(text)) ? voiced(text) : '',
      stem: stem(text),
    },
    phonetic: doubleMetaphone(text) as [string, string],
    joined: joinedForms(text, abjad),
  };
}

// The article joined to a word, also assimilated to its first letter (ANNUR, ARRAHMAN, ABDURRAHMAN).
const ARTICLE = /^(?:[AEU]L(?=[A-Z]{3})|[AE](SH|[TDSZRN])(?=\1[A-Z]{2}))([A-Z]{3,})$/;
const ARTICLE_INSIDE = /^([A-Z]{2,}) (?:[AEU]L|UD|AD|ED|[AEU](SH|[TDSZRN])(?=\2))([A-Z]{3,})$/;
// The article ending a word, also assimilated to the next word's first letter (ZAKIUR RAHMAN).
const ARTICLE_AFTER = /^([A-Z]{3,})(?:UL|AL|EL|UR|US|UD|UZ|UN|UT|USH)$/;

/**
 * A word as written, and without an Arabic article joined to it at the front (ALMASHHADANI,
 * MASHHADANI) or inside (ABDALSAMAD, ABDSAMAD; SAIFALDIN, SAIFDIN).
 */
function withoutArticle(word: string): string[] {
  const out = [word];
  const front = ARTICLE.exec(word)?.[2];
  if (front) out.push(front);
  // The article inside at each place it could stand (JALALUDDIN: JAL-UDDIN and JALAL-DIN).
  for (let at = 2; at < word.length - 4; at++) {
    const inside = ARTICLE_INSIDE.exec(word.slice(0, at) + ' ' + word.slice(at));
    if (inside && !out.includes(`${inside[1]}${inside[3]}`)) out.push(`${inside[1]}${inside[3]}`);
  }
  return out;
}

function joinedForms(text: string, abjad: boolean): NameToken['joined'] {
  const spellings = withoutArticle(text);
  const front = ARTICLE.exec(text)?.[2] ?? null;
  return {
    spellings,
    skeletons: spellings.map((w) => skeleton(w, abjad)),
    front,
    bare: front ? makeToken(front) : null,
    before: articleAfter(text),
  };
}

/** The word an article ends (ABDUL, ABDEL: ABD, then the article of the next word). */
function articleAfter(word: string): { text: string; skeleton: string; next?: string } | null {
  const found = ARTICLE_AFTER.exec(word);
  const before = found?.[1];
  if (!found || !before) return null;
  // An assimilated article (UR, US, …) stands only before a word starting with its letter.
  const article = word.slice(before.length);
  return {
    text: before,
    skeleton: skeleton(before),
    next: article.endsWith('L') ? undefined : article.slice(1),
  };
}

/**
 * A word set aside: a particle or title; the Spanish Y (and) between two words, not initials
 * (`Delos Reyes y Semborio`, `X y Cia`); an assimilated article.
 */
function particle(word: string, before: string | undefined, after: string | undefined): boolean {
  if (PARTICLES.has(word)) return true;
  if (word === 'Y') return (before?.length ?? 0) >= 2 && (after?.length ?? 0) >= 2;
  return assimilatedArticle(word, after ?? '');
}

/** AR before RAHMAN, ASH before SHAMS: an article, not a word. */
function assimilatedArticle(word: string, next: string): boolean {
  const letter = ASSIMILATED_ARTICLE.exec(word)?.[1];
  return letter !== undefined && next.length > letter.length + 1 && next.startsWith(letter);
}

/**
 * The Persian and Urdu ezafe joining two words (`Bank-e Saman`, `Lashkar-i-Taiba`, `Mehr-e
 * Eqtesad-e Iranian`, `Tameer i-Nau`), which other spellings leave out: a lone E, I or YE tied
 * by a hyphen to a word.
 */
function dropEzafe(name: string): string {
  return name.replace(/(\p{L})-(?:E|I|YE)(?=[\s-]|$)/giu, '$1 ').replace(/(^|\s)(?:E|I)-(?=\p{L})/giu, '$1');
}

/**
 * Arabic compound names written as one word: عبد joined to the article of the name after it
 * (عبدالحميد, Abd al-Hamid) or to the word before it (محمدعبد).
 */
function splitArabicCompounds(name: string): string {
  return name.replace(/(\p{Script=Arabic})(?=عبد)/gu, '$1 ').replace(/(^|\s)عبد(?=ال)/gu, '$1عبد ');
}

/** A word of letters and digits (`VABO2005`, `A320`) is two: the letters and the number. */
function splitDigits(token: string): string[] {
  if (token === '') return [];
  if (!/[0-9]/.test(token) || !/[A-Z]/.test(token) || /^[0-9]+(ST|ND|RD|TH)$/.test(token)) return [token];
  return token.match(/[A-Z]+|[0-9]+/g) ?? [token];
}

/**
 * "FAMILY, Given Other" (one comma, as lists write people) is read "Given Other FAMILY"; not when
 * what follows the comma is a legal form (`Delvest Holding, S.A.`, `Acme, Inc.`).
 */
function turnRound(name: string): string {
  const parts = name.split(',');
  if (parts.length !== 2) return name.replace(/,/g, ' ');
  const [family, given] = parts as [string, string];
  if (
    family.trim() === '' ||
    given.trim() === '' ||
    onlyLegalForms(latinParts(anyAscii(given)).filter(Boolean))
  )
    return name.replace(/,/g, ' ');
  return `${given.trim()} ${family.trim()}`;
}

/** Words that are legal forms and nothing else (`S A`, `C A LLC`). */
function onlyLegalForms(words: string[]): boolean {
  let end = words.length;
  if (end === 0) return false;
  while (end > 0) {
    const form = spellingsEndingWith(words[end - 1]).find(
      (f) => f.tokens.length <= end && f.tokens.every((t, k) => words[end - f.tokens.length + k] === t),
    );
    if (!form) return false;
    end -= form.tokens.length;
  }
  return true;
}

/** Letters written as digits in a word (`B0R1S`): read as the letters, when letters dominate. */
function readDigits(token: string): string {
  if (!/[0-9]/.test(token) || !/[A-Z]/.test(token)) return token;
  if (/^[0-9]+(ST|ND|RD|TH)$/.test(token)) return token;
  const letters = token.replace(/[^A-Z]/g, '').length;
  // Two digits together are a number (VABO2008), unless a letter written twice between letters
  // (N00R, NOOR).
  const together = token.replace(/(?<=[A-Z])([0-9])\1(?=[A-Z])/g, 'AA');
  if (letters < 2 || letters < token.length - letters || /[0-9]{2}/.test(together)) return token;
  const read = token.replace(/[0-9]/g, (d) => LEET[d] ?? d);
  return /[0-9]/.test(read) ? token : read;
}

/**
 * Legal forms at either end of the name, taken out (repeatedly: `CO LTD`), the longest spelling
 * first; never every word of the name.
 */
function takeLegalForms(
  words: string[],
  syllables: boolean[],
): {
  rest: string[];
  forms: { kinds: string[]; leading: number };
  formText: string[];
} {
  let start = 0;
  let end = words.length;
  const kinds: string[] = [];
  const formText: string[] = [];
  // A form spelt in single letters (`S A`, `L L C`) is not one when a further initial of the name
  // runs on from it (`S.A.M.A. JAMAL` is initials; a form already taken is not the name's:
  // `S.A. de C.V. S.A.`), nor when two stand in front of a single word: a person's initials
  // (`S.A. Qelbi`).
  // At the end, another form before it is not such an initial (`C.A. S.A.`, `S.A. DE C.V. S.A.`); in
  // front, initials stay a person's (`C.A. S.A. Perez`).
  const lone = (at: number) => at >= start && at < end && (words[at]?.length ?? 0) === 1;
  const initials = (tokens: string[]) => tokens.every((t) => t.length === 1);
  const formAt = (from: number, tokens: string[]) =>
    from >= start && from + tokens.length <= end && tokens.every((t, k) => words[from + k] === t);
  const formBefore = (at: number) =>
    spellingsEndingWith(words[at - 1]).some((f) => formAt(at - f.tokens.length, f.tokens));
  const fits = (at: number, tokens: string[]) =>
    tokens.every((t, k) => words[at + k] === t) &&
    !(tokens.length === 1 && syllables[at]) &&
    !(initials(tokens) && ((lone(at - 1) && !formBefore(at)) || lone(at + tokens.length)));
  const personInitials = (tokens: string[]) => tokens.length === 2 && initials(tokens) && end - start === 3;
  let found = true;
  while (found && end - start > 1) {
    found = false;
    // Only the spellings ending with the last word or starting with the first can fit.
    for (const form of spellingsAround(words[start], words[end - 1])) {
      const n = form.tokens.length;
      if (n > LONGEST_LEGAL_FORM || n >= end - start) continue;
      if (fits(end - n, form.tokens)) {
        end -= n;
      } else if (
        fits(start, form.tokens) &&
        !personInitials(form.tokens) &&
        !ONLY_AT_THE_END.has(form.tokens.join(' '))
      ) {
        start += n;
      } else continue;
      if (!kinds.includes(form.kind)) kinds.push(form.kind);
      formText.push(form.tokens.join(' '));
      found = true;
      break;
    }
  }
  return { rest: words.slice(start, end), forms: { kinds, leading: start }, formText };
}

/**
 * Vowels written as digraphs read as one (OO and OU as U, EE and IE as I), a final Y after a
 * consonant as I (ALY, ALI; DMITRY, DMITRI), doubled letters once.
 */
const plainVowels = (word: string) =>
  word
    .replace(/OO|OU/g, 'U')
    .replace(/EE|IE/g, 'I')
    .replace(/(?<=[^AEIOU])Y$/, 'I')
    .replace(/(.)\1/g, '$1');

/**
 * Korean family names as they are usually spelt in Latin letters, which follow neither
 * romanisation (이 is LEE, YI, RHEE, RI; 박 PARK; 최 CHOI; 안 AHN; 노 ROH): each reads as the
 * syllable any-ascii writes from the Hangul (I, BAG, CHOE, AN, NO) before it is voiced.
 */
const KOREAN_FAMILY_NAMES: Record<string, string> = {
  LEE: 'I',
  YI: 'I',
  RHEE: 'I',
  RHIE: 'I',
  RI: 'I',
  PARK: 'BAG',
  BAHK: 'BAG',
  CHOI: 'CHOE',
  CHOY: 'CHOE',
  OH: 'O',
  AHN: 'AN',
  ROH: 'NO',
  NOH: 'NO',
  SHIN: 'SIN',
  SOHN: 'SON',
  LIM: 'IM',
  RIM: 'IM',
  RYU: 'YU',
  LI: 'I',
  YOO: 'YU',
  WOO: 'U',
  RHO: 'NO',
  // 서, written SO by McCune-Reischauer.
  SUH: 'SEO',
  SO: 'SEO',
};

/**
 * A syllable as the romanisations of Korean and Chinese agree on it: its first consonant voiced
 * (CH as J, K as G, T as D, P as B: McCune-Reischauer CHONG, Revised JEONG; Wade-Giles TAO, pinyin
 * DAO), Korean ㅓ and ㅡ as McCune-Reischauer writes them (EO as O, EU as U: JEONG, JONG; EUN, UN),
 * a final consonant unvoiced (BAG, PAK), and Korean family names as usually spelt.
 */
const voiced = (syllable: string) =>
  plainVowels(syllable)
    .replace(/^CH|^TS/, 'J')
    .replace(/^K/, 'G')
    .replace(/^T/, 'D')
    .replace(/^P/, 'B')
    .replace(/EO/g, 'O')
    .replace(/EU/g, 'U');

/**
 * A syllable as it is compared with one written in Hangul (`NameToken.korean`): Korean family names
 * as usually spelt; an aspirated consonant written with an H (North Korea's THAEK, PHYONG: 택, 평)
 * as without; ㄹ at the start, which any-ascii writes L and spellings R, read as South Korea writes
 * it there (nothing before I and Y, else N: 류 RYU, YU; 룡 RYONG, YONG; 로 RO, NO); the syllable
 * voiced, its final consonant unvoiced (BAG, PAK); with `eoAsU`, ㅓ written U as many spellings do
 * (SEOK, SUK; JEON, JUN). Only against Hangul: read so everywhere, JOE would agree with CHOI and
 * LEO with LU.
 */
export const koreanSyllable = remembered((syllable: string) =>
  voiced(
    (KOREAN_FAMILY_NAMES[syllable] ?? syllable)
      .replace(/^([TKP])H/, '$1')
      .replace(/^[LR](?=[IY])/, '')
      .replace(/^[LR]/, 'N'),
  )
    .replace(/([^N])G$/, '$1K')
    .replace(/D$/, 'T')
    .replace(/B$/, 'P'),
);
export const koreanSyllableU = remembered((syllable: string) =>
  syllable.includes('EO') ? koreanSyllable(syllable.replace(/EO/g, 'U')) : '',
);

/** A word without an English plural or adjective ending. */
const stem = (word: string) => word.replace(/IES$/, 'Y').replace(/(?:ICAL|IAL|AL|ARY|IC|ES|S|Y)$/, '');

/** The skeleton's looser reading (`NameToken.loose`). */
export function looseSkeleton(word: string, abjad = false): string {
  // GH and Q both write the Persian ق (GHASEMI, QASEMI); DH writes ذ and ظ, which are also Z (KADHIM,
  // KAZIM).
  return loosen(skeleton(word.replace(/GH/g, 'Q').replace(/DH/g, 'Z'), abjad));
}

/** A skeleton read loosely: DZ as D, G as H, no J at the start. */
function loosen(consonants: string): string {
  const s = consonants.replace(/DZ/g, 'D').replace(/G/g, 'H').replace(/^J/, '');
  let out = '';
  for (const c of s) if (c !== out[out.length - 1]) out += c;
  return out;
}

/**
 * The consonants of a word as transliterations agree on them: vowels, Y, W and V dropped (Arabic
 * writes long vowels with و and ي; Cyrillic В is V or W), a final H dropped (MULLAH, MULLA), doubled
 * letters once, and
 * KH/GH and H, PH and F, TH and T, SH/CH and S, DJ/ZH and J, X and KS, C before E/I/Y and S, other
 * C and Q and K each read alike.
 */
export function skeleton(word: string, abjad = false): string {
  return abjad ? abjadSkeleton(word) : latinSkeleton(word);
}

const latinSkeleton = remembered((word: string) => readSkeleton(word, false));
const abjadSkeleton = remembered((word: string) => readSkeleton(word, true));

function readSkeleton(word: string, abjad: boolean): string {
  // A final H is silent (ABDULLAH, SARAH), and a final GH (SABBAGH, LEIGH), but not the H of KH (خ,
  // Х: FARRUKH, SHEIKH).
  const silentEnd = /KH$/.test(word) ? /(?!)/ : /(.)H$/;
  const s = word
    .replace(/KH|GH/g, 'H')
    .replace(/KH|GH/g, 'H')
    .replace(/PH/g, 'F')
    .replace(/TH/g, 'T')
    .replace(/SCH|SH|CH|TCH|TSH/g, 'S')
    // An abjad's Z then H (ز ح) are two letters, not the Cyrillic Ж, and so are its D then J (د ج:
    // محمدجواد, MOHAMMAD JAVAD); French DJ is J.
    .replace(abjad ? /^DJ/g : /DJ|DZH|ZH/g, 'J')
    .replace(/X/g, 'KS')
    .replace(/C(?=[EIY])/g, 'S')
    .replace(/[CQ]/g, 'K')
    .replace(silentEnd, '$1')
    .replace(/[AEIOUYWV]/g, '');
  let out = '';
  for (const c of s) if (c !== out[out.length - 1]) out += c;
  return out;
}
