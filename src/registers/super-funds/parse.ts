import type { Readable } from 'node:stream';
import { isValidAbn } from '../../identifiers/check-digits.ts';
import { LineDecoder } from '../tabular.ts';
import { defineRegister, type ParseContext, type ParseItem, type SourceRecord } from '../types.ts';
import { clean, dmyToIso, flag, isoDate, ymdToIso } from '../values.ts';

/*
 * APRA fund USI & product list (docs/registers.md §10, Super Fund Lookup): fixed-width text, one product
 * per 482-character row. Field starts are 1-based columns from the official page [V]; each field runs
 * to the next one's start. The date format is [U], so DD/MM/YYYY, YYYY-MM-DD and YYYYMMDD all read.
 */
const FIELDS = {
  abn: [1, 13],
  fundName: [13, 214],
  usi: [214, 235],
  productName: [235, 436],
  restrictions: [436, 461],
  from: [461, 472],
  to: [472, 483],
} as const;

/** A row must reach the end of the USI (column 227); trailing blanks may be trimmed by the publisher. */
const MIN_LENGTH = 227;

type Product = {
  usi: string;
  product_name: string | null;
  contribution_restrictions: boolean | null;
  from: string | null;
  to: string | null;
};
type Fund = { abn: string; name: string; line: number; products: Product[] };

const field = (line: string, [start, end]: readonly [number, number]) => line.slice(start - 1, end - 1);
const anyDate = (v: string) => dmyToIso(v) ?? isoDate(v) ?? ymdToIso(v);

async function* parse(input: Readable, _context: ParseContext): AsyncGenerator<ParseItem> {
  const decoder = new LineDecoder();
  input.on('error', (error) => decoder.destroy(error));
  // The list is sorted by ABN [U], so a fund's product rows are consecutive and one fund is held at a
  // time. A fund seen again after others would make a second record for the same key: rejected.
  const done = new Set<string>();
  let fund: Fund | undefined;
  let lineNo = 0;
  let seenData = false;
  let pending = '';

  const lines = async function* () {
    for await (const chunk of input.pipe(decoder)) {
      const parts = (pending + String(chunk)).split('\n');
      pending = parts.pop() ?? '';
      yield* parts;
    }
    if (pending) yield pending;
  };

  for await (const raw of lines()) {
    lineNo++;
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') continue;
    const abn = field(line, FIELDS.abn).trim();
    if (!/^\d{11}$/.test(abn)) {
      // A title or header line, if the file has one, comes before the first row: skip it.
      if (!seenData) continue;
      yield {
        kind: 'rejected',
        line: lineNo,
        reason: `no 11-digit ABN in columns 1–11 ("${abn.slice(0, 20)}")`,
      };
      continue;
    }
    seenData = true;
    if (line.length < MIN_LENGTH) {
      yield {
        kind: 'rejected',
        line: lineNo,
        reason: `${line.length} characters: a row is 482 and the USI ends at 227`,
      };
      continue;
    }
    if (!isValidAbn(abn)) {
      yield { kind: 'rejected', line: lineNo, reason: `ABN "${abn}" fails the check digit` };
      continue;
    }
    const usi = field(line, FIELDS.usi).trim();
    if (!usi) {
      yield { kind: 'rejected', line: lineNo, reason: `ABN ${abn}: a product row without a USI` };
      continue;
    }
    if (fund && fund.abn !== abn) {
      yield emit(fund);
      fund = undefined;
    }
    if (!fund) {
      if (done.has(abn)) {
        yield {
          kind: 'rejected',
          line: lineNo,
          reason: `ABN ${abn} again after other funds: the file is not grouped by ABN`,
        };
        continue;
      }
      const name = clean(field(line, FIELDS.fundName));
      if (!name) {
        yield { kind: 'rejected', line: lineNo, reason: `ABN ${abn} has no fund name` };
        continue;
      }
      done.add(abn);
      fund = { abn, name, line: lineNo, products: [] };
    }
    fund.products.push({
      usi,
      product_name: clean(field(line, FIELDS.productName)),
      contribution_restrictions: flag(field(line, FIELDS.restrictions)),
      from: anyDate(field(line, FIELDS.from)),
      to: anyDate(field(line, FIELDS.to)),
    });
  }
  if (fund) yield emit(fund);
}

function emit(fund: Fund): ParseItem {
  const record: SourceRecord = {
    key: fund.abn,
    abn: fund.abn,
    acn: null,
    name: fund.name,
    names: [],
    // Every fund on the list is APRA-regulated; the file has no status column [U].
    status: 'Regulated',
    asOf: null,
    data: { products: fund.products },
  };
  return { kind: 'record', record, line: fund.line };
}

export const adapter = defineRegister({
  dataset: 'super-funds',
  title: 'APRA Fund USI and Product List (Super Fund Lookup)',
  source: 'apra',
  parse,
  // Product launches and closures are not among the 13 event types (events/types.ts), and a fund
  // leaving the list is reported by the ABR (its ABN cancelled) rather than here.
  diff: () => [],
  resolve: 'superannuation',
  events: [],
});
