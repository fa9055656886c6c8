import type { Readable } from 'node:stream';
import { readTable } from '../tabular.ts';
import type { ParseContext, ParseItem, RegisterAdapter } from '../types.ts';
import { diffCharities } from './diff.ts';
import { toCharityRecord } from './to-record.ts';

// The rest of the 69 columns (and the 2019 layout's) are optional: read by name where present.
const REQUIRED = ['ABN', 'Charity_Legal_Name'];

/** Streams the ACNC Register of Charities (`datadotgov_main.csv`: RFC-4180 comma CSV, UTF-8). */
export async function* parseCharities(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  for await (const item of readTable(input, {
    fileName: context.fileName,
    required: REQUIRED,
    delimiter: 'comma',
  })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const result = toCharityRecord(item.row, item.header, item.fields);
    yield typeof result === 'string'
      ? { kind: 'rejected', line: item.line, reason: result }
      : { kind: 'record', record: result, line: item.line };
  }
}

export const adapter: RegisterAdapter = {
  dataset: 'acnc',
  title: 'ACNC Register of Charities',
  source: 'acnc',
  parse: parseCharities,
  diff: diffCharities,
};
