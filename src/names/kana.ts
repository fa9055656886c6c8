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
  for (const c of toKatakana(word)) {
    const small = SMALL_VOWELS[c];
    const y = SMALL_Y[c];
    let read: string;
    if (small !== undefined && /[aeiou]$/.test(out)) {
      // ウ before a small vowel is a W (ウィ WI); any other kana gives up its vowel.
      out = out.endsWith('u') && !/[a-z]u$/.test(out) ? `${out.slice(0, -1)}w` : out.slice(0, -1);
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
    else read = KATAKANA[c] ?? SMALL_VOWELS[c] ?? (y === undefined ? anyAscii(c) : `y${y}`);
    if (double && /^[bcdfghjkmnprstvwz]/.test(read)) read = read[0] + read;
    double = false;
    out += read;
  }
  return out;
}

/**
 * A word's consonants as kana can write them, for a kana word against a Latin one: vowels, Y and a
 * final H left out; L and R alike; B, V, W and F (ラブロフ for LAVROV); T, D, CH, TS, J, ZH and DZ
 * (チ for TI, ジ for DI); S, Z and TH, and SH before I or a consonant; K, G, GH, C, Q, CK; H and KH; an H before a consonant as F
 * (マフムード for MAHMOUD); an M before B or P as N (ン); X as KS; doubled letters once, before
 * any of that.
 */
export const kanaConsonants = remembered((word: string) =>
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
    .replace(/(?<=[AEIOU])H$/, '')
    .replace(/(?<=[AEIOU])H(?=[^AEIOUY])/g, 'F')
    .replace(/KH/g, 'H')
    // SH and S are one kana only before I (シ): シャ, SHA, is not サ, SA.
    .replace(/SC?H(?=[AEOU])/g, 'X')
    .replace(/TH|SH|SCH/g, 'S')
    .replace(/DZH|DZ|DJ|ZH|CH|TS|TZ|J/g, 'T')
    .replace(/Z/g, 'S')
    .replace(/D/g, 'T')
    .replace(/[CQG]/g, 'K')
    .replace(/[VWF]/g, 'B')
    .replace(/L/g, 'R')
    .replace(/M(?=[BP])/g, 'N')
    .replace(/[AEIOUY]/g, ''),
);

/** The vowels of a word, Y read as I. */
const vowels = (word: string) => word.replace(/Y/g, 'I').replace(/[^AEIOU]/g, '');

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

/** A vowel's class as spellings of one name swap them: O and U, E and I, A. */
const vowelClass = (v: string | undefined) => (v === 'U' ? 'O' : v === 'I' ? 'E' : v);

/** Whether `short` is `long` with letters left out (vowels: kana add one after every consonant). */
function within(short: string, long: string): boolean {
  let at = 0;
  for (const c of short) {
    at = long.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * A word read from kana against a Latin one: the same consonants as kana writes them
 * (`kanaConsonants`), three or more; or, from four, one left out or added (ウラジーミル writes
 * Vladimir's V as a vowel); a shorter word also with its vowels in the kana's (ALI, ARI; kana add a
 * vowel after each consonant, never take one away).
 */
export function sameAsKana(kana: string, latin: string): boolean {
  const k = kanaConsonants(kana);
  // The Latin word as read, with an English CH as K (マイケル, MAIKERU, MICHAEL), and with an H before
  // a consonant kept, where kana write it HA as well as FU (アハメド, AHAMEDO; アフマド, AFUMADO: AHMED).
  const readings = [latin];
  if (latin.includes('CH')) readings.push(latin.replace(/CH/g, 'K'));
  if (H_BEFORE_CONSONANT.test(latin)) readings.push(latin.replace(H_BEFORE_CONSONANT, 'HA'));
  return readings.some((reading) => sameReading(kana, k, reading));
}

const H_BEFORE_CONSONANT = /(?<=[AEIOU])H(?=[^AEIOUY])/g;

function sameReading(kana: string, k: string, latin: string): boolean {
  const l = kanaConsonants(latin);
  // The first vowel alike too (PUCHIN is PUTIN, not PATON), as O or U, E or I: the kana's first
  // or second vowel (マイケル, MAIKERU, MICHAEL), or the first of those kana did not add
  // (ZUBERUBANKU, SBERBANK); not where kana write a V or W in front as a vowel.
  const first = vowelClass(vowels(latin)[0]);
  const kanaVowels = vowels(kana);
  const firsts = [kanaVowels[0], kanaVowels[1], vowels(withoutAddedVowels(kana))[0]];
  const firstAlike = !first || kanaVowels === '' || firsts.some((v) => vowelClass(v) === first);
  if (k === l) {
    if (!firstAlike) return false;
    // A shorter word's vowels among the kana's, an English final E left out (ジョー, JO, JOE).
    return k.length >= 3 || (k.length >= 1 && within(vowels(latin.replace(/(?<=.)E$/, '')), kanaVowels));
  }
  // One consonant more in the Latin word, of those kana leave out: a V or W in front, which kana
  // write as a vowel (ウラジーミル, URAJIMIRU, VLADIMIR); an English R after a vowel, which they write
  // as a long vowel (ジョーダン, JODAN, JORDAN); an H before a consonant (ジョンソン, JONSON, JOHNSON).
  if (l.length !== k.length + 1) return false;
  const without = (letter: string) =>
    [...l].some((c, i) => c === letter && l.slice(0, i) + l.slice(i + 1) === k);
  return (
    (l.slice(1) === k && /^[VW]/.test(latin)) ||
    (firstAlike && (without('R') || (latin.includes('H') && without('B'))))
  );
}
