import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { firstEvent } from '../first-event.ts';
import { FormatError, type ParseItem, type SourceRecord } from './types.ts';

/**
 * Decodes a register file line by line: UTF-8 where the bytes are valid UTF-8, Windows-1252 where a
 * line is not (older ASIC and AFS files were written in cp1252; a UTF-8 file with a stray cp1252
 * byte still reads). A UTF-8 byte-order mark is dropped. Lines are split on LF, so CRLF files keep
 * their CR for the CSV parser to handle.
 */
export class LineDecoder extends Transform {
  #pending: Buffer = Buffer.alloc(0);
  #first = true;
  #utf8 = new TextDecoder('utf-8', { fatal: true });
  /** Lines that were not valid UTF-8 and were read as Windows-1252. */
  fallbackLines = 0;
  /** Set at the end: the last line had text and no line break after it. */
  endedMidLine = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let buffer = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    if (this.#first && buffer.length >= 3) {
      if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) buffer = buffer.subarray(3);
      this.#first = false;
    }
    let start = 0;
    let newline = buffer.indexOf(10, start);
    const out: string[] = [];
    while (newline !== -1) {
      out.push(this.#decode(buffer.subarray(start, newline + 1)));
      start = newline + 1;
      newline = buffer.indexOf(10, start);
    }
    this.#pending = Buffer.from(buffer.subarray(start));
    if (out.length) this.push(out.join(''));
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.#pending.length) {
      const last = this.#decode(this.#pending);
      this.endedMidLine = last.trim() !== '';
      this.push(last);
    }
    done();
  }

  #decode(line: Buffer): string {
    try {
      return this.#utf8.decode(line);
    } catch {
      this.fallbackLines++;
      return iconv.decode(line, 'win1252');
    }
  }
}

export type TableOptions = {
  fileName: string;
  /** Headers that must be present (compared case-insensitively, spaces trimmed). */
  required: readonly string[];
  /**
   * `tab` for ASIC's "CSV" files that are really TSV (no quoting: quotes are literal characters),
   * `comma` for RFC-4180 CSV; `sniff` (default) decides from the header line.
   */
  delimiter?: 'tab' | 'comma' | 'sniff';
  /** Keeps rows whose field count differs from the header's (the adapter re-aligns them). */
  ragged?: boolean;
};

export type TableRow =
  | { kind: 'row'; line: number; row: Record<string, string>; fields: string[]; header: string[] }
  | { kind: 'rejected'; line: number; reason: string };

/** Reads the header line's bytes without consuming them, to choose the delimiter. */
function sniffDelimiter(headerLine: string): '\t' | ',' {
  const tabs = headerLine.split('\t').length - 1;
  const commas = headerLine.replace(/"[^"]*"/g, '').split(',').length - 1;
  return tabs > 0 && tabs >= commas ? '\t' : ',';
}

const normalizeHeader = (h: string) =>
  h
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase();

/**
 * Streams a delimited register file as rows keyed by header name: columns are always found by name,
 * never by position, because the registers change their layouts. A header that lacks a required
 * column is a FormatError naming the file and the columns; a row with the wrong number of fields is
 * rejected with its line number (unless `ragged`). A file whose last row is short of fields and has
 * no line break after it was cut off: a FormatError, since every row after the cut would otherwise
 * read as removed from the register.
 */
