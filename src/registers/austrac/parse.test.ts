import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER = 'abn,acn,name,register,status,registered_date,cancelled_date,services';

const parseText = (text: string | Buffer) => parseStream(adapter, readableOf(text), 'austrac.csv');

test('rows in our layout: quoted commas, blank and ISO dates, services, a name-only row', async () => {
  const items = await parseText(
    `\ufeff${HEADER}\r\n` +
      '52 600 333 097,600 333 097,"SANDBOX REMITTANCE, FX & TRAVEL PTY LTD",Remittance Sector Register,Registered,01/03/2019,,Independent remittance dealer; Affiliate\r\n' +
      ',,\u00a0CORNER AGENCY ,Reporting Entities Roll,Cancelled,2017-05-10,2024-12-31,\r\n' +
      '12345678901,,BAD ABN PTY LTD,Remittance Sector Register,Registered,,,\r\n' +
      ',,,Remittance Sector Register,Registered,,,\r\n' +
      'too,few,fields\r\n',
  );
  assert.deepEqual(items, [
    {
      kind: 'record',
      line: 2,
      record: {
        key: 'Remittance Sector Register|52600333097',
        abn: '52600333097',
        acn: '600333097',
        name: 'SANDBOX REMITTANCE, FX & TRAVEL PTY LTD',
        names: [],
        status: 'Registered',
        asOf: null,
        data: {
          register: 'Remittance Sector Register',
          registered_date: '2019-03-01',
          cancelled_date: null,
          services: ['Independent remittance dealer', 'Affiliate'],
        },
      },
    },
    {
      kind: 'record',
      line: 3,
      record: {
        key: 'Reporting Entities Roll|CORNER AGENCY',
        abn: null,
        acn: null,
        name: 'CORNER AGENCY',
        names: [],
        status: 'Cancelled',
        asOf: null,
        data: {
          register: 'Reporting Entities Roll',
          registered_date: '2017-05-10',
          cancelled_date: '2024-12-31',
          services: [],
        },
      },
    },
    {
      kind: 'record',
      line: 4,
      record: {
        key: 'Remittance Sector Register|BAD ABN PTY LTD',
        abn: null,
        acn: null,
        name: 'BAD ABN PTY LTD',
        names: [],
        status: 'Registered',
        asOf: null,
        data: {
          register: 'Remittance Sector Register',
          registered_date: null,
          cancelled_date: null,
          services: [],
        },
      },
    },
    { kind: 'rejected', line: 5, reason: 'no name' },
    { kind: 'rejected', line: 6, reason: '3 fields where the header has 8' },
  ]);
});

test('a header that is not our layout is a FormatError', async () => {
  await assert.rejects(parseText('ABN,Entity name,Status\n52600333097,X,Registered\n'), FormatError);
});

const entity = (status: string, abn: string | null = '52600333097'): SourceRecord => ({
  key: `Remittance Sector Register|${abn ?? 'X'}`,
  abn,
  acn: null,
  name: 'SANDBOX REMITTANCE PTY LTD',
  names: [],
  status,
  asOf: null,
  data: { register: 'Remittance Sector Register' },
});

test('diff: appear, status change and disappear raise austrac_roll_change; nothing else does', () => {
  const change = (old: string | null, now: string | null) => [
    {
      type: 'austrac_roll_change',
      entity: { abn: '52600333097', acn: null, name: 'SANDBOX REMITTANCE PTY LTD' },
      changes: [{ field: 'status', old, new: now }],
    },
  ];
  assert.deepEqual(adapter.diff(null, entity('Registered')), change(null, 'Registered'));
  assert.deepEqual(
    adapter.diff(entity('Registered'), entity('Suspended')),
    change('Registered', 'Suspended'),
  );
  assert.deepEqual(adapter.diff(entity('Cancelled'), null), change('Cancelled', null));
  assert.deepEqual(adapter.diff(entity('Registered'), entity('Registered')), []);
  assert.deepEqual(adapter.diff(null, entity('Registered', null)), []);
});

test('the sandbox files: SANDBOX REMITTANCE PTY LTD goes from Registered to Cancelled', async () => {
  const dir = new URL('../../../fixtures/sandbox/', import.meta.url);
  const base = await parseText(await readFile(new URL('austrac.csv', dir)));
  const next = records(await parseText(await readFile(new URL('next/austrac.csv', dir))));
  assert.ok(base.every((i) => i.kind === 'record'));
  const before = new Map(records(base).map((r) => [r.key, r]));
  const events = next.flatMap((r) => adapter.diff(before.get(r.key) ?? null, r));
  assert.deepEqual(events, [
    {
      type: 'austrac_roll_change',
      entity: { abn: '52600333097', acn: '600333097', name: 'SANDBOX REMITTANCE PTY LTD' },
      changes: [{ field: 'status', old: 'Registered', new: 'Cancelled' }],
    },
  ]);
});
