import { dataField, type Row, tildeList, type Watched } from '../asic-professional.ts';
import { professionalRegister } from '../professional-register.ts';
import { defineRegister } from '../types.ts';
import { clean, dmyToIso, flag } from '../values.ts';

/**
 * The authorisation flags (FIN, DEAL, APPLY, … UNDERWR) are every column that is not an
 * `AFS_REP_*`/`AFS_LIC_*`/`REGISTER_NAME` one, so a flag ASIC adds later is still collected. Their
 * values are [U] (`Y`/`N` expected): anything `flag()` reads as true counts.
 */
function authorisations(row: Row): string[] {
  const out: string[] = [];
  for (const name of row.header) {
    if (/^(AFS_REP_|AFS_LIC_|REGISTER_NAME$)/i.test(name)) continue;
    if (flag(row.value(name)) === true) out.push(name);
  }
  return out;
}

const WATCHED: Watched[] = [
  { field: 'licence_number', value: dataField('licence_number') },
  { field: 'representative_status', value: (r) => r.status },
  { field: 'end_date', value: dataField('end_date') },
];

/**
 * ASIC AFS Authorised Representative dataset (docs/registers.md §8.2): TAB-delimited, one row per
 * representative per licensee (one rep may act for several), so the key joins both numbers.
 */
const { parse, diff } = professionalRegister({
  required: ['AFS_REP_NUM', 'AFS_LIC_NUM', 'AFS_REP_NAME', 'AFS_REP_ABN', 'AFS_REP_ACN', 'AFS_REP_STATUS'],
  key: { representative_number: 'AFS_REP_NUM', licence_number: 'AFS_LIC_NUM' },
  unkeyed: 'no AFS_REP_NUM or AFS_LIC_NUM',
  name: { column: 'AFS_REP_NAME', noun: 'representative' },
  identifiers: { abn: 'AFS_REP_ABN', acn: 'AFS_REP_ACN' },
  // Vocabulary [U] (current/ceased style expected): passed through as written.
  status: ['AFS_REP_STATUS', clean],
  fields: {
    other_role: ['AFS_REP_OTHER_ROLE', clean],
    start_date: ['AFS_REP_START_DT', dmyToIso],
    end_date: ['AFS_REP_END_DT', dmyToIso],
    locality: ['AFS_REP_ADD_LOCAL', clean],
    state: ['AFS_REP_ADD_STATE', clean],
    postcode: ['AFS_REP_ADD_PCODE', clean],
    country: ['AFS_REP_ADD_COUNTRY', clean],
    cross_endorse: ['AFS_REP_CROSS_ENDORSE', clean],
    may_appoint: ['AFS_REP_MAY_APPOINT', clean],
    appointed_by: ['AFS_REP_APPOINTED_BY', clean],
    authorisations,
    same_authorisations: ['AFS_REP_SAME_AUTH', clean],
    related_business_names: ['AFS_REP_RELATED_BN', tildeList],
  },
  watched: WATCHED,
  event: 'licensing_change',
});

export const adapter = defineRegister({
  dataset: 'afs-representatives',
  title: 'ASIC AFS Authorised Representative Register',
  source: 'asic',
  parse,
  diff,
  resolve: 'licensing.afs_authorised_rep',
  events: ['licensing_change'],
});
