import type { Readable } from 'node:stream';
import { decimal, diffWatched, tildeList, type Watched } from '../asic-professional.ts';
import { col, readRecords } from '../tabular.ts';
import { defineRegister, type SourceRecord } from '../types.ts';
import { abnOrAcn, clean, dmyToIso } from '../values.ts';

const REQUIRED = ['AFS_LIC_NUM', 'AFS_LIC_NAME', 'AFS_LIC_ABN_ACN', 'AFS_LIC_START_DT'];

/**
 * ASIC AFS Licensee dataset (registers.md §8.1): comma CSV with quoting, current licensees only, so
 * there is no status column and every record is `Current`. AFS_LIC_LAT/LNG are read when present:
 * a 2026 capture lacked them [U].
 */
const parse = (input: Readable, { fileName }: { fileName: string }) =>
  readRecords(input, { fileName, required: REQUIRED }, ({ row }) => toRecord(row));

function toRecord(row: Record<string, string>): SourceRecord | string {
  const number = clean(col(row, 'AFS_LIC_NUM'));
  if (!number) return 'no AFS_LIC_NUM';
  const name = clean(col(row, 'AFS_LIC_NAME'));
  if (!name) return `licence ${number} has no name`;
  const { abn, acn } = abnOrAcn(col(row, 'AFS_LIC_ABN_ACN'));
  const country = clean(col(row, 'AFS_LIC_ADD_COUNTRY'));
  return {
    key: number,
    abn,
    acn,
    name,
    names: [],
    status: 'Current',
    asOf: null,
    data: {
      licence_number: number,
      start_date: dmyToIso(col(row, 'AFS_LIC_START_DT')),
      pre_fsr: tildeList(col(row, 'AFS_LIC_PRE_FSR')),
      locality: clean(col(row, 'AFS_LIC_ADD_LOCAL')),
      state: clean(col(row, 'AFS_LIC_ADD_STATE')),
      postcode: clean(col(row, 'AFS_LIC_ADD_PCODE')),
      // `International` = outside Australia; blank = ASIC did not validate the address.
      country,
      latitude: decimal(col(row, 'AFS_LIC_LAT')),
      longitude: decimal(col(row, 'AFS_LIC_LNG')),
      conditions: tildeList(col(row, 'AFS_LIC_CONDITION')),
    },
  };
}

/**
 * A licence appearing (granted) or leaving the current-only file (cancelled, suspended or
 * surrendered) is a licensing change for its holder, and so is any change to its conditions.
 */
const WATCHED: Watched[] = [
  { field: 'licence_number', value: (r) => r.key },
  { field: 'licence_status', value: (r) => r.status },
  { field: 'conditions', value: (r) => r.data.conditions, changesOnly: true },
];

export const adapter = defineRegister({
  dataset: 'afs-licensees',
  title: 'ASIC AFS Licensee Register',
  source: 'asic',
  parse,
  diff: (before, after) => diffWatched('licensing_change', before, after, WATCHED),
  resolve: 'licensing.afs_licensee',
  events: ['licensing_change'],
  sandboxExamples: {
    licensing_change: () => [{ field: 'licence_status', old: 'Current', new: 'Cancelled' }],
  },
});
