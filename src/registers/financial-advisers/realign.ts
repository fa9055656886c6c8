/**
 * The Financial Advisers file is TAB-delimited with no quoting, yet free-text columns (names, the
 * controlling-entity chain, disciplinary text, qualifications) can hold TABs, so a real row can have
 * more fields than the header (registers.md §8.5). Re-aligning: the surplus fields belong to one or
 * more of the free-text columns. Each way of giving the surplus to them is a candidate in which the
 * columns before a widened column are anchored from the left and those after it from the right; a
 * candidate stands when every column with a known shape (dates, numbers, ABNs, one-character
 * product flags, status words) fits it and no always-filled column is blank. The row is read when the standing candidates agree on every
 * column that is not free text (they can differ only in which of two adjacent free-text columns got
 * the TAB); otherwise it is rejected.
 */

const FREE_TEXT = new Set([
  'ADV_NAME',
  'LICENCE_NAME',
  'LICENCE_CONTROLLED_BY',
  'REP_APPOINTED_BY',
  'ADV_DA_DESCRIPTION',
  'QUALIFICATIONS_AND_TRAINING',
  'MEMBERSHIPS',
  'FURTHER_RESTRICTIONS',
]);

/**
 * Never blank on the register (NOT NULL in a schema mirroring the file): a shifted candidate often
 * moves a blank neighbour into one of them, which rules it out.
 */
const NON_BLANK = new Set([
  'ADV_NAME',
  'ADV_NUMBER',
  'ADV_ROLE',
  'ADV_ROLE_STATUS',
  'LICENCE_NAME',
  'LICENCE_NUMBER',
  'ADV_START_DT',
]);

/** More surplus fields than this is not a stray TAB or two; the row is rejected. */
const MAX_SURPLUS = 4;

const DATE = /^(\d{1,2}\/\d{1,2}\/\d{4})?$/;
const NUMBER = /^[\d ]*$/;
const SHORT_FLAG = /^\S{0,3}$/;
const WORDS = /^[A-Za-z ()-]{0,40}$/;

function shapeOf(column: string): RegExp | null {
  if (/_DT$|_DATE_/.test(column)) return DATE;
  if (/(_ABN|_NUM|_NUMBER)$/.test(column)) return NUMBER;
  if (column === 'ADV_FIRST_PROVIDED_ADVICE') return /^(\d{4})?$/;
  if (column === 'ADV_CPD_FAILURE_YEAR') return /^[\d ,;~]*$/;
  if (/^(FIN|CLASSES)(_|$)/.test(column) || column === 'ABLE_TO_PROVIDE_TFAS') return SHORT_FLAG;
  if (/STATUS/.test(column)) return WORDS;
  if (column === 'ADV_ADD_STATE') return /^[A-Za-z]{0,3}$/;
  if (column === 'ADV_ADD_PCODE') return /^[\dA-Za-z -]{0,10}$/;
  return null;
}

function fits(column: string, value: string): boolean {
  if (value === '' && NON_BLANK.has(column)) return false;
  return shapeOf(column)?.test(value) ?? true;
}

/** Every way to hand `surplus` extra fields to the free-text columns (as column indexes, repeats allowed). */
function* distributions(columns: number[], surplus: number, from = 0): Generator<number[]> {
  if (surplus === 0) {
    yield [];
    return;
  }
  for (let i = from; i < columns.length; i++) {
    for (const rest of distributions(columns, surplus - 1, i)) yield [columns[i] as number, ...rest];
  }
}

/** The row by upper-case header name, or why it cannot be re-aligned. */
export function realign(
  fields: readonly string[],
  header: readonly string[],
): Record<string, string> | string {
  const names = header.map((h) => h.trim().toUpperCase());
  const surplus = fields.length - names.length;
  const wrongCount = `${fields.length} fields where the header has ${names.length}`;
  if (surplus < 0 || surplus > MAX_SURPLUS) return wrongCount;
  if (surplus === 0) return Object.fromEntries(names.map((n, i) => [n, fields[i] ?? '']));

  const freeColumns = names.flatMap((n, i) => (FREE_TEXT.has(n) ? [i] : []));
  let chosen: Record<string, string> | null = null;
  let chosenFixed = '';
  for (const widen of distributions(freeColumns, surplus)) {
    const row: Record<string, string> = {};
    let at = 0;
    for (let i = 0; i < names.length; i++) {
      const width = 1 + widen.filter((w) => w === i).length;
      row[names[i] as string] = fields.slice(at, at + width).join('\t');
      at += width;
    }
    if (!names.every((n) => fits(n, (row[n] ?? '').trim()))) continue;
    const fixed = JSON.stringify(names.filter((n) => !FREE_TEXT.has(n)).map((n) => row[n]));
    if (chosen === null) {
      chosen = row;
      chosenFixed = fixed;
    } else if (fixed !== chosenFixed) {
      return `${wrongCount}, and the embedded TABs can be re-aligned more than one way`;
    }
  }
  return chosen ?? `${wrongCount}, and the embedded TABs cannot be re-aligned`;
}
