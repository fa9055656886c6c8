import { dataField, type Watched } from '../asic-professional.ts';
import { professionalRegister } from '../professional-register.ts';
import { defineRegister } from '../types.ts';
import { clean, dmyToIso } from '../values.ts';

/** With no status column, an authorisation's life shows as the row appearing, going, or gaining an end date. */
const WATCHED: Watched[] = [
  { field: 'licence_number', value: dataField('licence_number') },
  { field: 'end_date', value: dataField('end_date') },
];

/**
 * ASIC Credit Representative dataset (docs/registers.md §8.4): comma CSV, one row per representative per
 * credit licensee, so the key joins both numbers. The register has no status column.
 */
const { parse, diff } = professionalRegister({
  required: ['CRED_REP_NUM', 'CRED_LIC_NUM', 'CRED_REP_NAME', 'CRED_REP_ABN_ACN'],
  key: { representative_number: 'CRED_REP_NUM', licence_number: 'CRED_LIC_NUM' },
  unkeyed: 'no CRED_REP_NUM or CRED_LIC_NUM',
  name: { column: 'CRED_REP_NAME', noun: 'credit representative' },
  identifiers: { abnOrAcn: 'CRED_REP_ABN_ACN' },
  fields: {
    start_date: ['CRED_REP_START_DT', dmyToIso],
    end_date: ['CRED_REP_END_DT', dmyToIso],
    locality: ['CRED_REP_LOCALITY', clean],
    state: ['CRED_REP_STATE', clean],
    postcode: ['CRED_REP_PCODE', clean],
    edrs: ['CRED_REP_EDRS', clean],
    // `Same as Registrant`, `Different to Registrant`, `Same as Appointing Rep`, `Different to Appointing Rep`.
    authorisations: ['CRED_REP_AUTHORISATIONS', clean],
    cross_endorse: ['CRED_REP_CROSS_ENDORSE', clean],
  },
  watched: WATCHED,
  event: 'licensing_change',
});

export const adapter = defineRegister({
  dataset: 'credit-representatives',
  title: 'ASIC Credit Representative Register',
  source: 'asic',
  parse,
  diff,
  resolve: 'licensing.credit_rep',
  events: ['licensing_change'],
});
