import type { Readable } from 'node:stream';
import { type Columns, dataField, diffWatched, readRows, type Watched } from '../asic-professional.ts';
import { type ProfessionalRecord, toProfessionalRecord } from '../professional-register.ts';
import { defineRegister, type ParseItem, type SourceRecord } from '../types.ts';
import { clean, dmyToIso } from '../values.ts';

/**
 * The auditor's own fields, from its first row (they repeat on every condition row). Column order
 * is [U]: columns are found by name.
 */
const AUDITOR: ProfessionalRecord & Columns = {
  required: ['SMSF_NUM', 'SMSF_NAME', 'SMSF_STATUS', 'SMSF_PERSON_ABN'],
  key: { auditor_number: 'SMSF_NUM' },
  unkeyed: 'no SMSF_NUM',
  name: { column: 'SMSF_NAME', noun: 'auditor' },
  // The auditor's own ABN, not the firm's.
  identifiers: { abn: 'SMSF_PERSON_ABN' },
  status: ['SMSF_STATUS', clean],
  fields: {
    registration_date: ['SMSF_REG_DT', dmyToIso],
    suspension_start_date: ['SMSF_SUSP_START_DT', dmyToIso],
    suspension_end_date: ['SMSF_SUSP_END_DT', dmyToIso],
    // Director / Partner / Sole Practitioner / Employee: the column's name is [U].
    capacity: ['SMSF_CAPACITY', clean],
    firm_name: ['SMSF_CAPACITY_FIRM_NAME', clean],
    locality: ['SMSF_LOCALITY', clean],
    state: ['SMSF_STATE', clean],
    postcode: ['SMSF_POST_CODE', clean],
  },
};

type Auditor = {
  line: number;
  record: SourceRecord;
  conditions: { condition: string | null; detail: string | null }[];
};

/**
 * ASIC SMSF Auditor Register (docs/registers.md §8.6): TAB-delimited, one row per auditor × condition
 * (≈30 k rows, ≈5 k auditors). An auditor's rows are gathered by SMSF_NUM into one record with
 * `data.conditions`; the file normally keeps them together, but a repeat further down is merged
 * into the same record rather than yielded again (a second record with the same key would replace
 * the first and lose its conditions). Records come out after the last row, on their first line.
 */
async function* parse(input: Readable, context: { fileName: string }): AsyncIterable<ParseItem> {
  const auditors = new Map<string, Auditor>();
  for await (const item of readRows(input, context.fileName, AUDITOR)) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const { row, line } = item;
    const record = toProfessionalRecord(row, AUDITOR);
    if (typeof record === 'string') {
      yield { kind: 'rejected', line, reason: record };
      continue;
    }
    let auditor = auditors.get(record.key);
    if (!auditor) {
      auditor = { line, record, conditions: [] };
      auditors.set(record.key, auditor);
    }
    const condition = {
      condition: clean(row.value('SMSF_CONDITION')),
      detail: clean(row.value('SMSF_CONDITION_DTL')),
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
