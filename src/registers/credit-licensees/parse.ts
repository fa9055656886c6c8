import { dataField, decimal, type Row, tildeList, type Watched } from '../asic-professional.ts';
import { professionalRegister } from '../professional-register.ts';
import { defineRegister } from '../types.ts';
import { clean, dmyToIso } from '../values.ts';

const businessNames = (row: Row) => tildeList(row.value('CRED_LIC_BN'));

const WATCHED: Watched[] = [
  { field: 'licence_number', value: dataField('licence_number') },
  { field: 'licence_status', value: (r) => r.status },
];

/**
 * ASIC Credit Licensee dataset (docs/registers.md §8.3): comma CSV with quoting; current licences only
 * (CRED_LIC_STATUS `APPR` approved or `SUSP` suspended; CRED_LIC_END_DT blank).
 */
const { parse, diff } = professionalRegister({
  required: ['CRED_LIC_NUM', 'CRED_LIC_NAME', 'CRED_LIC_STATUS', 'CRED_LIC_ABN_ACN'],
  key: { licence_number: 'CRED_LIC_NUM' },
  unkeyed: 'no CRED_LIC_NUM',
  // An individual licensee's name may be redacted (docs/registers.md §8.3): the licence still stands, by
  // its number and ABN, under its first business name or its number.
  name: {
    column: 'CRED_LIC_NAME',
    withheld: (row, number) => businessNames(row)[0] ?? `Credit licence ${number}`,
  },
  names: (row) => businessNames(row).map((n) => ({ name: n, type: 'business' })),
  identifiers: { abnOrAcn: 'CRED_LIC_ABN_ACN' },
  status: ['CRED_LIC_STATUS', clean],
  fields: {
    name_withheld: (row) => (clean(row.value('CRED_LIC_NAME')) ? undefined : true),
    start_date: ['CRED_LIC_START_DT', dmyToIso],
    end_date: ['CRED_LIC_END_DT', dmyToIso],
    afsl_number: ['CRED_LIC_AFSL_NUM', clean],
    status_history: ['CRED_LIC_STATUS_HISTORY', tildeList],
    locality: ['CRED_LIC_LOCALITY', clean],
    state: ['CRED_LIC_STATE', clean],
    postcode: ['CRED_LIC_PCODE', clean],
    latitude: ['CRED_LIC_LAT', decimal],
    longitude: ['CRED_LIC_LNG', decimal],
    // Dispute resolution scheme: `AFCA` now; historic `FOS`, `COSL`, `FOS:COSL`, `CIO`.
    edrs: ['CRED_LIC_EDRS', clean],
    business_names: businessNames,
    authorisations: ['CRED_LIC_AUTHORISATIONS', tildeList],
  },
  watched: WATCHED,
  event: 'licensing_change',
});

export const adapter = defineRegister({
  dataset: 'credit-licensees',
  title: 'ASIC Credit Licensee Register',
  source: 'asic',
  parse,
  diff,
  resolve: 'licensing.credit_licensee',
  events: ['licensing_change'],
});