export async function* readTable(input: Readable, options: TableOptions): AsyncGenerator<TableRow> {
  const decoder = new LineDecoder();
  const text = input.pipe(decoder);
  input.on('error', (error) => decoder.destroy(error));

  // Peek at the first line to pick the delimiter, then hand everything to csv-parse.
  const iterator = text[Symbol.asyncIterator]();
  let head = '';
  const buffered: string[] = [];
  while (!head.includes('\n')) {
    const next = await iterator.next();
    if (next.done) break;
    const piece = String(next.value);
    buffered.push(piece);
    head += piece;
  }
  if (head.trim() === '') throw new FormatError(`${options.fileName}: the file is empty`, 1);
  const headerLine = head.split('\n')[0] ?? '';
  const delimiter =
    options.delimiter === 'tab' ? '\t' : options.delimiter === 'comma' ? ',' : sniffDelimiter(headerLine);

  const parser = parse({
    delimiter,
    quote: delimiter === '\t' ? false : '"',
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n'],
    max_record_size: 1024 * 1024,
    info: true,
  });
  // Until the parser takes more, or is gone: a reader that stops early (the ingest failed, say)
  // destroys it, and then no 'drain' ever comes.
  const roomFor = async () => {
    if (!parser.destroyed) await firstEvent(parser, ['drain', 'close']);
  };
  const feed = (async () => {
    try {
      for (const piece of buffered) if (!parser.write(piece)) await roomFor();
      for (;;) {
        if (parser.destroyed) {
          await iterator.return?.();
          return;
        }
        const next = await iterator.next();
        if (next.done) break;
        if (!parser.write(String(next.value))) await roomFor();
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();

  let header: string[] | undefined;
  let keys: string[] = [];
  // Each row is handed on once the next one is read (or the file has ended): the last one may turn
  // out to be where the file was cut off.
  let held: { item: TableRow; short: boolean } | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!header) {
        header = record.map((h) => h.replace(/^\ufeff/, '').trim());
        keys = header.map(normalizeHeader);
        const missing = options.required.filter((r) => !keys.includes(normalizeHeader(r)));
        if (missing.length > 0) {
          throw new FormatError(
            `${options.fileName}: the header does not match this register's format: missing ${missing.map((m) => `"${m}"`).join(', ')} (found ${header.length} columns: ${header.slice(0, 6).join(', ')}${header.length > 6 ? ', …' : ''})`,
            1,
          );
        }
        continue;
      }
      const line = info.lines;
      if (record.length === 1 && (record[0] ?? '').trim() === '') continue;
      if (held) yield held.item;
      const short = record.length < header.length;
      if (record.length !== header.length && !options.ragged) {
        held = {
          item: {
            kind: 'rejected',
            line,
            reason: `${record.length} fields where the header has ${header.length}`,
          },
          short,
        };
        continue;
      }
      const row: Record<string, string> = {};
      for (let i = 0; i < keys.length; i++) row[keys[i] ?? ''] = record[i] ?? '';
      held = { item: { kind: 'row', line, row, fields: record, header }, short };
    }
    if (held?.short && decoder.endedMidLine) {
      throw new FormatError(
        `${options.fileName}: the file ends in the middle of a row (line ${held.item.line}, short of fields, no line break after it): it looks cut off`,
        held.item.line,
      );
    }
    if (held) yield held.item;
  } catch (error) {
    if (error instanceof FormatError) throw error;
    const e = error as { message?: string; lines?: number };
    throw new FormatError(`${options.fileName}: ${e.message ?? 'unreadable'}`, e.lines);
  } finally {
    await feed.catch(() => undefined);
    // A reader that stopped early leaves the rest of the file unread: it is closed all the same.
    if (!input.readableEnded) input.destroy();
  }
  if (!header) throw new FormatError(`${options.fileName}: no header line`, 1);
}

/** A row's value by header name (case-insensitive); '' when the column is absent. */
export const col = (row: Record<string, string>, name: string): string => row[name.toLowerCase()] ?? '';

/** A row `readTable` read. */
export type TableDataRow = Extract<TableRow, { kind: 'row' }>;

/**
 * `readTable`'s rows as parse items, for a register whose rows are each one record: `toRecord` makes
 * the record or returns why it cannot (the row is then rejected at its line); rows `readTable`
 * rejected pass through.
 */
export async function* readRecords(
  input: Readable,
  options: TableOptions,
  toRecord: (row: TableDataRow) => SourceRecord | string,
): AsyncGenerator<ParseItem> {
  for await (const item of readTable(input, options)) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const result = toRecord(item);
    yield typeof result === 'string'
      ? { kind: 'rejected', line: item.line, reason: result }
      : { kind: 'record', record: result, line: item.line };
  }
}

/**
 * `readRecords` for a list whose keys stand in for a missing number (a name, a name and date): a
 * row whose key an earlier row already had is rejected, naming that line, rather than read twice.
 */
export async function* readDistinctRecords(
  input: Readable,
  options: TableOptions,
  toRecord: (row: TableDataRow) => SourceRecord | string,
): AsyncGenerator<ParseItem> {
  const seen = new Map<string, number>();
  for await (const item of readRecords(input, options, toRecord)) {
    if (item.kind === 'record') {
      const { key } = item.record;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        yield { kind: 'rejected', line: item.line, reason: `same key "${key}" as line ${earlier}` };
        continue;
      }
      seen.set(key, item.line);
    }
    yield item;
  }
}
