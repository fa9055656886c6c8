import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { expectedRecord, parseStream, type RecordOverrides, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const FLAGS =
  'FIN DEAL APPLY GENFIN ISSUE ARRANGE_APPLY ARRANGE_ISSUE ARRANGE_UNDERWR CLASSES DEAL_APPLY DEAL_ISSUE DEAL_UNDERWR IDPS MARKET NONIDPS SCHEME TRUSTEE WSALE ARRANGE UNDERWR'.split(
    ' ',
  );
const HEADER = [
  ...'REGISTER_NAME AFS_REP_NUM AFS_LIC_NUM AFS_REP_NAME AFS_REP_ABN AFS_REP_ACN AFS_REP_OTHER_ROLE AFS_REP_START_DT AFS_REP_STATUS AFS_REP_END_DT AFS_REP_ADD_LOCAL AFS_REP_ADD_STATE AFS_REP_ADD_PCODE AFS_REP_ADD_COUNTRY AFS_REP_CROSS_ENDORSE AFS_REP_MAY_APPOINT AFS_REP_APPOINTED_BY'.split(
    ' ',
  ),
  ...FLAGS,
  'AFS_REP_SAME_AUTH',
  'AFS_REP_RELATED_BN',
].join('\t');
/** The 20 flag values, `Y` for the named ones. */
const flags = (...on: string[]) => FLAGS.map((f) => (on.includes(f) ? 'Y' : 'N')).join('\t');

const collect = (input: Readable) => parseStream(adapter, input, 'afs_rep_202607.csv');
const parse = (...parts: (string | Buffer)[]) => collect(readableOf(...parts));

const rep = (over: RecordOverrides): SourceRecord =>
  expectedRecord(over, 'Current', {
    representative_number: null,
    licence_number: null,
    other_role: null,
    start_date: null,
    end_date: null,
    locality: null,
    state: null,
    postcode: null,
    country: null,
    cross_endorse: null,
    may_appoint: null,
    appointed_by: null,
    authorisations: [],
    same_authorisations: null,
    related_business_names: [],
  });

describe('afs-representatives parse', () => {
  it('reads a company rep with ABN and ACN, and an individual with literal quotes (TSV has no quoting)', async () => {
    const items = await parse(
      `${HEADER}\r\n`,
      `AFS Authorised Representative\t001990003\t990001\tSANDBOX PLANNING PARTNERS PTY LTD\t39600231794\t600231794\t\t01/07/2017\tCurrent\t\tPARRAMATTA\tNSW\t2150\tAUSTRALIA\tN\tY\t\t${flags('FIN', 'DEAL', 'CLASSES')}\tY\tSandbox Planning~Sandbox Advice\r\n`,
      `AFS Authorised Representative\t001990013\t990001\t  TEMPEST, Riley "Rye"\t14600990901\t0\t\t12/02/2018\tCeased\t30/06/2021\tNEWCASTLE\tNSW\t2300\tAUSTRALIA\tN\tN\tSANDBOX PLANNING PARTNERS PTY LTD\t${flags('FIN')}\tY\t\r\n`,
    );
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: rep({
          key: '001990003|990001',
          abn: '39600231794',
          acn: '600231794',
          name: 'SANDBOX PLANNING PARTNERS PTY LTD',
          data: {
            representative_number: '001990003',
            licence_number: '990001',
            start_date: '2017-07-01',
            locality: 'PARRAMATTA',
            state: 'NSW',
            postcode: '2150',
            country: 'AUSTRALIA',
            cross_endorse: 'N',
            may_appoint: 'Y',
            authorisations: ['FIN', 'DEAL', 'CLASSES'],
            same_authorisations: 'Y',
            related_business_names: ['Sandbox Planning', 'Sandbox Advice'],
          },
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: rep({
          key: '001990013|990001',
          abn: '14600990901',
          name: 'TEMPEST, Riley "Rye"',
          status: 'Ceased',
          data: {
            representative_number: '001990013',
            licence_number: '990001',
            start_date: '2018-02-12',
            end_date: '2021-06-30',
            locality: 'NEWCASTLE',
            state: 'NSW',
            postcode: '2300',
            country: 'AUSTRALIA',
            cross_endorse: 'N',
            may_appoint: 'N',
            appointed_by: 'SANDBOX PLANNING PARTNERS PTY LTD',
            authorisations: ['FIN'],
            same_authorisations: 'Y',
          },
        }),
      },
    ]);
  });

  it('rejects a short row and a row without a name; a comma header is a FormatError', async () => {
    const items = await parse(
      `${HEADER}\n`,
      'AFS Authorised Representative\t001990099\t990001\n',
      `AFS Authorised Representative\t001990098\t990001\t \t\t\t\t\t\t\t\t\t\t\t\t\t\t${flags()}\t\t\n`,
    );
    assert.deepEqual(items, [
      { kind: 'rejected', line: 2, reason: '3 fields where the header has 39' },
      { kind: 'rejected', line: 3, reason: 'representative 001990098 has no name' },
    ]);
    await assert.rejects(parse('REGISTER_NAME,AFS_LIC_NUM,AFS_LIC_NAME\nx,1,y\n'), FormatError);
  });
});

describe('afs-representatives diff', () => {
  const current = rep({
    key: '001990003|990001',
    abn: '39600231794',
    acn: '600231794',
    name: 'SANDBOX PLANNING PARTNERS PTY LTD',
    data: { licence_number: '990001' },
  });
  const entity = { abn: '39600231794', acn: '600231794', name: 'SANDBOX PLANNING PARTNERS PTY LTD' };

  it('appointment, removal, and ceasing with an end date are licensing changes', () => {
    assert.deepEqual(adapter.diff(null, current), [
      {
        type: 'licensing_change',
        entity,
        changes: [
          { field: 'licence_number', old: null, new: '990001' },
          { field: 'representative_status', old: null, new: 'Current' },
        ],
      },
    ]);
    assert.equal(adapter.diff(current, null)[0]?.changes[1]?.old, 'Current');
    const ceased = { ...current, status: 'Ceased', data: { ...current.data, end_date: '2026-03-02' } };
    assert.deepEqual(adapter.diff(current, ceased), [
      {
        type: 'licensing_change',
        entity,
        changes: [
          { field: 'representative_status', old: 'Current', new: 'Ceased' },
          { field: 'end_date', old: null, new: '2026-03-02' },
        ],
      },
    ]);
  });

  it('an unchanged rep, or a new authorisation flag only, is no event', () => {
    assert.deepEqual(adapter.diff(current, { ...current }), []);
    assert.deepEqual(
      adapter.diff(current, { ...current, data: { ...current.data, authorisations: ['FIN'] } }),
      [],
    );
  });
});

describe('afs-representatives sandbox file', () => {
  it('holds rep 001990003 of licence 990001 with its ABN and ACN', async () => {
    const items = await collect(createReadStream('fixtures/sandbox/afs-representatives.csv'));
    assert.ok(items.every((i) => i.kind === 'record'));
    const record = records(items).find((r) => r.key === '001990003|990001');
    assert.deepEqual(
      [record?.name, record?.abn, record?.acn],
      ['SANDBOX PLANNING PARTNERS PTY LTD', '39600231794', '600231794'],
    );
  });
});
