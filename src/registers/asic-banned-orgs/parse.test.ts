import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'REGISTER_NAME\tBD_ORG_NAME\tBD_ORG_ACN\tBD_ORG_TYPE\tBD_ORG_START_DT\tBD_ORG_END_DT\tBD_ORG_COMMENT';

const collect = (input: Readable, fileName = 'bd_org.csv') => parseStream(adapter, input, fileName);

const org = (key: string, acn: string | null, name: string, data: Record<string, unknown>): SourceRecord => ({
  key,
  abn: null,
  acn,
  name,
  names: [],
  status: data.ban_type as string,
  asOf: (data.start_date as string | null) ?? null,
  data,
});

// The real ABIA record (docs/registers.md §7.2, CKAN JSON) as a row of the tab-delimited file.
const ABIA =
  'Banned and Disqualified Organisations\tAUSTRALIAN BUSINESS INSURANCE ADVISERS (ABIA)\u00a0PTY LTD\t081402379\tAustralian Financial Services banning\t07/11/2006\t07/11/2008\tNo comment made';

const abia = org('081402379', '081402379', 'AUSTRALIAN BUSINESS INSURANCE ADVISERS (ABIA) PTY LTD', {
  ban_type: 'Australian Financial Services banning',
  start_date: '2006-11-07',
  end_date: '2008-11-07',
  end_text: null,
  comment: 'No comment made',
});

describe('asic-banned-orgs adapter', () => {
  test('reads the real ABIA row: tab-delimited, NBSP in the name', async () => {
    const items = await collect(readableOf(`${HEADER}\r\n${ABIA}\r\n`));
    assert.deepEqual(items, [{ kind: 'record', line: 2, record: abia }]);
  });

  test('columns by name in another order, no REGISTER_NAME; words for an end date; a bad ACN keys by name', async () => {
    const file = [
      '\ufeffBD_ORG_ACN\tBD_ORG_NAME\tBD_ORG_TYPE\tBD_ORG_START_DT\tBD_ORG_END_DT\tBD_ORG_COMMENT',
      '600990029\t"EXAMPLE" CREDIT\u00a0 PTY LTD \tCredit banning\t01/09/2023\tPermanent banning\tNo comment made',
      '600990028\tExample Advice Pty Ltd\tAustralian Financial Services banning\t02/03/2021\t\t',
      '\t\tCredit banning\t02/03/2021\t\t',
      '600990029\tEXAMPLE DUPLICATE PTY LTD\tCredit banning\t02/03/2021\t\t',
      '600990038\tTOO FEW FIELDS PTY LTD\tCredit banning',
      '',
    ].join('\n');
    assert.deepEqual(await collect(readableOf(file)), [
      {
        kind: 'record',
        line: 2,
        record: org('600990029', '600990029', '"EXAMPLE" CREDIT PTY LTD', {
          ban_type: 'Credit banning',
          start_date: '2023-09-01',
          end_date: null,
          end_text: 'Permanent banning',
          comment: 'No comment made',
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: org('EXAMPLE ADVICE PTY LTD', null, 'Example Advice Pty Ltd', {
          ban_type: 'Australian Financial Services banning',
          start_date: '2021-03-02',
          end_date: null,
          end_text: null,
          comment: null,
        }),
      },
      { kind: 'rejected', line: 4, reason: 'no BD_ORG_NAME' },
      { kind: 'rejected', line: 5, reason: 'same key "600990029" as line 2' },
      { kind: 'rejected', line: 6, reason: '3 fields where the header has 6' },
    ]);
  });

  test('a header that is not the banned organisations layout is a FormatError', async () => {
    const persons = 'REGISTER_NAME,BD_PER_NAME,BD_PER_TYPE,BD_PER_DOC_NUM,BD_PER_START_DT,BD_PER_END_DT\n';
    await assert.rejects(collect(readableOf(persons)), FormatError);
  });

  test('diff: a new ban, and a changed ban type or date, are banned_match; nothing else is', () => {
    assert.deepEqual(adapter.diff(null, abia), [
      {
        type: 'banned_match',
        entity: {
          abn: null,
          acn: '081402379',
          name: 'AUSTRALIAN BUSINESS INSURANCE ADVISERS (ABIA) PTY LTD',
        },
        changes: [
          { field: 'ban_type', old: null, new: 'Australian Financial Services banning' },
          { field: 'start_date', old: null, new: '2006-11-07' },
          { field: 'end_date', old: null, new: '2008-11-07' },
        ],
      },
    ]);
    const extended = { ...abia, data: { ...abia.data, end_date: null, end_text: 'Permanent banning' } };
    assert.deepEqual(adapter.diff(abia, extended), [
      {
        type: 'banned_match',
        entity: {
          abn: null,
          acn: '081402379',
          name: 'AUSTRALIAN BUSINESS INSURANCE ADVISERS (ABIA) PTY LTD',
        },
        changes: [{ field: 'end_date', old: '2008-11-07', new: null }],
      },
    ]);
    const recommented = { ...abia, data: { ...abia.data, comment: 'Varied on appeal' } };
    assert.deepEqual(adapter.diff(abia, recommented), []);
    assert.deepEqual(adapter.diff(abia, null), []);
    const noAcn = { ...abia, key: 'EXAMPLE', acn: null };
    assert.deepEqual(adapter.diff(null, noAcn), []);
  });

  test('sandbox: next adds SANDBOX PLANNING PARTNERS PTY LTD, a banned_match', async () => {
    const read = async (path: string) => {
      const items = await collect(createReadStream(new URL(path, import.meta.url)));
      return new Map(records(items).map((r) => [r.key, r]));
    };
    const base = await read('../../../fixtures/sandbox/asic-banned-orgs.csv');
    const next = await read('../../../fixtures/sandbox/next/asic-banned-orgs.csv');
    assert.equal(base.get('600292573')?.name, 'SANDBOX INSURANCE ADVISERS PTY LTD');
    assert.equal(base.get('600990010')?.data.end_text, 'Permanent banning');
    const events = [...next].flatMap(([key, after]) => adapter.diff(base.get(key) ?? null, after));
    assert.deepEqual(
      events.map((e) => [e.type, e.entity.acn, e.entity.name]),
      [['banned_match', '600231794', 'SANDBOX PLANNING PARTNERS PTY LTD']],
    );
  });
});
