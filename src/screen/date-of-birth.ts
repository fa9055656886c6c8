/** How a listed person's date of birth compares with the one the caller gave. */
export type BirthCheck = 'consistent' | 'inconsistent' | 'unknown';

type Listed = { year: number; month?: number; day?: number } | { from: number; to: number };

const YEAR = '(19\\d{2}|20\\d{2})';
const PATTERNS: Array<[RegExp, (m: RegExpMatchArray) => Listed]> = [
  // 12/03/1970, 1-3-1970
  [
    new RegExp(`\\b(\\d{1,2})[/.-](\\d{1,2})[/.-]${YEAR}\\b`, 'g'),
    (m) => ({ day: +(m[1] ?? 0), month: +(m[2] ?? 0), year: +(m[3] ?? 0) }),
  ],
  // 1970-03-12 (a date cell, read as ISO)
  [
    new RegExp(`\\b${YEAR}-(\\d{2})-(\\d{2})\\b`, 'g'),
    (m) => ({ year: +(m[1] ?? 0), month: +(m[2] ?? 0), day: +(m[3] ?? 0) }),
  ],
  // 1960 to 1962, 1960-1962, between 1960 and 1962
  [
    new RegExp(`\\b${YEAR}\\s*(?:to|-|–|and)\\s*${YEAR}\\b`, 'g'),
    (m) => ({ from: +(m[1] ?? 0), to: +(m[2] ?? 0) }),
  ],
];

/** Every date, year or year range in DFAT's free-text "Date of Birth" (docs/registers.md §6.1: dates, years, lists, ranges). */
export function listedBirthDates(text: string): Listed[] {
  const found: Listed[] = [];
  let rest = text;
  for (const [pattern, read] of PATTERNS) {
    rest = rest.replace(pattern, (...args) => {
      found.push(read(args.slice(0, -2) as unknown as RegExpMatchArray));
      return ' ';
    });
  }
  for (const m of rest.matchAll(new RegExp(`\\b${YEAR}\\b`, 'g'))) found.push({ year: +(m[1] ?? 0) });
  return found;
}

/**
 * Compares the caller's `YYYY`, `YYYY-MM` or `YYYY-MM-DD` with a listed entry's date of birth. Only
 * the parts both sides give are compared. It never drops a match: a different date of birth is
 * evidence for the person reviewing, not a clearance.
 */
export function compareBirthDate(given: string, listedText: string | null | undefined): BirthCheck {
  const listed = listedText ? listedBirthDates(listedText) : [];
  if (listed.length === 0) return 'unknown';
  const [year = 0, month, day] = given.split('-').map(Number);
  const fits = (l: Listed) =>
    'from' in l
      ? year >= Math.min(l.from, l.to) && year <= Math.max(l.from, l.to)
      : l.year === year &&
        (month === undefined || l.month === undefined || l.month === month) &&
        (day === undefined || l.day === undefined || l.day === day);
  return listed.some(fits) ? 'consistent' : 'inconsistent';
}
