import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'administration_number,family_name,given_names,date_of_birth,abn,proceeding_type,start_date,status,trustee,address_locality,address_state';

const parseText = (text: string | Buffer) => parseStream(adapter, readableOf(text), 'npii.csv');

test('rows in our layout: quoted commas, blank dates, an ABN, a Windows-1252 name, rejections', async () => {
  const items = await parseText(
    Buffer.concat([
      Buffer.from(`${HEADER}\r\n`),
      Buffer.from(
        'NSW9003/26/1, LEDGER ,SAM,,55 600 272 366,Bankruptcy,14/07/2026,Current,"SANDBOX INSOLVENCY, SYDNEY",SYDNEY,NSW\r\n',
      ),
      Buffer.from('VIC9001/25/1,O\x92BRIEN,,1980-11-03,,Debt agreement,,Current,,,VIC\r\n', 'latin1'),
      Buffer.from(',NOBODY,,,,Bankruptcy,,,,,\r\n'),
      Buffer.from('QLD1/20/1,,,,,Bankruptcy,,,,,\r\n'),
    ]),
  );
  assert.deepEqual(items, [
    {
      kind: 'record',
      line: 2,
      record: {
        key: 'NSW9003/26/1',
        abn: '55600272366',
        acn: null,
        name: 'LEDGER, SAM',
        names: [{ name: 'LEDGER, SAM', type: 'individual' }],
        status: 'Current',
        asOf: null,
        data: {
          administration_number: 'NSW9003/26/1',
          family_name: 'LEDGER',
          given_names: 'SAM',
          date_of_birth: null,
          proceeding_type: 'Bankruptcy',
          start_date: '2026-07-14',
          trustee: 'SANDBOX INSOLVENCY, SYDNEY',
          address_locality: 'SYDNEY',
          address_state: 'NSW',
        },
      },
    },
    {
      kind: 'record',
      line: 3,
      record: {
        key: 'VIC9001/25/1',
        abn: null,
        acn: null,
        name: 'O\u2019BRIEN',
        names: [{ name: 'O\u2019BRIEN', type: 'individual' }],
        status: 'Current',
        asOf: null,
        data: {
          administration_number: 'VIC9001/25/1',
          family_name: 'O\u2019BRIEN',
          given_names: null,
          date_of_birth: '1980-11-03',
          proceeding_type: 'Debt agreement',
          start_date: null,
          trustee: null,
          address_locality: null,
          address_state: 'VIC',
        },
      },
    },
    { kind: 'rejected', line: 4, reason: 'no administration number' },
    { kind: 'rejected', line: 5, reason: 'administration QLD1/20/1: no name' },
  ]);
});

test('a header that is not our layout is a FormatError', async () => {
  await assert.rejects(parseText('Name,Type,Date\n"LEDGER, SAM",Bankruptcy,14/07/2026\n'), FormatError);
});

const person = (proceeding: string, abn: string | null = '55600272366'): SourceRecord => ({
  key: 'NSW9003/26/1',
  abn,
  acn: null,
  name: 'LEDGER, SAM',
  names: [{ name: 'LEDGER, SAM', type: 'individual' }],
  status: 'Current',
  asOf: null,
  data: { proceeding_type: proceeding },
});

test('diff: a new proceeding, an ABN supplied later and a turn to bankruptcy raise the event', () => {
  const event = (old: string | null, now: string) => [
    {
      type: 'bankruptcy_petition_filed',
      entity: { abn: '55600272366', acn: null, name: 'LEDGER, SAM' },
      changes: [{ field: 'proceeding_type', old, new: now }],
    },
  ];
  assert.deepEqual(adapter.diff(null, person('Bankruptcy')), event(null, 'Bankruptcy'));
  assert.deepEqual(adapter.diff(null, person('Debt agreement')), event(null, 'Debt agreement'));
  assert.deepEqual(adapter.diff(person('Bankruptcy', null), person('Bankruptcy')), event(null, 'Bankruptcy'));
  assert.deepEqual(
    adapter.diff(person('Debt agreement'), person('Bankruptcy')),
    event('Debt agreement', 'Bankruptcy'),
  );
  assert.deepEqual(
    adapter.diff(person('Debt agreement'), person("Creditor's petition")),
    event('Debt agreement', "Creditor's petition"),
  );
});

test('diff: no ABN, no change, a turn away from bankruptcy and a proceeding that goes raise nothing', () => {
  assert.deepEqual(adapter.diff(null, person('Bankruptcy', null)), []);
  assert.deepEqual(adapter.diff(person('Bankruptcy'), person('Bankruptcy')), []);
  assert.deepEqual(adapter.diff(person('Bankruptcy'), person('Personal insolvency agreement')), []);
  assert.deepEqual(adapter.diff(person('Bankruptcy'), null), []);
});

test('the sandbox files: a bankruptcy is recorded for LEDGER, SAM', async () => {
  const dir = new URL('../../../fixtures/sandbox/', import.meta.url);
  const base = await parseText(await readFile(new URL('npii.csv', dir)));
  const next = records(await parseText(await readFile(new URL('next/npii.csv', dir))));
  assert.ok(base.every((i) => i.kind === 'record'));
  assert.ok(records(base).every((r) => r.abn === null));
  const before = new Map(records(base).map((r) => [r.key, r]));
  const events = next.flatMap((r) => adapter.diff(before.get(r.key) ?? null, r));
  assert.deepEqual(events, [
    {
      type: 'bankruptcy_petition_filed',
      entity: { abn: '55600272366', acn: null, name: 'LEDGER, SAM' },
      changes: [{ field: 'proceeding_type', old: null, new: 'Bankruptcy' }],
    },
  ]);
});
