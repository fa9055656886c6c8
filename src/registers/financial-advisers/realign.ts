/**
 * The Financial Advisers file is TAB-delimited with no quoting, yet free-text columns (names, the
 * controlling-entity chain, disciplinary text, qualifications) can hold TABs, so a real row can have
 * more fields than the header (docs/registers.md §8.5). Re-aligning: the surplus fields belong to one or
 * more of the free-text columns. Each way of giving the surplus to them is a candidate in which the
 * columns before a widened column are anchored from the left and those after it from the right; a
 * candidate stands when every column with a known shape (dates, numbers, ABNs, one-character
 * product flags, status words) fits it and no always-filled column is blank. Candidates whose widened
 * values have an empty piece (`text<TAB>` or `<TAB>text`: a blank neighbour swallowed) are set aside
 * when others stand. The row is read when the remaining candidates agree on every column that is not
 * free text; otherwise it is rejected. Free-text columns on which they still disagree (which of two
 * adjacent ones got the TAB cannot be told) are left blank, and their text is returned whole under
 * UNALIGNED_TEXT, their names under UNALIGNED_COLUMNS, rather than guessed.
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
  const standing: Array<{ row: Record<string, string>; fixed: string; swallowsBlank: boolean }> = [];
  for (const widen of distributions(freeColumns, surplus)) {
    const row: Record<string, string> = {};
    let at = 0;
    let swallowsBlank = false;
    for (let i = 0; i < names.length; i++) {
      const width = 1 + widen.filter((w) => w === i).length;
      const pieces = fields.slice(at, at + width);
      if (width > 1 && pieces.some((p) => p.trim() === '')) swallowsBlank = true;
      row[names[i] as string] = pieces.join('\t');
      at += width;
    }
    if (!names.every((n) => fits(n, (row[n] ?? '').trim()))) continue;
    const fixed = JSON.stringify(names.filter((n) => !FREE_TEXT.has(n)).map((n) => row[n]));
    standing.push({ row, fixed, swallowsBlank });
  }
  const likely = standing.filter((c) => !c.swallowsBlank);
  const pool = likely.length > 0 ? likely : standing;
  const [first] = pool;
  if (!first) return `${wrongCount}, and the embedded TABs cannot be re-aligned`;
  if (pool.some((c) => c.fixed !== first.fixed)) {
    return `${wrongCount}, and the embedded TABs can be re-aligned more than one way`;
  }
  const row = { ...first.row };
  const unsure = names.filter((n) => FREE_TEXT.has(n) && pool.some((c) => c.row[n] !== first.row[n]));
  if (unsure.length > 0) {
    row.UNALIGNED_TEXT = unsure.map((n) => first.row[n]).join('\t');
    row.UNALIGNED_COLUMNS = unsure.join(',');
    for (const n of unsure) row[n] = '';
  }
  return row;
}
