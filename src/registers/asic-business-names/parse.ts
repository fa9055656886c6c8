import type { Readable } from 'node:stream';
import { readTable } from '../tabular.ts';
import type { ParseContext, ParseItem, RegisterAdapter } from '../types.ts';
import { diffBusinessNames } from './diff.ts';
import { toBusinessNameRecord } from './to-record.ts';

// registers.md §4: 8 columns; REGISTER_NAME (always `BUSINESS NAMES`) is not needed to read a row.
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
export async function* parseBusinessNames(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  for await (const item of readTable(input, {
    fileName: context.fileName,
    required: REQUIRED,
    delimiter: 'tab',
  })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const result = toBusinessNameRecord(item.row);
    yield typeof result === 'string'
      ? { kind: 'rejected', line: item.line, reason: result }
      : { kind: 'record', record: result, line: item.line };
  }
}

export const adapter: RegisterAdapter = {
  dataset: 'asic-business-names',
  title: 'ASIC Business Names Dataset',
  source: 'asic',
  parse: parseBusinessNames,
  diff: diffBusinessNames,
};
