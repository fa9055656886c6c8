import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { test } from 'node:test';
import type { SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const company = (over: Partial<SourceRecord> = {}, data: Record<string, unknown> = {}): SourceRecord => ({
  key: '44600110236',
  abn: '44600110236',
  acn: '600110236',
  name: 'SANDBOX ACTIVE HOLDINGS PTY LTD',
  names: [],
  status: 'ACT',
  asOf: '2025-03-10',
  ...over,
  data: { abn_status: over.status ?? 'ACT', gst_status: 'ACT', ...data },
});

const entity = { abn: '44600110236', acn: '600110236', name: 'SANDBOX ACTIVE HOLDINGS PTY LTD' };

test('a new record and an unchanged one raise nothing', () => {
  assert.deepEqual(adapter.diff(null, company()), []);
  assert.deepEqual(adapter.diff(company(), company({ asOf: '2026-01-01' })), []);
});

test('a new main name is a name_change', () => {
  assert.deepEqual(adapter.diff(company(), company({ name: 'SANDBOX ACTIVE GROUP PTY LTD' })), [
    {
      type: 'name_change',
      entity: { ...entity, name: 'SANDBOX ACTIVE GROUP PTY LTD' },
      changes: [
        { field: 'entity_name', old: 'SANDBOX ACTIVE HOLDINGS PTY LTD', new: 'SANDBOX ACTIVE GROUP PTY LTD' },
      ],
    },
  ]);
});

test('ACT → CAN is abn_cancelled; CAN → ACT (reinstated) is not', () => {
  assert.deepEqual(adapter.diff(company(), company({ status: 'CAN' })), [
    { type: 'abn_cancelled', entity, changes: [{ field: 'abn_status', old: 'ACT', new: 'CAN' }] },
  ]);
  assert.deepEqual(adapter.diff(company({ status: 'CAN' }), company()), []);
});

test('an active ABN gone from a full snapshot is abn_cancelled with new null; a cancelled one is not', () => {
  assert.deepEqual(adapter.diff(company(), null), [
    { type: 'abn_cancelled', entity, changes: [{ field: 'abn_status', old: 'ACT', new: null }] },
  ]);
  assert.deepEqual(adapter.diff(company({ status: 'CAN' }), null), []);
});

test('GST ACT → CAN or NON is gst_deregistered; NON → ACT is not', () => {
  for (const gst of ['CAN', 'NON']) {
    assert.deepEqual(adapter.diff(company(), company({}, { gst_status: gst })), [
      { type: 'gst_deregistered', entity, changes: [{ field: 'gst_status', old: 'ACT', new: gst }] },
    ]);
  }
  assert.deepEqual(adapter.diff(company({}, { gst_status: 'NON' }), company()), []);
});

test('one snapshot can raise several events for one ABN', () => {
  const types = adapter
    .diff(company(), company({ name: 'SANDBOX ACTIVE GROUP PTY LTD', status: 'CAN' }, { gst_status: 'CAN' }))
    .map((e) => e.type);
  assert.deepEqual(types, ['name_change', 'abn_cancelled', 'gst_deregistered']);
});

async function load(path: string): Promise<{ asOf: string | null; records: Map<string, SourceRecord> }> {
  const records = new Map<string, SourceRecord>();
  let asOf: string | null = null;
  const url = new URL(`../../../fixtures/sandbox/${path}`, import.meta.url);
  for await (const item of adapter.parse(createReadStream(url), { fileName: path })) {
    if (item.kind === 'snapshot') asOf = item.asOf;
    else if (item.kind === 'record') records.set(item.record.key, item.record);
    else assert.fail(`rejected line ${item.line}: ${item.reason}`);
  }
  return { asOf, records };
}

test('sandbox: every README entity is in the base file; next/ yields exactly the three ABR events', async () => {
  const base = await load('abr-bulk/20261118Public01.xml');
  const next = await load('next/abr-bulk/20261125Public01.xml');
  assert.equal(base.asOf, '2026-11-18');
  assert.equal(next.asOf, '2026-11-25');

  // fixtures/sandbox/README.md, "Entities and where they appear": all of them are in abr-bulk.
  const readme = [
    '44600110236',
    '37600120367',
    '30600130498',
    '48600140672',
    '31600150758',
    '24600160889',
    '58600171060',
    '51600181191',
    '59600191320',
    '60600201401',
    '53600211532',
    '46600221663',
    '39600231794',
    '47600241923',
    '56600252051',
    '62600262235',
    '55600272366',
    '50600282442',
    '43600292573',
    '57600302707',
    '60600312883',
    '72600323019',
    '52600333097',
    '60600343226',
    '53600353357',
    '46600363488',
    '54600373617',
  ];
  for (const abn of readme) assert.ok(base.records.has(abn), `${abn} missing from the base file`);

  const sole = base.records.get('51600181191');
  assert.equal(sole?.name, 'SANDPIPER, ALEX JORDAN');
  assert.deepEqual(sole?.names, [{ name: 'Sandpiper Design', type: 'business' }]);
  assert.equal(base.records.get('60600343226')?.name, 'SANDBOX HARBOUR CAFE PTY LTD');
  assert.equal(base.records.get('31600150758')?.acn, '600150758');
  assert.equal(base.records.get('37600120367')?.status, 'CAN');
  assert.equal(base.records.get('59600191320')?.name, 'SANDBOX & PARTNERS');

  const events = [];
  for (const [key, before] of base.records) {
    for (const e of adapter.diff(before, next.records.get(key) ?? null)) events.push([e.type, e.entity.abn]);
  }
  assert.deepEqual(events.sort(), [
    ['abn_cancelled', '59600191320'],
    ['gst_deregistered', '51600181191'],
    ['name_change', '44600110236'],
  ]);
});
