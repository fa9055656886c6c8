import type { Readable } from 'node:stream';
import { dataField, diffWatched, type Watched } from '../asic-professional.ts';
import { col, readTable } from '../tabular.ts';
import { defineRegister, type ParseItem, type SourceRecord } from '../types.ts';
import { abnOrNull, clean, dmyToIso } from '../values.ts';

type Auditor = {
  line: number;
  record: SourceRecord;
  conditions: { condition: string | null; detail: string | null }[];
};

/**
 * ASIC SMSF Auditor Register (registers.md §8.6): TAB-delimited, one row per auditor × condition
 * (≈30 k rows, ≈5 k auditors). An auditor's rows are gathered by SMSF_NUM into one record with
 * `data.conditions`; the file normally keeps them together, but a repeat further down is merged
 * into the same record rather than yielded again (a second record with the same key would replace
 * the first and lose its conditions). Records come out after the last row, on their first line.
 * Column order is [U]: columns are found by name.
 */
async function* parse(input: Readable, context: { fileName: string }): AsyncIterable<ParseItem> {
  const rows = readTable(input, {
    fileName: context.fileName,
    required: ['SMSF_NUM', 'SMSF_NAME', 'SMSF_STATUS', 'SMSF_PERSON_ABN'],
  });
  const auditors = new Map<string, Auditor>();
  for await (const item of rows) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const row = item.row;
    const number = clean(col(row, 'SMSF_NUM'));
    const name = clean(col(row, 'SMSF_NAME'));
    if (!number || !name) {
      yield {
        kind: 'rejected',
        line: item.line,
        reason: number ? `auditor ${number} has no name` : 'no SMSF_NUM',
      };
      continue;
    }
    let auditor = auditors.get(number);
    if (!auditor) {
      auditor = { line: item.line, record: toRecord(number, name, row), conditions: [] };
      auditors.set(number, auditor);
    }
    const condition = {
      condition: clean(col(row, 'SMSF_CONDITION')),
      detail: clean(col(row, 'SMSF_CONDITION_DTL')),
    };
    const seen = auditor.conditions.some(
      (c) => c.condition === condition.condition && c.detail === condition.detail,
    );
    if ((condition.condition || condition.detail) && !seen) auditor.conditions.push(condition);
  }
  for (const { line, record, conditions } of auditors.values()) {
    yield { kind: 'record', record: { ...record, data: { ...record.data, conditions } }, line };
  }
}

/** The auditor's own fields, from its first row (they repeat on every condition row). */
function toRecord(number: string, name: string, row: Record<string, string>): SourceRecord {
  return {
    key: number,
    // The auditor's own ABN, not the firm's.
    abn: abnOrNull(col(row, 'SMSF_PERSON_ABN')),
    acn: null,
    name,
    names: [],
    status: clean(col(row, 'SMSF_STATUS')),
    asOf: null,
    data: {
      auditor_number: number,
      registration_date: dmyToIso(col(row, 'SMSF_REG_DT')),
      suspension_start_date: dmyToIso(col(row, 'SMSF_SUSP_START_DT')),
      suspension_end_date: dmyToIso(col(row, 'SMSF_SUSP_END_DT')),
      // Director / Partner / Sole Practitioner / Employee: the column's name is [U].
      capacity: clean(col(row, 'SMSF_CAPACITY')),
      firm_name: clean(col(row, 'SMSF_CAPACITY_FIRM_NAME')),
      locality: clean(col(row, 'SMSF_LOCALITY')),
      state: clean(col(row, 'SMSF_STATE')),
      postcode: clean(col(row, 'SMSF_POST_CODE')),
    },
  };
}

const WATCHED: Watched[] = [
  { field: 'auditor_number', value: dataField('auditor_number') },
  { field: 'registration_status', value: (r) => r.status },
];

export const adapter = defineRegister({
  dataset: 'smsf-auditors',
  title: 'ASIC SMSF Auditor Register',
  source: 'asic',
  parse,
  diff: (before, after) => diffWatched('professional_registration_change', before, after, WATCHED),
  resolve: 'professional_registrations.smsf_auditor',
  events: ['professional_registration_change'],
});
