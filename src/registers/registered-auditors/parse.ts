import { dataField, type Layout, type Watched } from '../asic-professional.ts';
import { professionalRegister } from '../professional-register.ts';
import { defineRegister } from '../types.ts';
import { anyDate, clean } from '../values.ts';

/**
 * ASIC Registered Auditor dataset (docs/registers.md §8.7). Its headers are [U]: we know only that it
 * identifies audit firms by ACN. Expected columns, found by any of these names (case-insensitive;
 * delimiter sniffed; dates DD/MM/YYYY or ISO), in the layout the sandbox file uses:
 *
 *   REGISTER_NAME  AUD_NUM  AUD_NAME  AUD_ACN  AUD_STATUS  AUD_START_DT  AUD_END_DT  AUD_ADD_LOCAL  AUD_ADD_STATE  AUD_ADD_PCODE
 *
 * The auditor number and name are required; everything else is read when present.
 */
const LAYOUT: Layout = {
  number: {
    names: ['AUD_NUM', 'AUDITOR_NUMBER', 'Auditor Number', 'REGISTRATION_NUMBER', 'Registration Number'],
    required: true,
  },
  name: { names: ['AUD_NAME', 'AUDITOR_NAME', 'Auditor Name', 'Name'], required: true },
  acn: { names: ['AUD_ACN', 'ACN'] },
  abn: { names: ['AUD_ABN', 'ABN'] },
  status: { names: ['AUD_STATUS', 'Status'] },
  start_date: { names: ['AUD_START_DT', 'AUD_REG_DT', 'Start Date', 'Registration Date'] },
  end_date: { names: ['AUD_END_DT', 'End Date'] },
  locality: { names: ['AUD_ADD_LOCAL', 'Locality', 'Suburb'] },
  state: { names: ['AUD_ADD_STATE', 'AUD_STATE', 'State'] },
  postcode: { names: ['AUD_ADD_PCODE', 'Postcode'] },
};

const WATCHED: Watched[] = [
  { field: 'auditor_number', value: dataField('auditor_number') },
  { field: 'registration_status', value: (r) => r.status },
  { field: 'end_date', value: dataField('end_date') },
];

const { parse, diff } = professionalRegister({
  layout: LAYOUT,
  key: { auditor_number: 'number' },
  unkeyed: 'no auditor number',
  name: { column: 'name', noun: 'auditor' },
  identifiers: { abn: 'abn', acn: 'acn' },
  status: ['status', clean],
  fields: {
    start_date: ['start_date', anyDate],
    end_date: ['end_date', anyDate],
    locality: ['locality', clean],
    state: ['state', clean],
    postcode: ['postcode', clean],
  },
  watched: WATCHED,
  event: 'professional_registration_change',
});

export const adapter = defineRegister({
  dataset: 'registered-auditors',
  title: 'ASIC Registered Auditor Register',
  source: 'asic',
  parse,
  diff,
  resolve: 'professional_registrations.registered_auditor',
  events: ['professional_registration_change'],
});
