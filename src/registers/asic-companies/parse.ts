import type { Readable } from 'node:stream';
import { col, readTable } from '../tabular.ts';
import { defineRegister, type ParseContext, type ParseItem } from '../types.ts';
import { diffCompanies } from './diff.ts';
import { type CompanyRow, toCompanyRecord } from './to-record.ts';

/**
 * The 15-column header (docs/registers.md §3.1) less `Date of Deregistration`, which the 14-column
 * layout of older downloads lacks: both layouts read, by header name.
 */
const REQUIRED = [
  'Company Name',
  'ACN',
  'Type',
  'Class',
  'Sub Class',
  'Status',
  'Date of Registration',
  'Previous State of Registration',
  'State Registration number',
  'Modified since last report',
  'Current Name Indicator',
  'ABN',
  'Current Name',
  'Current Name Start Date',
] as const;

/**
 * Streams the ASIC Company Dataset (`company_YYYYMM.csv`: TSV despite the name, no quoting). The file
 * has one row per company name and is sorted by ACN, so consecutive rows with the same ACN make one
 * record, held only until the ACN changes. An ACN that comes back after other ACNs (the file out of
 * order) is yielded again as a second record with the same key; the ingest treats the repeated key
 * as its own reject/merge case rather than this parser holding every ACN seen in memory.
 */
export async function* parseCompanies(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  let rows: CompanyRow[] = [];
  let groupAcn = '';
  let groupLine = 0;
  const held: ParseItem[] = [];
  const flush = (): ParseItem | null => {
    if (rows.length === 0) return null;
    const result = toCompanyRecord(rows);
    rows = [];
    return typeof result === 'string'
      ? { kind: 'rejected', line: groupLine, reason: result }
      : { kind: 'record', record: result, line: groupLine };
  };

  for await (const item of readTable(input, {
    fileName: context.fileName,
    required: REQUIRED,
    delimiter: 'tab',
  })) {
    if (item.kind === 'rejected') {
      // Held until the open group is yielded, so items stay in the order of their first lines and a
      // malformed row does not split its ACN's group in two.
      if (rows.length > 0) held.push(item);
      else yield item;
      continue;
    }
    const acn = col(item.row, 'ACN').trim();
    if (rows.length > 0 && acn !== groupAcn) {
      const done = flush();
      if (done) yield done;
      yield* held.splice(0);
    }
    if (rows.length === 0) {
      groupAcn = acn;
      groupLine = item.line;
    }
    rows.push(item.row);
  }
  const last = flush();
  if (last) yield last;
  yield* held;
}

export const adapter = defineRegister({
  dataset: 'asic-companies',
  title: 'ASIC Company Dataset',
  source: 'asic',
  parse: parseCompanies,
  diff: diffCompanies,
  identity: 'acn',
  entityNames: true,
  events: ['deregistration', 'external_administration', 'name_change'],
  sandboxExamples: {
    deregistration: () => [{ field: 'status', old: 'REGD', new: 'DRGD' }],
    name_change: (name) => [
      { field: 'entity_name', old: name, new: `${name.replace(/ PTY LTD$/, '')} RENAMED PTY LTD` },
    ],
    external_administration: () => [{ field: 'status', old: 'REGD', new: 'EXAD' }],
  },
});
