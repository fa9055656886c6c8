import { Readable } from 'node:stream';
import { defineRegister, type ParseContext, type ParseItem } from '../types.ts';
import { fromGoldenCopyCsv } from './csv.ts';
import { fromApiJson } from './json.ts';

/**
 * GLEIF LEI records (docs/registers.md §9), from an API page (JSON) or the Golden Copy (CSV): the first
 * byte that is not white space (or a BOM) decides. Only RA000014 (ASIC: ACN/ARBN) and RA000013 (ABR:
 * ABN) give a join; records under other authorities are kept with abn and acn null.
 */
async function* parse(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let first: number | undefined;
  while (first === undefined) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    head.push(chunk);
    first = firstSignificantByte(Buffer.concat(head));
  }

  if (first === 0x7b /* { */) {
    const chunks = [...head];
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      chunks.push(typeof next.value === 'string' ? Buffer.from(next.value) : next.value);
    const text = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\ufeff/, '');
    yield* fromApiJson(text, context.fileName);
    return;
  }

  // Not JSON: hand the bytes already read, then the rest of the stream, to the CSV reader.
  const rest = Readable.from(
    (async function* () {
      yield* head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
  yield* fromGoldenCopyCsv(rest, context.fileName);
}

/** The first byte after a UTF-8 BOM and white space, or undefined when there is none yet. */
function firstSignificantByte(buffer: Buffer): number | undefined {
  let i = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  while (i < buffer.length && [0x20, 0x09, 0x0a, 0x0d].includes(buffer[i] ?? 0)) i++;
  // A BOM split across chunks: wait for more bytes before deciding.
  if (i === 0 && buffer[0] === 0xef && buffer.length < 3) return undefined;
  return buffer[i];
}

export const adapter = defineRegister({
  dataset: 'gleif',
  title: 'GLEIF Legal Entity Identifiers',
  source: 'gleif',
  parse,
  // None of the 13 event types (events/types.ts) is about LEIs; ASIC and the ABR already report the
  // name and status changes an LEI record mirrors, so a change here raises nothing.
  diff: () => [],
  resolve: 'external_ids.lei',
  events: [],
});
