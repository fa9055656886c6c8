import type { Readable } from 'node:stream';
import { dataField, decimal, diffWatched, tildeList, type Watched } from '../asic-professional.ts';
import { col, readRecords } from '../tabular.ts';
import { defineRegister, type SourceRecord } from '../types.ts';
import { abnOrAcn, clean, dmyToIso } from '../values.ts';

const REQUIRED = ['CRED_LIC_NUM', 'CRED_LIC_NAME', 'CRED_LIC_STATUS', 'CRED_LIC_ABN_ACN'];

/**
 * ASIC Credit Licensee dataset (registers.md §8.3): comma CSV with quoting; current licences only
 * (CRED_LIC_STATUS `APPR` approved or `SUSP` suspended; CRED_LIC_END_DT blank).
 */
const parse = (input: Readable, { fileName }: { fileName: string }) =>
  readRecords(input, { fileName, required: REQUIRED }, ({ row }) => toRecord(row));

function toRecord(row: Record<string, string>): SourceRecord | string {
  const number = clean(col(row, 'CRED_LIC_NUM'));
  if (!number) return 'no CRED_LIC_NUM';
  // An individual licensee's name may be redacted (registers.md §8.3): the licence still stands, by
  // its number and ABN, under its first business name or its number.
  const listedName = clean(col(row, 'CRED_LIC_NAME'));
  const { abn, acn } = abnOrAcn(col(row, 'CRED_LIC_ABN_ACN'));
  const businessNames = tildeList(col(row, 'CRED_LIC_BN'));
  const name = listedName ?? businessNames[0] ?? `Credit licence ${number}`;
  return {
    key: number,
    abn,
    acn,
    name,
    names: businessNames.map((n) => ({ name: n, type: 'business' })),
    status: clean(col(row, 'CRED_LIC_STATUS')),
    asOf: null,
    data: {
      licence_number: number,
      ...(listedName ? {} : { name_withheld: true }),
      start_date: dmyToIso(col(row, 'CRED_LIC_START_DT')),
      end_date: dmyToIso(col(row, 'CRED_LIC_END_DT')),
      afsl_number: clean(col(row, 'CRED_LIC_AFSL_NUM')),
      status_history: tildeList(col(row, 'CRED_LIC_STATUS_HISTORY')),
      locality: clean(col(row, 'CRED_LIC_LOCALITY')),
      state: clean(col(row, 'CRED_LIC_STATE')),
      postcode: clean(col(row, 'CRED_LIC_PCODE')),
      latitude: decimal(col(row, 'CRED_LIC_LAT')),
      longitude: decimal(col(row, 'CRED_LIC_LNG')),
      // Dispute resolution scheme: `AFCA` now; historic `FOS`, `COSL`, `FOS:COSL`, `CIO`.
      edrs: clean(col(row, 'CRED_LIC_EDRS')),
      business_names: businessNames,
      authorisations: tildeList(col(row, 'CRED_LIC_AUTHORISATIONS')),
    },
  };
}

const WATCHED: Watched[] = [
  { field: 'licence_number', value: dataField('licence_number') },
  { field: 'licence_status', value: (r) => r.status },
];

export const adapter = defineRegister({
  dataset: 'credit-licensees',
  title: 'ASIC Credit Licensee Register',
  source: 'asic',
  parse,
  diff: (before, after) => diffWatched('licensing_change', before, after, WATCHED),
  resolve: 'licensing.credit_licensee',
  events: ['licensing_change'],
});
