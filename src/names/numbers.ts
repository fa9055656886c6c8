/**
 * Numbers in names, however written: digits (`007` is 7), ordinals (`1st`, `First`), words
 * (`Three`, `Twenty`) and Roman numerals of two letters or more (`IV`, `XII`; not `XI` or `VI`,
 * which are also name syllables). Names that differ in a number name different parties.
 */
const WORDS = [
  'ZERO',
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
  'THIRTEEN',
  'FOURTEEN',
  'FIFTEEN',
  'SIXTEEN',
  'SEVENTEEN',
  'EIGHTEEN',
  'NINETEEN',
  'TWENTY',
];
const ORDINALS = [
  '',
  'FIRST',
  'SECOND',
  'THIRD',
  'FOURTH',
  'FIFTH',
  'SIXTH',
  'SEVENTH',
  'EIGHTH',
  'NINTH',
  'TENTH',
  'ELEVENTH',
  'TWELFTH',
  'THIRTEENTH',
  'FOURTEENTH',
  'FIFTEENTH',
  'SIXTEENTH',
  'SEVENTEENTH',
  'EIGHTEENTH',
  'NINETEENTH',
  'TWENTIETH',
];
const ROMAN = [
  'II',
  'III',
  'IV',
  'VII',
  'VIII',
  'IX',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
  'XVIII',
  'XIX',
  'XX',
];
const ROMAN_VALUES = [2, 3, 4, 7, 8, 9, 12, 13, 14, 15, 16, 17, 18, 19, 20];

const VALUES = new Map<string, string>();
for (const [i, w] of WORDS.entries()) VALUES.set(w, String(i));
for (const [i, w] of ORDINALS.entries()) if (w) VALUES.set(w, String(i));
for (const [i, w] of ROMAN.entries()) VALUES.set(w, String(ROMAN_VALUES[i]));
for (const [i, w] of ['THIRTY', 'FORTY', 'FIFTY', 'SIXTY', 'SEVENTY', 'EIGHTY', 'NINETY'].entries())
  VALUES.set(w, String((i + 3) * 10));

/** The number an upper-case token writes, as digits without leading zeros; null for a word. */
export function numberValue(token: string): string | null {
  if (/^[0-9]+$/.test(token)) return token.replace(/^0+(?=.)/, '');
  const ordinal = /^([0-9]+)(ST|ND|RD|TH)$/.exec(token);
  if (ordinal) return (ordinal[1] as string).replace(/^0+(?=.)/, '');
  return VALUES.get(token) ?? null;
}

const TENS = new Set(['TWENTY', 'THIRTY', 'FORTY', 'FIFTY', 'SIXTY', 'SEVENTY', 'EIGHTY', 'NINETY']);

/**
 * Two words that write one number together, a multiple of ten and a unit (TWENTY ONE, THIRTY
 * FIRST), as digits; null for any other two.
 */
export function tensAndUnits(tens: string, units: string): string | null {
  if (!TENS.has(tens)) return null;
  const unit = Number(VALUES.get(units) ?? Number.NaN);
  return unit >= 1 && unit <= 9 && !/^[0-9IVX]+$/.test(units)
    ? String(Number(VALUES.get(tens)) + unit)
    : null;
}
