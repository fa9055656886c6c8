import type { Readable } from 'node:stream';
import { asicAcn, dataField, diffWatched, tildeList, type Watched } from '../asic-professional.ts';
import { col, readRecords } from '../tabular.ts';
import { defineRegister, type SourceRecord } from '../types.ts';
import { abnOrNull, clean, dmyToIso, flag } from '../values.ts';

const REQUIRED = [
  'AFS_REP_NUM',
  'AFS_LIC_NUM',
  'AFS_REP_NAME',
  'AFS_REP_ABN',
  'AFS_REP_ACN',
  'AFS_REP_STATUS',
];

/**
 * ASIC AFS Authorised Representative dataset (registers.md §8.2): TAB-delimited, one row per
 * representative per licensee (one rep may act for several), so the key joins both numbers.
 */
const parse = (input: Readable, { fileName }: { fileName: string }) =>
  readRecords(input, { fileName, required: REQUIRED }, ({ row, header }) => toRecord(row, header));

/**
 * The authorisation flags (FIN, DEAL, APPLY, … UNDERWR) are every column that is not an
 * `AFS_REP_*`/`AFS_LIC_*`/`REGISTER_NAME` one, so a flag ASIC adds later is still collected. Their
 * values are [U] (`Y`/`N` expected): anything `flag()` reads as true counts.
 */
function authorisations(row: Record<string, string>, header: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of header) {
    if (/^(AFS_REP_|AFS_LIC_|REGISTER_NAME$)/i.test(name)) continue;
    if (flag(col(row, name)) === true) out.push(name);
  }
  return out;
}

function toRecord(row: Record<string, string>, header: readonly string[]): SourceRecord | string {
  const rep = clean(col(row, 'AFS_REP_NUM'));
  const licence = clean(col(row, 'AFS_LIC_NUM'));
  if (!rep || !licence) return 'no AFS_REP_NUM or AFS_LIC_NUM';
  const name = clean(col(row, 'AFS_REP_NAME'));
  if (!name) return `representative ${rep} has no name`;
  return {
    key: `${rep}|${licence}`,
    abn: abnOrNull(col(row, 'AFS_REP_ABN')),
    acn: asicAcn(col(row, 'AFS_REP_ACN')),
    name,
    names: [],
    // Vocabulary [U] (current/ceased style expected): passed through as written.
    status: clean(col(row, 'AFS_REP_STATUS')),
    asOf: null,
    data: {
      representative_number: rep,
      licence_number: licence,
      other_role: clean(col(row, 'AFS_REP_OTHER_ROLE')),
      start_date: dmyToIso(col(row, 'AFS_REP_START_DT')),
      end_date: dmyToIso(col(row, 'AFS_REP_END_DT')),
      locality: clean(col(row, 'AFS_REP_ADD_LOCAL')),
      state: clean(col(row, 'AFS_REP_ADD_STATE')),
      postcode: clean(col(row, 'AFS_REP_ADD_PCODE')),
      country: clean(col(row, 'AFS_REP_ADD_COUNTRY')),
      cross_endorse: clean(col(row, 'AFS_REP_CROSS_ENDORSE')),
      may_appoint: clean(col(row, 'AFS_REP_MAY_APPOINT')),
      appointed_by: clean(col(row, 'AFS_REP_APPOINTED_BY')),
      authorisations: authorisations(row, header),
      same_authorisations: clean(col(row, 'AFS_REP_SAME_AUTH')),
      related_business_names: tildeList(col(row, 'AFS_REP_RELATED_BN')),
    },
  };
}

const WATCHED: Watched[] = [
  { field: 'licence_number', value: dataField('licence_number') },
  { field: 'representative_status', value: (r) => r.status },
  { field: 'end_date', value: dataField('end_date') },
];

export const adapter = defineRegister({
  dataset: 'afs-representatives',
  title: 'ASIC AFS Authorised Representative Register',
  source: 'asic',
  parse,
  diff: (before, after) => diffWatched('licensing_change', before, after, WATCHED),
  resolve: 'licensing.afs_authorised_rep',
  events: ['licensing_change'],
});
