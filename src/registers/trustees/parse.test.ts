import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER = 'trust_abn,trust_name,trustee_name,trustee_abn,trustee_acn,role,start_date,end_date';

const parseText = (text: string | Buffer) => parseStream(adapter, readableOf(text), 'trustees.csv');

test('rows of one trust in any order make one record; roles default; quoted commas; blank dates', async () => {
  const items = await parseText(
    `\ufeff${HEADER}\r\n` +
      '48 600 140 672,THE TRUSTEE FOR SANDBOX FAMILY TRUST,SANDBOX TRUSTEE CO PTY LTD,31600150758,600 150 758,,01/07/2015,30/06/2026\r\n' +
      '73600905057,THE TRUSTEE FOR DUNE INVESTMENT TRUST,"DUNE, RILEY",,,,,\r\n' +
      '48600140672,,"SANDBOX NEW TRUSTEE PTY LTD",24600160889,600160889,director-appointed trustee,2026-07-01,\r\n' +
      '12345678901,THE TRUSTEE FOR BAD TRUST,X PTY LTD,,,,,\r\n' +
      '73600905057,THE TRUSTEE FOR DUNE INVESTMENT TRUST,,,,,,\r\n' +
      '81600905093,,SOMEONE,,,,,\r\n',
  );
  assert.deepEqual(items, [
    { kind: 'rejected', line: 5, reason: 'trust ABN "12345678901" fails the check digit' },
    { kind: 'rejected', line: 6, reason: 'trust 73600905057: no trustee name, ABN or ACN' },
    {
      kind: 'record',
      line: 2,
      record: {
        key: '48600140672',
        abn: '48600140672',
        acn: null,
        name: 'THE TRUSTEE FOR SANDBOX FAMILY TRUST',
        names: [],
        status: null,
        asOf: null,
        data: {
          trustees: [
            {
              name: 'SANDBOX TRUSTEE CO PTY LTD',
              abn: '31600150758',
              acn: '600150758',
              role: 'corporate_trustee',
              start_date: '2015-07-01',
              end_date: '2026-06-30',
            },
            {
              name: 'SANDBOX NEW TRUSTEE PTY LTD',
              abn: '24600160889',
              acn: '600160889',
              role: 'director-appointed trustee',
              start_date: '2026-07-01',
              end_date: null,
            },
          ],
        },
      },
    },
    {
      kind: 'record',
      line: 3,
      record: {
        key: '73600905057',
        abn: '73600905057',
        acn: null,
        name: 'THE TRUSTEE FOR DUNE INVESTMENT TRUST',
        names: [],
        status: null,
        asOf: null,
        data: {
          trustees: [
            { name: 'DUNE, RILEY', abn: null, acn: null, role: 'trustee', start_date: null, end_date: null },
          ],
        },
      },
    },
    { kind: 'rejected', line: 7, reason: 'trust 81600905093: no trust name on any row' },
  ]);
});

test('a header that is not our layout is a FormatError', async () => {
  await assert.rejects(parseText('trust_abn,trustee\n48600140672,X\n'), FormatError);
});

type T = { name: string; abn?: string; acn?: string; end?: string };
const trust = (trustees: T[]): SourceRecord => ({
  key: '48600140672',
  abn: '48600140672',
  acn: null,
  name: 'THE TRUSTEE FOR SANDBOX FAMILY TRUST',
  names: [],
  status: null,
  asOf: null,
  data: {
    trustees: trustees.map((t) => ({
      name: t.name,
      abn: t.abn ?? null,
      acn: t.acn ?? null,
      role: 'trustee',
      start_date: null,
      end_date: t.end ?? null,
    })),
  },
});
const OLD = { name: 'SANDBOX TRUSTEE CO PTY LTD', abn: '31600150758', acn: '600150758' };
const NEW = { name: 'SANDBOX NEW TRUSTEE PTY LTD', abn: '24600160889', acn: '600160889' };
const event = (old: unknown[], now: unknown[]) => [
  {
    type: 'relationship_change',
    entity: { abn: '48600140672', acn: null, name: 'THE TRUSTEE FOR SANDBOX FAMILY TRUST' },
    changes: [{ field: 'trustees', old, new: now }],
  },
];

test('diff: a trustee replaced, added, or a trust gone raises relationship_change', () => {
  assert.deepEqual(
    adapter.diff(trust([OLD]), trust([{ ...OLD, end: '2026-06-30' }, NEW])),
    event([OLD], [NEW]),
  );
  const kim = { name: 'DUNE, KIM', abn: null, acn: null };
  assert.deepEqual(adapter.diff(trust([OLD]), trust([OLD, { name: 'DUNE, KIM' }])), event([OLD], [OLD, kim]));
  assert.deepEqual(adapter.diff(trust([OLD]), null), event([OLD], []));
});

test('diff: a new trust, the same trustees in another order or renamed, and a gone trust without trustees raise nothing', () => {
  assert.deepEqual(adapter.diff(null, trust([OLD])), []);
  assert.deepEqual(adapter.diff(trust([OLD, NEW]), trust([NEW, OLD])), []);
  assert.deepEqual(
    adapter.diff(trust([OLD]), trust([{ ...OLD, name: 'SANDBOX TRUSTEE COMPANY PTY LTD' }])),
    [],
  );
  assert.deepEqual(adapter.diff(trust([{ ...OLD, end: '2020-01-01' }]), null), []);
});

test("the sandbox files: SANDBOX FAMILY TRUST's trustee becomes SANDBOX NEW TRUSTEE PTY LTD", async () => {
  const dir = new URL('../../../fixtures/sandbox/', import.meta.url);
  const base = await parseText(await readFile(new URL('trustees.csv', dir)));
  const next = records(await parseText(await readFile(new URL('next/trustees.csv', dir))));
  assert.ok(base.every((i) => i.kind === 'record'));
  const before = new Map(records(base).map((r) => [r.key, r]));
  const events = next.flatMap((r) => adapter.diff(before.get(r.key) ?? null, r));
  assert.deepEqual(events, event([OLD], [NEW]));
});
