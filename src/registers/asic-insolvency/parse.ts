import type { Readable } from 'node:stream';
import {
  type Cell,
  cellDate,
  cellText,
  headerIndex,
  headerName,
  isBlankRow,
  readSheet,
} from '../read-sheet.ts';
import {
  defineRegister,
  FormatError,
  type ParseContext,
  type ParseItem,
  type SourceRecord,
} from '../types.ts';
import { acnOrNull } from '../values.ts';

// Headers as `headerName` folds them: the real ones carry trailing spaces (`ACN No `).
const H = {
  dataTo: 'data to',
  acn: 'acn no',
  name: 'organisation name',
  appointee: 'appointee (person or company)',
  type: 'appointment type',
  effective: 'effective date',
  period: 'period (year month)',
  industry: 'industry type (division/subdivision/group)',
  state: 'state of incorporation',
  place: 'principal place of business (state/area/postcode)',
} as const;
const REQUIRED = [H.acn, H.name, H.type, H.effective];

// Title rows sit above the header (row 7 in the 2026 file); a little slack for a moved header.
const HEADER_SCAN_ROWS = 15;

/**
 * ASIC Insolvency statistics, Series 1 and 2 (docs/registers.md §10): sheet `Data set`, one row per
 * appointment of an external administrator, controller or liquidator. Keyed by ACN, appointment
 * type and effective date, so a new appointment to a company is a new record.
 */
async function* parseInsolvency(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  const { fileName } = context;
  let columns: Map<string, number> | undefined;
  let snapshot = false;
  const seen = new Map<string, number>();

  for await (const { line, cells } of readSheet(input, { fileName, sheet: 'Data set' })) {
    if (!columns) {
      if (cells.some((cell) => headerName(cell) === H.acn)) columns = mapColumns(cells, fileName, line);
      else if (line >= HEADER_SCAN_ROWS) break;
      continue;
    }
    if (isBlankRow(cells)) continue;
    const get = (header: string): Cell => cells[columns?.get(header) ?? -1] ?? null;

    if (!snapshot) {
      const dataTo = cellDate(get(H.dataTo));
      if (dataTo) yield { kind: 'snapshot', asOf: dataTo };
      snapshot = true;
    }
    const rawAcn = cellText(get(H.acn));
    const acn = acnOrNull(rawAcn);
    const name = cellText(get(H.name));
    if (!acn) {
      yield { kind: 'rejected', line, reason: rawAcn ? `ACN "${rawAcn}" fails the check digit` : 'no ACN' };
      continue;
    }
    if (!name) {
      yield { kind: 'rejected', line, reason: `ACN ${acn}: no organisation name` };
      continue;
    }
    const type = cellText(get(H.type));
    const effective = cellDate(get(H.effective));
    const key = `${acn}|${type ?? ''}|${effective ?? ''}`;
    // [U] Whether joint appointees share one row or take one row each is not pinned down; a second
    // row for the same appointment is reported rather than silently overwriting the first.
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      yield {
        kind: 'rejected',
        line,
        reason: `same ACN, appointment type and effective date as line ${earlier}`,
      };
      continue;
    }
    seen.set(key, line);

    const period = get(H.period);
    const record: SourceRecord = {
      key,
      abn: null,
      acn,
      name,
      names: [],
      status: type,
      asOf: effective,
      data: {
        appointee: cellText(get(H.appointee)),
        appointment_type: type,
        effective_date: effective,
        // [U] A year-month cell may arrive as a date (first of the month) or as text.
        period: period instanceof Date ? period.toISOString().slice(0, 7) : cellText(period),
        industry: cellText(get(H.industry)),
        state_of_incorporation: cellText(get(H.state)),
        principal_place: cellText(get(H.place)),
      },
    };
    yield { kind: 'record', record, line };
  }
  if (!columns) {
    throw new FormatError(
      `${fileName}: no "ACN No" header in the first ${HEADER_SCAN_ROWS} rows: not ASIC insolvency statistics`,
    );
  }
}

function mapColumns(cells: Cell[], fileName: string, line: number): Map<string, number> {
  const columns = headerIndex(cells);
  const missing = REQUIRED.filter((h) => !columns.has(h));
  if (missing.length > 0) {
    throw new FormatError(
      `${fileName}: the header does not match ASIC insolvency statistics: missing ${missing.map((m) => `"${m}"`).join(', ')}`,
      line,
    );
  }
  return columns;
}

export const adapter = defineRegister({
  dataset: 'asic-insolvency',
  title: 'ASIC Insolvency statistics (Series 1 and 2)',
  source: 'asic',
  parse: parseInsolvency,
  diff(before, after) {
    // Each appointment is its own record: one that appears is the event; one that ages out of the
    // statistics is not.
    if (before !== null || after === null) return [];
    return [
      {
        type: 'external_administration',
        entity: { abn: null, acn: after.acn, name: after.name },
        changes: [
          { field: 'appointment_type', old: null, new: after.data.appointment_type ?? null },
          { field: 'appointee', old: null, new: after.data.appointee ?? null },
          { field: 'effective_date', old: null, new: after.data.effective_date ?? null },
        ],
      },
    ];
  },
  resolve: 'screening.external_administration',
  events: ['external_administration'],
});
