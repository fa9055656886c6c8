import { dataField, type Layout, type Watched } from '../asic-professional.ts';
import { professionalRegister } from '../professional-register.ts';
import { defineRegister } from '../types.ts';
import { anyDate, clean } from '../values.ts';

/**
 * ASIC Registered Liquidator dataset (docs/registers.md §8.7): liquidator number and name, status,
 * suspension date, principal business address and firm; no ABN or ACN, so records carry only a name
 * and the ingest may find no entity to attach an event to. Headers are [U]. Expected columns, found
 * by any of these names (case-insensitive; delimiter sniffed; dates DD/MM/YYYY or ISO), in the
 * layout the sandbox file uses:
 *
 *   REGISTER_NAME  LIQ_NUM  LIQ_NAME  LIQ_STATUS  LIQ_START_DT  LIQ_SUSP_DT  LIQ_FIRM  LIQ_ADD_LOCAL  LIQ_ADD_STATE  LIQ_ADD_PCODE  LIQ_ADD_COUNTRY
 *
 * The liquidator number and name are required; everything else is read when present.
 */
const LAYOUT: Layout = {
  number: {
    names: [
      'LIQ_NUM',
      'LIQUIDATOR_NUMBER',
      'Liquidator Number',
      'REGISTRATION_NUMBER',
      'Registration Number',
    ],
    required: true,
  },
  name: { names: ['LIQ_NAME', 'LIQUIDATOR_NAME', 'Liquidator Name', 'Name'], required: true },
  status: { names: ['LIQ_STATUS', 'Status'] },
  start_date: { names: ['LIQ_START_DT', 'LIQ_REG_DT', 'Registration Date', 'Start Date'] },
  suspension_date: { names: ['LIQ_SUSP_DT', 'LIQ_SUSPENSION_DT', 'Suspension Date'] },
  firm: { names: ['LIQ_FIRM', 'LIQ_FIRM_NAME', 'Firm', 'Firm Name'] },
  address: { names: ['LIQ_ADD', 'LIQ_ADDRESS', 'Address', 'Principal Business Address'] },
  locality: { names: ['LIQ_ADD_LOCAL', 'Locality', 'Suburb'] },
  state: { names: ['LIQ_ADD_STATE', 'State'] },
  postcode: { names: ['LIQ_ADD_PCODE', 'Postcode'] },
  country: { names: ['LIQ_ADD_COUNTRY', 'Country'] },
};

const WATCHED: Watched[] = [
  { field: 'liquidator_number', value: dataField('liquidator_number') },
  { field: 'registration_status', value: (r) => r.status },
  { field: 'suspension_date', value: dataField('suspension_date') },
];

const { parse, diff } = professionalRegister({
  layout: LAYOUT,
  key: { liquidator_number: 'number' },
  unkeyed: 'no liquidator number',
  name: { column: 'name', noun: 'liquidator' },
  status: ['status', clean],
  fields: {
    start_date: ['start_date', anyDate],
    suspension_date: ['suspension_date', anyDate],
    firm: ['firm', clean],
    address: ['address', clean],
    locality: ['locality', clean],
    state: ['state', clean],
    postcode: ['postcode', clean],
    country: ['country', clean],
  },
  watched: WATCHED,
  event: 'professional_registration_change',
});

export const adapter = defineRegister({
  dataset: 'registered-liquidators',
  title: 'ASIC Registered Liquidator Register',
  source: 'asic',
  parse,
  diff,
  events: ['professional_registration_change'],
  sandboxExamples: {
    professional_registration_change: () => [
      { field: 'registration_status', old: 'Registered', new: 'Cancelled' },
    ],
  },
});
