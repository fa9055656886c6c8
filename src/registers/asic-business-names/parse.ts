import type { Readable } from 'node:stream';
import { readRecords } from '../tabular.ts';
import { defineRegister, type ParseContext } from '../types.ts';
import { diffBusinessNames } from './diff.ts';
import { toBusinessNameRecord } from './to-record.ts';

// docs/registers.md §4: 8 columns; REGISTER_NAME (always `BUSINESS NAMES`) is not needed to read a row.
const REQUIRED = [
  'BN_NAME',
  'BN_STATUS',
  'BN_REG_DT',
  'BN_CANCEL_DT',
  'BN_STATE_NUM',
  'BN_STATE_OF_REG',
  'BN_ABN',
];

/** Streams the ASIC Business Names Dataset (`business_names_YYYYMM.csv`: TSV, no quoting). */
export const parseBusinessNames = (input: Readable, { fileName }: ParseContext) =>
  readRecords(input, { fileName, required: REQUIRED, delimiter: 'tab' }, ({ row }) =>
    toBusinessNameRecord(row),
  );

export const adapter = defineRegister({
  dataset: 'asic-business-names',
  title: 'ASIC Business Names Dataset',
  source: 'asic',
  parse: parseBusinessNames,
  diff: diffBusinessNames,
  events: ['name_change'],
});
