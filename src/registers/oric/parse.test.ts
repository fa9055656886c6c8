import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRecords, parseStream, readableOf } from '../test-support.ts';
import { FormatError } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'Corporation,ICN,Status,Status Date,ABN,State,Industry,Post Code,ACNC Registered?,Numbe of Members,URL';

const parse = (...parts: (string | Buffer)[]) => parseStream(adapter, readableOf(...parts), 'oric_corps.csv');

function corporation(
  icn: number,
  name: string,
  status: string,
  abn: string | null,
  data: Record<string, unknown>,
) {
  return {
    key: String(icn),
    abn,
    acn: null,
    name,
    names: [],
    status,
    asOf: null,
    data: {
      icn,
      status_date: null,
      industry: [],
      members: null,
      acnc_registered: null,
      url: null,
      state: null,
      postcode: null,
      ...data,
    },
  };
}

describe('oric parse', () => {
  it('reads the data.gov.au extract: ;-separated industries, quoted commas, a Latin-1 byte, CRLF', async () => {
    const items = await parse(
      `${HEADER}\r\n`,
      'SANDBOX ABORIGINAL CORPORATION,9901,Registered,15/09/2014,60600312883,NT,Arts and recreation services;Other services,0870,Yes,42,www.example.org.au\r\n',
      Buffer.from('"Kal'),
      Buffer.from([0xe9]),
      Buffer.from(
        ' Rangers, Aboriginal Corporation",9903,Deregistered,30/11/2023,,WA,"Agriculture, forestry and fishing",6765,No,,\r\n',
      ),
    );
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: corporation(9901, 'SANDBOX ABORIGINAL CORPORATION', 'Registered', '60600312883', {
          status_date: '2014-09-15',
          industry: ['Arts and recreation services', 'Other services'],
          members: 42,
          acnc_registered: true,
          url: 'www.example.org.au',
          state: 'NT',
          postcode: '0870',
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: corporation(9903, 'Kalé Rangers, Aboriginal Corporation', 'Deregistered', null, {
          status_date: '2023-11-30',
          industry: ['Agriculture, forestry and fishing'],
          acnc_registered: false,
          state: 'WA',
          postcode: '6765',
        }),
      },
    ]);
  });

  it('reads the myCorp grid layout: the status date is the deregistration date when there is one', async () => {
    const items = await parse(
      'icn,name,status,registeredOn,deregisteredOn,address,url\n',
      '9902,SANDBOX ISLAND RANGERS CORPORATION,Registered,03/04/2018,,"1 Beach Rd, Thursday Island QLD 4875",\n',
      '9903,SANDBOX OLD MISSION ABORIGINAL CORPORATION,Deregistered,01/07/1999,30/11/2023,,\n',
    );
    assert.deepEqual(
      items.map((i) => (i.kind === 'record' ? i.record : i)),
      [
        corporation(9902, 'SANDBOX ISLAND RANGERS CORPORATION', 'Registered', null, {
          status_date: '2018-04-03',
        }),
        corporation(9903, 'SANDBOX OLD MISSION ABORIGINAL CORPORATION', 'Deregistered', null, {
          status_date: '2023-11-30',
        }),
      ],
    );
  });

  it('rejects a non-numeric ICN and a blank name; nulls an ABN that fails the check digit', async () => {
    const items = await parse(
      `${HEADER}\n`,
      'NO NUMBER CORPORATION,ICN-1,Registered,,,,,,,,\n',
      ',9904,Registered,,,,,,,,\n',
      'TYPO ABN CORPORATION,9905,Registered,,12345678901,,,,,,\n',
    );
    assert.deepEqual(items, [
      { kind: 'rejected', line: 2, reason: 'ICN "ICN-1" is not a number' },
      { kind: 'rejected', line: 3, reason: 'ICN 9904 has no corporation name' },
      { kind: 'record', line: 4, record: corporation(9905, 'TYPO ABN CORPORATION', 'Registered', null, {}) },
    ]);
  });

  it('throws FormatError without an ICN, or with an ICN but no name column', async () => {
    await assert.rejects(parse('Corporation,Status\nX,Registered\n'), FormatError);
    await assert.rejects(parse('ICN,Status\n9901,Registered\n'), FormatError);
  });
});

describe('oric diff', () => {
  const before = corporation(9901, 'SANDBOX ABORIGINAL CORPORATION', 'Registered', '60600312883', {});
  const entity = { abn: '60600312883', acn: null, name: 'SANDBOX ABORIGINAL CORPORATION' };

  it('reports Registered → Deregistered, and a live corporation gone, as deregistration', () => {
    assert.deepEqual(adapter.diff(before, { ...before, status: 'Deregistered' }), [
      {
        type: 'deregistration',
        entity,
        changes: [{ field: 'status', old: 'Registered', new: 'Deregistered' }],
      },
    ]);
    assert.deepEqual(adapter.diff(before, null), [
      { type: 'deregistration', entity, changes: [{ field: 'status', old: 'Registered', new: null }] },
    ]);
    assert.deepEqual(adapter.diff({ ...before, status: 'Deregistered' }, null), []);
  });

  it('reports a new name as name_change', () => {
    const after = { ...before, name: 'SANDBOX COUNTRY ABORIGINAL CORPORATION' };
    assert.deepEqual(adapter.diff(before, after), [
      {
        type: 'name_change',
        entity: { ...entity, name: 'SANDBOX COUNTRY ABORIGINAL CORPORATION' },
        changes: [
          {
            field: 'entity_name',
            old: 'SANDBOX ABORIGINAL CORPORATION',
            new: 'SANDBOX COUNTRY ABORIGINAL CORPORATION',
          },
        ],
      },
    ]);
  });

  it('reports nothing when unchanged, new, or without an ABN', () => {
    assert.deepEqual(adapter.diff(before, { ...before, data: { ...before.data, members: 50 } }), []);
    assert.deepEqual(adapter.diff(null, before), []);
    assert.deepEqual(adapter.diff({ ...before, abn: null }, null), []);
  });
});

describe('oric sandbox', () => {
  it('loads ICN 9901 for the indigenous corporation', async () => {
    const path = 'fixtures/sandbox/oric.csv';
    const byKey = await loadRecords(adapter, path);
    assert.equal(byKey.size, 3);
    const corp = byKey.get('9901');
    assert.equal(corp?.name, 'SANDBOX ABORIGINAL CORPORATION');
    assert.equal(corp?.abn, '60600312883');
    assert.equal(corp?.status, 'Registered');
    assert.equal(byKey.get('9903')?.status, 'Deregistered');
  });
});
