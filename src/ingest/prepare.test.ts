import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameKey } from '../names/name-key.ts';
import type { ParseItem } from '../registers/types.ts';
import { batchWriter, readBatch } from './prepare.ts';

describe('batches of prepared items', () => {
  it('read back every item as added: nulls, empty strings and characters beyond the BMP included', () => {
    const items: ParseItem[] = [
      { kind: 'snapshot', asOf: '2026-11-18' },
      {
        kind: 'record',
        line: 7,
        record: {
          key: '51824753556',
          abn: '51824753556',
          acn: null,
          name: 'ŽELEZNÝ 𝔸𝔹ℂ PTY LTD',
          names: [
            { name: '', type: 'business' },
            { name: '株式会社 テスト 😀', type: 'trading' },
          ],
          status: null,
          asOf: '',
          data: { note: 'a "quoted" \\ value\u0001', nothing: null },
        },
      },
      { kind: 'rejected', line: 9, reason: 'ABN "123" fails the check digit' },
      {
        kind: 'record',
        line: 12,
        record: {
          key: 'K',
          abn: null,
          acn: '004085616',
          name: 'BETA',
          names: [],
          status: 'REGD',
          asOf: '2020-01-01',
          data: {},
        },
      },
    ];
    const writer = batchWriter();
    for (const item of items) writer.add(item);
    assert.equal(writer.items, 4);
    const batch = writer.take();
    assert.equal(writer.items, 0);
    assert.deepEqual(writer.take(), { text: '', layout: [] });

    assert.deepEqual(
      [...readBatch(batch)],
      [
        { kind: 'snapshot', asOf: '2026-11-18' },
        {
          kind: 'record',
          record: {
            key: '51824753556',
            abn: '51824753556',
            acn: null,
            name: 'ŽELEZNÝ 𝔸𝔹ℂ PTY LTD',
            status: null,
            asOf: '',
            namesJson: JSON.stringify(items[1]?.kind === 'record' ? items[1].record.names : null),
            dataJson: '{"note":"a \\"quoted\\" \\\\ value\\u0001","nothing":null}',
            line: 7,
            // The blank business name has no key and is not searchable.
            names: [
              { name: 'ŽELEZNÝ 𝔸𝔹ℂ PTY LTD', type: 'main', key: nameKey('ŽELEZNÝ 𝔸𝔹ℂ PTY LTD') },
              { name: '株式会社 テスト 😀', type: 'trading', key: nameKey('株式会社 テスト 😀') },
            ],
          },
        },
        { kind: 'rejected', line: 9, reason: 'ABN "123" fails the check digit' },
        {
          kind: 'record',
          record: {
            key: 'K',
            abn: null,
            acn: '004085616',
            name: 'BETA',
            status: 'REGD',
            asOf: '2020-01-01',
            namesJson: '[]',
            dataJson: '{}',
            line: 12,
            names: [{ name: 'BETA', type: 'main', key: 'BETA' }],
          },
        },
      ],
    );
  });

  it('survives the copy to another thread as it is', () => {
    const writer = batchWriter();
    writer.add({ kind: 'rejected', line: 3, reason: 'x😀y' });
    const batch = structuredClone(writer.take());
    assert.deepEqual([...readBatch(batch)], [{ kind: 'rejected', line: 3, reason: 'x😀y' }]);
  });
});
