import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameKey } from '../names/name-key.ts';
import type { ParseItem, SourceRecord } from '../registers/types.ts';
import { batchWriter, readBatch, serialise } from './prepare.ts';

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
            fingerprint: items[1]?.kind === 'record' ? serialise(items[1].record).fingerprint : '',
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
            fingerprint: items[3]?.kind === 'record' ? serialise(items[3].record).fingerprint : '',
            line: 12,
            names: [{ name: 'BETA', type: 'main', key: 'BETA' }],
          },
        },
      ],
    );
  });

  it('fingerprints a record by every field it is compared on, and by nothing else', () => {
    const record: SourceRecord = {
      key: '51824753556',
      abn: '51824753556',
      acn: '824753556',
      name: 'ALPHA PTY LTD',
      names: [{ name: 'ALPHA TRADING', type: 'trading' }],
      status: 'ACT',
      asOf: '2026-11-18',
      data: { state: 'NSW', postcode: '2000' },
    };
    const fingerprint = serialise(record).fingerprint;
    assert.match(fingerprint, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(
      serialise(structuredClone(record)).fingerprint,
      fingerprint,
      'the same record, the same fingerprint',
    );
    // The key is how the record is found, not what is compared.
    assert.equal(serialise({ ...record, key: 'other' }).fingerprint, fingerprint);
    const variants: SourceRecord[] = [
      { ...record, abn: null },
      { ...record, acn: null },
      { ...record, acn: '' },
      { ...record, name: 'ALPHA PTY. LTD' },
      { ...record, names: [] },
      { ...record, names: [{ name: 'ALPHA TRADING', type: 'business' }] },
      { ...record, status: 'CAN' },
      { ...record, status: null },
      { ...record, asOf: '2026-11-19' },
      { ...record, data: { state: 'NSW', postcode: '2001' } },
      { ...record, data: { state: 'NSW', postcode: '2000', extra: null } },
      // Text moved from one field to the next does not run together into the same fingerprint.
      { ...record, name: 'ALPHA PTY LTDACT', status: '' },
    ];
    const seen = new Set([fingerprint]);
    for (const v of variants) {
      const f = serialise(v).fingerprint;
      assert.ok(!seen.has(f), `a record differing in ${JSON.stringify(v)} has a fingerprint of its own`);
      seen.add(f);
    }
  });

  it('survives the copy to another thread as it is', () => {
    const writer = batchWriter();
    writer.add({ kind: 'rejected', line: 3, reason: 'x😀y' });
    const batch = structuredClone(writer.take());
    assert.deepEqual([...readBatch(batch)], [{ kind: 'rejected', line: 3, reason: 'x😀y' }]);
  });
});
