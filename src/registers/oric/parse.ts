import type { Readable } from 'node:stream';
import { readTable } from '../tabular.ts';
import { defineRegister, FormatError, type ParseContext, type ParseItem } from '../types.ts';
import { diffCorporations } from './diff.ts';
import { toCorporationRecord } from './to-record.ts';

/** Either layout's name column (see to-record.ts); the column list after myCorp is [U]. */
const NAME_COLUMNS = ['corporation', 'name'];

/**
 * Streams an ORIC register extract (CSV, ISO-8859-1: the tabular reader's Windows-1252 fallback
 * reads it, cp1252 being a superset for printable text). Only the ICN and a name column are
 * required, since the layout after the 2025 move to myCorp is not pinned down.
 */
export async function* parseCorporations(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  let checked = false;
  for await (const item of readTable(input, { fileName: context.fileName, required: ['ICN'] })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    if (!checked) {
      checked = true;
      const header = item.header.map((h) => h.toLowerCase());
      if (!NAME_COLUMNS.some((n) => header.includes(n))) {
        throw new FormatError(
          `${context.fileName}: the header has an ICN but no "Corporation" or "name" column`,
          1,
        );
      }
    }
    const result = toCorporationRecord(item.row);
    yield typeof result === 'string'
      ? { kind: 'rejected', line: item.line, reason: result }
      : { kind: 'record', record: result, line: item.line };
  }
}

export const adapter = defineRegister({
  dataset: 'oric',
  title: 'ORIC Register of Aboriginal and Torres Strait Islander Corporations',
  source: 'oric',
  parse: parseCorporations,
  diff: diffCorporations,
  entityNames: true,
  resolve: 'canonical.icn',
  events: ['deregistration', 'name_change'],
});
