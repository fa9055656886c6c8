import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { expectedRecord, parseStream, type RecordOverrides, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'REGISTER_NAME,AFS_LIC_NUM,AFS_LIC_NAME,AFS_LIC_ABN_ACN,AFS_LIC_START_DT,AFS_LIC_PRE_FSR,AFS_LIC_ADD_LOCAL,AFS_LIC_ADD_STATE,AFS_LIC_ADD_PCODE,AFS_LIC_ADD_COUNTRY,AFS_LIC_LAT,AFS_LIC_LNG,AFS_LIC_CONDITION';

const collect = (input: Readable) => parseStream(adapter, input, 'afs_lic_202607.csv');
const parse = (...parts: (string | Buffer)[]) => collect(readableOf(...parts));

const licensee = (over: RecordOverrides): SourceRecord =>
  expectedRecord(over, 'Current', {
    licence_number: over.key,
    start_date: null,
    pre_fsr: [],
    locality: null,
    state: null,
    postcode: null,
    country: null,
    latitude: null,
    longitude: null,
    conditions: [],
  });

describe('afs-licensees parse', () => {
  it('reads the real IPIB and IMC PACIFIC rows: quoted pre-FSR licence and ~-separated quoted clauses', async () => {
    // docs/registers.md §8.1 (condition text shortened there; LAT/LNG not given, so blank here).
    const items = await parse(
      `${HEADER}\r\n`,
      'AFS Licence,218600,IPIB PTY LTD,85007186003,02/05/2002,"""General insurance broker"",""000030366""",SOUTHBANK,VIC,3006,Australia,,,"""This licence authorises the licensee to carry on a financial services business to:""~""(a) provide financial product advice for the following classes of financial products:"""\r\n',
      'AFS Licence,218678,IMC PACIFIC PTY LTD,89099273846,26/04/2002,,SYDNEY,NSW,2000,Australia,-33.86,151.2,"""This licence authorises …""~""(a) deal in a financial product by:"""\r\n',
    );
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: licensee({
          key: '218600',
          abn: '85007186003',
          name: 'IPIB PTY LTD',
          data: {
            start_date: '2002-05-02',
            pre_fsr: ['General insurance broker, 000030366'],
            locality: 'SOUTHBANK',
            state: 'VIC',
            postcode: '3006',
            country: 'Australia',
            conditions: [
              'This licence authorises the licensee to carry on a financial services business to:',
              '(a) provide financial product advice for the following classes of financial products:',
            ],
          },
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: licensee({
          key: '218678',
          abn: '89099273846',
          name: 'IMC PACIFIC PTY LTD',
          data: {
            start_date: '2002-04-26',
            locality: 'SYDNEY',
            state: 'NSW',
            postcode: '2000',
            country: 'Australia',
            latitude: -33.86,
            longitude: 151.2,
            conditions: ['This licence authorises …', '(a) deal in a financial product by:'],
          },
        }),
      },
    ]);
  });

  it('reads a file without LAT/LNG, an ACN holder, a Windows-1252 name with BOM, NBSP and a bad ABN', async () => {
    const header = HEADER.replace(',AFS_LIC_LAT,AFS_LIC_LNG', '');
    const items = await parse(
      Buffer.from([0xef, 0xbb, 0xbf]),
      `${header}\n`,
      'AFS Licence,990011,SANDBOX RISK BROKING PTY LTD,600990118,02/05/2002,,LONDON,,,International,\n',
      'AFS Licence,990013,',
      // "CAFÉ" and a no-break space in cp1252: the whole line falls back to Windows-1252.
      Buffer.from([0xa0, 0x43, 0x41, 0x46, 0xc9]),
      ' ADVICE  PTY LTD ,53600211533,01/01/2020,,,,,,\n',
    );
    const found = records(items);
    assert.deepEqual(
      found.map((r) => [r.key, r.name, r.abn, r.acn, r.data.country, r.data.latitude]),
      [
        ['990011', 'SANDBOX RISK BROKING PTY LTD', null, '600990118', 'International', null],
        ['990013', 'CAFÉ ADVICE PTY LTD', null, null, null, null],
      ],
    );
  });

  it('rejects a row with the wrong column count or no licence number, and a wrong header is a FormatError', async () => {
    const items = await parse(
      `${HEADER}\n`,
      'AFS Licence,990001,SHORT ROW PTY LTD,53600211532\n',
      'AFS Licence,,NO NUMBER PTY LTD,53600211532,01/01/2020,,,,,,,,\n',
    );
    assert.deepEqual(items, [
      { kind: 'rejected', line: 2, reason: '4 fields where the header has 13' },
      { kind: 'rejected', line: 3, reason: 'no AFS_LIC_NUM' },
    ]);
    await assert.rejects(parse('REGISTER_NAME,CRED_LIC_NUM,CRED_LIC_NAME\nx,1,y\n'), FormatError);
  });
});

describe('afs-licensees diff', () => {
  const before = licensee({
    key: '990001',
    abn: '53600211532',
    name: 'SANDBOX WEALTH ADVISORY PTY LTD',
    data: { conditions: ['a'] },
  });
  const entity = { abn: '53600211532', acn: null, name: 'SANDBOX WEALTH ADVISORY PTY LTD' };

  it('a licence granted, a licence gone, and changed conditions are licensing changes', () => {
    assert.deepEqual(adapter.diff(null, before), [
      {
        type: 'licensing_change',
        entity,
        changes: [
          { field: 'licence_number', old: null, new: '990001' },
          { field: 'licence_status', old: null, new: 'Current' },
        ],
      },
    ]);
    assert.deepEqual(adapter.diff(before, null), [
      {
        type: 'licensing_change',
        entity,
        changes: [
          { field: 'licence_number', old: '990001', new: null },
          { field: 'licence_status', old: 'Current', new: null },
        ],
      },
    ]);
    const after = { ...before, data: { ...before.data, conditions: ['a', 'b'] } };
    assert.deepEqual(adapter.diff(before, after), [
      { type: 'licensing_change', entity, changes: [{ field: 'conditions', old: ['a'], new: ['a', 'b'] }] },
    ]);
  });

  it('no change, or a change of address only, is no event', () => {
    assert.deepEqual(adapter.diff(before, { ...before }), []);
    assert.deepEqual(adapter.diff(before, { ...before, data: { ...before.data, locality: 'PERTH' } }), []);
  });
});

describe('afs-licensees sandbox file', () => {
  it('holds licence 990001 of SANDBOX WEALTH ADVISORY PTY LTD', async () => {
    const items = await collect(createReadStream('fixtures/sandbox/afs-licensees.csv'));
    assert.ok(items.every((i) => i.kind === 'record'));
    const record = records(items).find((r) => r.key === '990001');
    assert.equal(record?.name, 'SANDBOX WEALTH ADVISORY PTY LTD');
    assert.equal(record?.abn, '53600211532');
    assert.equal((record?.data.conditions as string[] | undefined)?.length, 5);
  });
});
