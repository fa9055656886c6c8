import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { parseStream, readableOf } from '../test-support.ts';
import { adapter } from './parse.ts';

const parseBytes = (bytes: Buffer) => parseStream(adapter, readableOf(bytes), 'super-funds.txt');

/** A row at the published columns: each value padded to the next field's start, 482 characters in all. */
function row(
  abn: string,
  fund: string,
  usi: string,
  product: string,
  restricted: string,
  from: string,
  to: string,
) {
  const widths = [12, 201, 21, 201, 25, 11, 11];
  const line = [abn, fund, usi, product, restricted, from, to]
    .map((v, i) => v.padEnd(widths[i] ?? 0))
    .join('');
  assert.equal(line.length, 482);
  return line;
}

test('a fund with two product rows is one record; dates in each accepted format', async () => {
  const text = `${[
    row('40022701955', 'AUSTRALIANSUPER', '40022701955001', 'AustralianSuper', 'N', '01/07/2006', ''),
    row(
      '40022701955',
      'AUSTRALIANSUPER',
      '40022701955002',
      'AustralianSuper Choice Income',
      'Y',
      '2015-07-01',
      '20250630',
    ),
  ].join('\r\n')}\r\n`;
  assert.deepEqual(await parseBytes(Buffer.from(text)), [
    {
      kind: 'record',
      line: 1,
      record: {
        key: '40022701955',
        abn: '40022701955',
        acn: null,
        name: 'AUSTRALIANSUPER',
        names: [],
        status: 'Regulated',
        asOf: null,
        data: {
          products: [
            {
              usi: '40022701955001',
              product_name: 'AustralianSuper',
              contribution_restrictions: false,
              from: '2006-07-01',
              to: null,
            },
            {
              usi: '40022701955002',
              product_name: 'AustralianSuper Choice Income',
              contribution_restrictions: true,
              from: '2015-07-01',
              to: '2025-06-30',
            },
          ],
        },
      },
    },
  ]);
});

test('a title line is skipped; short lines, bad ABNs and a Windows-1252 fund name', async () => {
  const cp1252 = Buffer.from(
    row('72600323019', 'ST MARYxS SUPER FUND', '72600323019001', 'Main', 'N', '', ''),
    'latin1',
  );
  cp1252[19] = 0x92; // the x in "ST MARYxS": a cp1252 right single quote
  const bytes = Buffer.concat([
    Buffer.from('APRA Fund USI and Product List\n'),
    Buffer.from(`${row('11000000948', 'QBE FUND', '11000000948001', 'QBE', 'N', '', '')}\n`),
    Buffer.from(`${'11000000948 QBE FUND'.padEnd(120)}\n`),
    Buffer.from(`${row('12345678901', 'BAD ABN FUND', '12345678901001', 'X', 'N', '', '')}\n`),
    Buffer.from(`${row('ABN', 'NO ABN FUND', '', 'X', 'N', '', '')}\n`),
    cp1252,
  ]);
  const items = await parseBytes(bytes);
  assert.deepEqual(
    items.map((i) =>
      i.kind === 'record'
        ? [i.line, i.record.key, i.record.name]
        : i.kind === 'rejected'
          ? [i.kind, i.line]
          : [i.kind],
    ),
    [
      ['rejected', 3],
      ['rejected', 4],
      ['rejected', 5],
      [2, '11000000948', 'QBE FUND'],
      [6, '72600323019', 'ST MARY\u2019S SUPER FUND'],
    ],
  );
  const reasons = items.flatMap((i) => (i.kind === 'rejected' ? [i.reason] : []));
  assert.match(reasons[0] ?? '', /120 characters/);
  assert.match(reasons[1] ?? '', /check digit/);
  assert.match(reasons[2] ?? '', /no 11-digit ABN/);
});

test('a fund seen again after another fund is rejected rather than keyed twice', async () => {
  const text = [
    row('11000000948', 'QBE FUND', '11000000948001', 'QBE', 'N', '', ''),
    row('40022701955', 'AUSTRALIANSUPER', '40022701955001', 'AustralianSuper', 'N', '', ''),
    row('11000000948', 'QBE FUND', '11000000948002', 'QBE 2', 'N', '', ''),
  ].join('\n');
  const items = await parseBytes(Buffer.from(text));
  assert.deepEqual(
    items.map((i) =>
      i.kind === 'rejected' ? [i.line, i.reason] : i.kind === 'record' ? [i.line, i.kind] : [i.kind],
    ),
    [
      [1, 'record'],
      [2, 'record'],
      [3, 'ABN 11000000948 again after other funds: the file is not grouped by ABN'],
    ],
  );
});

test('diff raises nothing: fund products are not among the event types', () => {
  assert.deepEqual(adapter.diff(null, null), []);
});

test('the sandbox file: SANDBOX SUPERANNUATION FUND with its two products', async () => {
  const items = await parseBytes(
    await readFile(new URL('../../../fixtures/sandbox/super-funds.txt', import.meta.url)),
  );
  assert.ok(items.every((i) => i.kind === 'record'));
  const fund = items.find((i) => i.kind === 'record' && i.record.key === '72600323019');
  assert.ok(fund?.kind === 'record');
  assert.equal(fund.record.name, 'SANDBOX SUPERANNUATION FUND');
  assert.deepEqual(
    (fund.record.data.products as { usi: string }[]).map((p) => p.usi),
    ['72600323019001', '72600323019002'],
  );
});
