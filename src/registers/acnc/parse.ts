import type { Readable } from 'node:stream';
import { readRecords } from '../tabular.ts';
import { defineRegister, type ParseContext } from '../types.ts';
import { diffCharities } from './diff.ts';
import { toCharityRecord } from './to-record.ts';

// The rest of the 69 columns (and the 2019 layout's) are optional: read by name where present.
const REQUIRED = ['ABN', 'Charity_Legal_Name'];

/** Streams the ACNC Register of Charities (`datadotgov_main.csv`: RFC-4180 comma CSV, UTF-8). */
export const parseCharities = (input: Readable, { fileName }: ParseContext) =>
  readRecords(input, { fileName, required: REQUIRED, delimiter: 'comma' }, ({ row, header, fields }) =>
    toCharityRecord(row, header, fields),
  );

export const adapter = defineRegister({
  dataset: 'acnc',
  title: 'ACNC Register of Charities',
  source: 'acnc',
  parse: parseCharities,
  diff: diffCharities,
  entityNames: true,
  resolve: 'charity',
  events: ['charity_status_change'],
  sandboxExamples: {
    charity_status_change: () => [{ field: 'charity_status', old: 'Registered', new: null }],
  },
});
