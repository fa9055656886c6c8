import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { expectedRecord, parseStream, type RecordOverrides, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'REGISTER_NAME,CRED_REP_NUM,CRED_LIC_NUM,CRED_REP_NAME,CRED_REP_ABN_ACN,CRED_REP_START_DT,CRED_REP_END_DT,CRED_REP_LOCALITY,CRED_REP_STATE,CRED_REP_PCODE,CRED_REP_EDRS,CRED_REP_AUTHORISATIONS,CRED_REP_CROSS_ENDORSE';

const collect = (input: Readable) => parseStream(adapter, input, 'credit_rep_202607.csv');
const parse = (...parts: (string | Buffer)[]) => collect(readableOf(...parts));

const rep = (over: RecordOverrides): SourceRecord =>
  expectedRecord(over, null, {
    representative_number: null,
    licence_number: null,
    start_date: null,
    end_date: null,
    locality: null,
    state: null,
    postcode: null,
    edrs: 'AFCA',
    authorisations: null,
    cross_endorse: null,
  });

describe('credit-representatives parse', () => {
  it('reads a company by ACN, an individual by ABN with a quoted comma, and a ceased one; BOM and CRLF', async () => {
    const items = await parse(
      Buffer.from([0xef, 0xbb, 0xbf]),
      `${HEADER}\r\n`,
      'Credit Representative,990004,990002,SANDBOX FINANCE BROKERS PTY LTD,600241923,01/08/2016,,GOLD COAST,QLD,4217,AFCA,Same as Registrant,\r\n',
      'Credit Representative,990014,990002,"HALLORAN, Casey",65600990903,14/02/2019,,TOOWOOMBA,QLD,4350,AFCA,Same as Appointing Rep,990004\r\n',
      'Credit Representative,990015,990021,SANDBOX AUTO FINANCE PTY LTD,30600990315,05/05/2015,31/01/2024,DARWIN,NT,0800,AFCA,Different to Registrant,\r\n',
    );
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: rep({
          key: '990004|990002',
          acn: '600241923',
          name: 'SANDBOX FINANCE BROKERS PTY LTD',
          data: {
            representative_number: '990004',
            licence_number: '990002',
            start_date: '2016-08-01',
            locality: 'GOLD COAST',
            state: 'QLD',
            postcode: '4217',
            authorisations: 'Same as Registrant',
          },
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: rep({
          key: '990014|990002',
          abn: '65600990903',
          name: 'HALLORAN, Casey',
          data: {
            representative_number: '990014',
            licence_number: '990002',
            start_date: '2019-02-14',
            locality: 'TOOWOOMBA',
            state: 'QLD',
            postcode: '4350',
            authorisations: 'Same as Appointing Rep',
            cross_endorse: '990004',
          },
        }),
      },
      {
        kind: 'record',
        line: 4,
        // The ABN fails its check digit, so it is null; the row is still read (the key is the rep number).
        record: rep({
          key: '990015|990021',
          name: 'SANDBOX AUTO FINANCE PTY LTD',
          data: {
            representative_number: '990015',
            licence_number: '990021',
            start_date: '2015-05-05',
            end_date: '2024-01-31',
            locality: 'DARWIN',
            state: 'NT',
            postcode: '0800',
            authorisations: 'Different to Registrant',
          },
        }),
      },
    ]);
  });

  it('rejects a row without a licence number or with too many fields; a TSV of another register is a FormatError', async () => {
    const items = await parse(
      `${HEADER}\n`,
      'Credit Representative,990016,,SOMEONE PTY LTD,,,,,,,,,\n',
      'Credit Representative,990017,990002,SANDBOX, UNQUOTED PTY LTD,,,,,,,,,\n',
    );
    assert.deepEqual(items, [
      { kind: 'rejected', line: 2, reason: 'no CRED_REP_NUM or CRED_LIC_NUM' },
      { kind: 'rejected', line: 3, reason: '14 fields where the header has 13' },
    ]);
    await assert.rejects(parse('REGISTER_NAME\tSMSF_NUM\tSMSF_NAME\nx\t1\ty\n'), FormatError);
  });
});

describe('credit-representatives diff', () => {
  const current = rep({
    key: '990004|990002',
    acn: '600241923',
    name: 'SANDBOX FINANCE BROKERS PTY LTD',
    data: { licence_number: '990002' },
  });
  const entity = { abn: null, acn: '600241923', name: 'SANDBOX FINANCE BROKERS PTY LTD' };

  it('appointment, removal and an end date are licensing changes', () => {
    assert.deepEqual(adapter.diff(null, current), [
      { type: 'licensing_change', entity, changes: [{ field: 'licence_number', old: null, new: '990002' }] },
    ]);
    assert.deepEqual(adapter.diff(current, null), [
      { type: 'licensing_change', entity, changes: [{ field: 'licence_number', old: '990002', new: null }] },
    ]);
    assert.deepEqual(
      adapter.diff(current, { ...current, data: { ...current.data, end_date: '2026-03-31' } }),
      [{ type: 'licensing_change', entity, changes: [{ field: 'end_date', old: null, new: '2026-03-31' }] }],
    );
  });

  it('no change is no event', () => {
    assert.deepEqual(adapter.diff(current, { ...current, data: { ...current.data, postcode: '4218' } }), []);
  });
});

describe('credit-representatives sandbox file', () => {
  it('holds rep 990004 of licence 990002 by ACN', async () => {
    const items = await collect(createReadStream('fixtures/sandbox/credit-representatives.csv'));
    assert.ok(items.every((i) => i.kind === 'record'));
    const record = records(items).find((r) => r.key === '990004|990002');
    assert.deepEqual([record?.name, record?.acn], ['SANDBOX FINANCE BROKERS PTY LTD', '600241923']);
  });
});
