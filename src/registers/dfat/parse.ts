import type { Readable } from 'node:stream';
import { type Cell, cellText, headerIndex, isBlankRow, readSheet } from '../read-sheet.ts';
import { defineRegister, FormatError, type ParseContext, type ParseItem } from '../types.ts';
import { COLUMNS, type DfatField, type DfatRow, toRecord } from './to-record.ts';

const REQUIRED: DfatField[] = ['reference', 'name', 'type', 'name_type'];

/**
 * The DFAT Consolidated List (docs/registers.md §6): one XLSX sheet, header on row 1, one row per name.
 * Rows are grouped by the reference's number (`2`, `2a`, `2b` → party `2`) over the whole file,
 * because a party's rows are not always contiguous; ≈11k rows fit in memory, and the parties are
 * yielded at the end in the order their first row appeared.
 */
async function* parseDfat(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  const { fileName } = context;
  let columns: Map<DfatField, number> | undefined;
  const parties = new Map<string, DfatRow[]>();

  for await (const { line, cells } of readSheet(input, { fileName, sheet: 'Consolidated List' })) {
    if (!columns) {
      columns = mapColumns(cells, fileName, line);
      continue;
    }
    if (isBlankRow(cells)) continue;
    const row = {} as Record<DfatField, Cell>;
    for (const field of Object.keys(COLUMNS) as DfatField[]) {
      const at = columns.get(field);
      row[field] = at === undefined ? null : (cells[at] ?? null);
    }
    const reference = cellText(row.reference) ?? '';
    const match = /^(\d+)\s*([A-Za-z]*)$/.exec(reference);
    if (!match?.[1]) {
      yield {
        kind: 'rejected',
        line,
        reason: `Reference "${reference}" is not a number with an optional letter suffix`,
      };
      continue;
    }
    if (!cellText(row.name)) {
      yield { kind: 'rejected', line, reason: `reference ${reference}: no name` };
      continue;
    }
    const number = String(Number(match[1]));
    const entry: DfatRow = {
      line,
      reference: reference.replace(/\s+/g, ''),
      suffix: match[2] ?? '',
      cells: row,
    };
    const rows = parties.get(number);
    if (rows) rows.push(entry);
    else parties.set(number, [entry]);
  }
  if (!columns) throw new FormatError(`${fileName}: the worksheet is empty`, 1);

  for (const [reference, rows] of parties) {
    const { record, line } = toRecord(reference, rows);
    yield { kind: 'record', record, line };
  }
}

/** Finds the columns by header name: the 19-column layout and the older 12-column one both map. */
function mapColumns(cells: Cell[], fileName: string, line: number): Map<DfatField, number> {
  const index = headerIndex(cells);
  const columns = new Map<DfatField, number>();
  for (const [field, header] of Object.entries(COLUMNS) as [DfatField, string][]) {
    const at = index.get(header);
    if (at !== undefined) columns.set(field, at);
  }
  const missing = REQUIRED.filter((field) => !columns.has(field));
  if (missing.length > 0) {
    const found = cells.map((c) => cellText(c) ?? '').slice(0, 6);
    throw new FormatError(
      `${fileName}: the header does not match the DFAT Consolidated List: missing ${missing.map((f) => `"${COLUMNS[f]}"`).join(', ')} (found: ${found.join(', ')})`,
      line,
    );
  }
  return columns;
}

export const adapter = defineRegister({
  dataset: 'dfat',
  title: 'DFAT Consolidated List (Australian sanctions)',
  source: 'dfat',
  parse: parseDfat,
  // The list carries no ABN or ACN: the ingest matches its names against the other registers and
  // raises `sanctions_match` for each entity that newly matches.
  diff: () => [],
  nameMatchEvent: 'sanctions_match',
  screening: { list: 'dfat_sanctions', title: 'DFAT consolidated list', maxAgeDays: 7 },
  events: ['sanctions_match'],
  sandboxExamples: { sanctions_match: (name) => [{ field: 'listed_name', old: null, new: name }] },
});
