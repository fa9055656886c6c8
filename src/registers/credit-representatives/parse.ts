import type { Readable } from 'node:stream';
import { dataField, diffWatched, type Watched } from '../asic-professional.ts';
import { col, readRecords } from '../tabular.ts';
import { defineRegister, type SourceRecord } from '../types.ts';
import { abnOrAcn, clean, dmyToIso } from '../values.ts';

const REQUIRED = ['CRED_REP_NUM', 'CRED_LIC_NUM', 'CRED_REP_NAME', 'CRED_REP_ABN_ACN'];

/**
 * ASIC Credit Representative dataset (registers.md §8.4): comma CSV, one row per representative per
 * credit licensee, so the key joins both numbers. The register has no status column.
 */
const parse = (input: Readable, { fileName }: { fileName: string }) =>
  readRecords(input, { fileName, required: REQUIRED }, ({ row }) => toRecord(row));

function toRecord(row: Record<string, string>): SourceRecord | string {
  const rep = clean(col(row, 'CRED_REP_NUM'));
  const licence = clean(col(row, 'CRED_LIC_NUM'));
  if (!rep || !licence) return 'no CRED_REP_NUM or CRED_LIC_NUM';
  const name = clean(col(row, 'CRED_REP_NAME'));
  if (!name) return `credit representative ${rep} has no name`;
  const { abn, acn } = abnOrAcn(col(row, 'CRED_REP_ABN_ACN'));
  return {
    key: `${rep}|${licence}`,
    abn,
    acn,
    name,
    names: [],
    status: null,
    asOf: null,
    data: {
      representative_number: rep,
      licence_number: licence,
      start_date: dmyToIso(col(row, 'CRED_REP_START_DT')),
      end_date: dmyToIso(col(row, 'CRED_REP_END_DT')),
      locality: clean(col(row, 'CRED_REP_LOCALITY')),
      state: clean(col(row, 'CRED_REP_STATE')),
      postcode: clean(col(row, 'CRED_REP_PCODE')),
      edrs: clean(col(row, 'CRED_REP_EDRS')),
      // `Same as Registrant`, `Different to Registrant`, `Same as Appointing Rep`, `Different to Appointing Rep`.
      authorisations: clean(col(row, 'CRED_REP_AUTHORISATIONS')),
      cross_endorse: clean(col(row, 'CRED_REP_CROSS_ENDORSE')),
    },
  };
}

/** With no status column, an authorisation's life shows as the row appearing, going, or gaining an end date. */
const WATCHED: Watched[] = [
  { field: 'licence_number', value: dataField('licence_number') },
  { field: 'end_date', value: dataField('end_date') },
];

export const adapter = defineRegister({
  dataset: 'credit-representatives',
  title: 'ASIC Credit Representative Register',
  source: 'asic',
  parse,
  diff: (before, after) => diffWatched('licensing_change', before, after, WATCHED),
  resolve: 'licensing.credit_rep',
  events: ['licensing_change'],
});
