/**
 * Burmese names read syllable by syllable as Myanmar's customary spellings write them (docs/screening.md):
 * မင်းအောင်လှိုင်, MIN AUNG HLAING; စိုးဝင်း, SOE WIN; ဇော်မင်းထွန်း, ZAW MIN TUN. Each syllable of a
 * Burmese name is a name of its own, written apart in Latin letters. any-ascii reads the script letter by
 * letter (MN'EANLHIUN), which no Latin spelling resembles.
 *
 * A syllable is a consonant (or the vowel carrier အ, or an independent vowel) with its medials, vowel
 * signs and final consonant (a consonant marked with the asat ်); tone marks are left out. Aspirated
 * consonants are written without their H (ထ as T: TUN), the way most names on sanctions lists spell
 * them; `burmeseSyllables` also gives the spelling with it (HTUN), as a word's other reading.
 */

export const BURMESE = /\p{Script=Myanmar}/u;

const CONSONANTS: Readonly<Record<string, [string, string]>> = {
  က: ['K', 'K'],
  ခ: ['K', 'KH'],
  ဂ: ['G', 'G'],
  ဃ: ['G', 'G'],
  င: ['NG', 'NG'],
  စ: ['S', 'S'],
  ဆ: ['S', 'HS'],
  ဇ: ['Z', 'Z'],
  ဈ: ['Z', 'Z'],
  ည: ['NY', 'NY'],
  ဋ: ['T', 'T'],
  ဌ: ['T', 'HT'],
  ဍ: ['D', 'D'],
  ဎ: ['D', 'D'],
  ဏ: ['N', 'N'],
  တ: ['T', 'T'],
  ထ: ['T', 'HT'],
  ဒ: ['D', 'D'],
  ဓ: ['D', 'D'],
  န: ['N', 'N'],
  ပ: ['P', 'P'],
  ဖ: ['P', 'HP'],
  ဗ: ['B', 'B'],
  ဘ: ['B', 'B'],
  မ: ['M', 'M'],
  ယ: ['Y', 'Y'],
  ရ: ['Y', 'R'],
  လ: ['L', 'L'],
  ဝ: ['W', 'W'],
  သ: ['TH', 'TH'],
  ဟ: ['H', 'H'],
  ဠ: ['L', 'L'],
  အ: ['', ''],
};

/** Independent vowels, each a syllable of its own (ဦး, U: OO; ဥ, U; ဧ, E). */
const INDEPENDENT: Readonly<Record<string, string>> = {
  ဣ: 'I',
  ဤ: 'I',
  ဥ: 'U',
  ဦ: 'U',
  ဧ: 'E',
  ဩ: 'AW',
  ဪ: 'AW',
};

const ASAT = '\u103A';
const VIRAMA = '\u1039';
/** A syllable: a base letter, then anything that is not a base letter, or a base letter marked final. */
const SYLLABLE = new RegExp(
  `[\\u1000-\\u1021\\u1023-\\u102A](?:[\\u1000-\\u1021]\\u1037?[${ASAT}${VIRAMA}]|[\\u102B-\\u103E])*`,
  'gu',
);

/**
 * The rimes, by the vowel signs and final consonant written (medial W included), as customary
 * spellings write them; the longest first.
 */
const RIMES: ReadonlyArray<[RegExp, string]> = [
  [/^ောင်/u, 'AUNG'],
  [/^ောက်/u, 'AUK'],
  [/^ော်?/u, 'AW'],
  [/^ိုင်/u, 'AING'],
  [/^ိုက်/u, 'AIK'],
  [/^ို/u, 'O'],
  [/^ွန်|^ုန်/u, 'UN'],
  [/^ွမ်|^ုမ်/u, 'OUN'],
  [/^ွတ်|^ုတ်/u, 'UT'],
  [/^ွင်/u, 'WIN'],
  [/^ိန်|^ိမ်/u, 'EIN'],
  [/^ိတ်|^ိပ်/u, 'EIK'],
  [/^ိ|^ီ/u, 'I'],
  [/^ု|^ူ/u, 'U'],
  [/^ေ/u, 'E'],
  [/^ဲ/u, 'E'],
  [/^ယ်/u, 'E'],
  [/^ည်/u, 'I'],
  [/^ဉ်/u, 'IN'],
  [/^င်/u, 'IN'],
  [/^[နမ]်/u, 'AN'],
  [/^ံ/u, 'AN'],
  [/^[တပ]်/u, 'AT'],
  [/^က်/u, 'ET'],
  [/^စ်/u, 'IT'],
  [/^[ာါ]/u, 'A'],
];

/** A word in Burmese script as its syllables, each read without (`plain`) and with (`aspirated`) the H of an aspirate. */
export function burmeseSyllables(word: string): { plain: string[]; aspirated: string[] } {
  const plain: string[] = [];
  const aspirated: string[] = [];
  for (const syllable of word.match(SYLLABLE) ?? []) {
    const [base = '', ...rest] = [...syllable];
    const independent = INDEPENDENT[base];
    // Tone marks (့ း) and the visible virama say nothing of the letters, but a nasal final with
    // the creaky tone is written with a T (မြင့်, MYINT; ညွန့်, NYUNT).
    const creaky = rest.includes('\u1037');
    let tail = rest.join('').replace(/[\u1037\u1038\u1039]/gu, '');
    let onset: [string, string] = independent !== undefined ? ['', ''] : (CONSONANTS[base] ?? ['', '']);
    // Medials, in their written order: ျ and ြ as Y (KY, MY), ွ as W before a vowel sign (SWE),
    // ှ as SH after ရ or ယ (ရွှေ, SHWE) and an H in front of others (HL, HM, HN).
    if (/^[\u103B\u103C]/u.test(tail)) {
      // ချ is CH (ချစ်, CHIT), ဂျ is GY; others take a Y (KY, MY, PY).
      onset = base === 'ခ' ? ['CH', 'CH'] : [`${onset[0]}Y`, `${onset[1]}Y`];
      tail = tail.slice(1);
    }
    let w = '';
    if (tail.startsWith('\u103D') && !/^\u103D\u103E?(?:[နမတ]|\u1004)/u.test(tail)) {
      w = 'W';
      tail = tail.slice(1);
    }
    if (/^\u103D?\u103E/u.test(tail)) {
      const sh = base === 'ရ' || base === 'ယ';
      onset = sh ? ['SH', 'SH'] : [`H${onset[0]}`, `H${onset[1]}`];
      tail = tail.replace('\u103E', '');
    }
    onset = [onset[0] + w, onset[1] + w];
    const read = independent ?? (tail === '' ? 'A' : (RIMES.find(([sign]) => sign.test(tail))?.[1] ?? 'A'));
    const rime = creaky && /N$/.test(read) ? `${read}T` : read;
    plain.push(onset[0] + rime);
    aspirated.push(onset[1] + rime);
  }
  return { plain, aspirated };
}
