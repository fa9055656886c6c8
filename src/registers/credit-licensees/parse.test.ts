import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { expectedRecord, parseStream, type RecordOverrides, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'REGISTER_NAME,CRED_LIC_NUM,CRED_LIC_NAME,CRED_LIC_START_DT,CRED_LIC_END_DT,CRED_LIC_STATUS,CRED_LIC_ABN_ACN,CRED_LIC_AFSL_NUM,CRED_LIC_STATUS_HISTORY,CRED_LIC_LOCALITY,CRED_LIC_STATE,CRED_LIC_PCODE,CRED_LIC_LAT,CRED_LIC_LNG,CRED_LIC_EDRS,CRED_LIC_BN,CRED_LIC_AUTHORISATIONS';

const collect = (input: Readable) => parseStream(adapter, input, 'credit_lic_202607.csv');
const parse = (...parts: (string | Buffer)[]) => collect(readableOf(...parts));

const licensee = (over: RecordOverrides): SourceRecord =>
  expectedRecord(over, 'APPR', {
    licence_number: over.key,
    start_date: null,
    end_date: null,
    afsl_number: null,
    status_history: [],
    locality: null,
    state: null,
    postcode: null,
    latitude: null,
    longitude: null,
    edrs: 'AFCA',
    business_names: [],
    authorisations: [],
  });

describe('credit-licensees parse', () => {
  it('reads the real RELI CAPITAL and LA TROBE rows verbatim', async () => {
    // docs/registers.md §8.3, verbatim (authorisation text shortened there with …).
    const items = await parse(
      `${HEADER}\n`,
      'Credit Licence,219612,RELI CAPITAL LTD,04/10/2010,,APPR,80005443292,219612,,LEONGATHA,VIC,3953,-38.4761569,145.9458605,AFCA,,"This licence authorises the licensee to:~Engage in credit activities as a credit provider by:~…"\n',
      'Credit Licence,222213,LA TROBE FINANCIAL ASSET MANAGEMENT LIMITED,16/03/2011,,APPR,27007332363,222213,,MELBOURNE,VIC,3000,-37.8142454,144.9631732,AFCA,,"This licence authorises the licensee to:~…"\n',
    );
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: licensee({
          key: '219612',
          abn: '80005443292',
          name: 'RELI CAPITAL LTD',
          data: {
            start_date: '2010-10-04',
            afsl_number: '219612',
            locality: 'LEONGATHA',
            state: 'VIC',
            postcode: '3953',
            latitude: -38.4761569,
            longitude: 145.9458605,
            authorisations: [
              'This licence authorises the licensee to:',
              'Engage in credit activities as a credit provider by:',
              '…',
            ],
          },
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: licensee({
          key: '222213',
          abn: '27007332363',
          name: 'LA TROBE FINANCIAL ASSET MANAGEMENT LIMITED',
          data: {
            start_date: '2011-03-16',
            afsl_number: '222213',
            locality: 'MELBOURNE',
            state: 'VIC',
            postcode: '3000',
            latitude: -37.8142454,
            longitude: 144.9631732,
            authorisations: ['This licence authorises the licensee to:', '…'],
          },
        }),
      },
    ]);
  });

  it('reads an ACN holder, business names, status history, a quoted comma and CRLF; rejects a short row', async () => {
    const items = await parse(
      `${HEADER}\r\n`,
      'Credit Licence,990022,"SANDBOX LEASING, FINANCE PTY LTD",16/03/2011,,SUSP,600990225,,APPR 16/03/2011~SUSP 02/03/2026,PERTH,WA,6000,,,FOS:COSL,SANDBOX CAR LEASE~ SANDBOX UTE LEASE ,\r\n',
      'Credit Licence,990023,SHORT PTY LTD\r\n',
    );
    assert.deepEqual(items[1], { kind: 'rejected', line: 3, reason: '3 fields where the header has 17' });
    assert.deepEqual(records(items), [
      licensee({
        key: '990022',
        acn: '600990225',
        name: 'SANDBOX LEASING, FINANCE PTY LTD',
        names: [
          { name: 'SANDBOX CAR LEASE', type: 'business' },
          { name: 'SANDBOX UTE LEASE', type: 'business' },
        ],
        status: 'SUSP',
        data: {
          start_date: '2011-03-16',
          status_history: ['APPR 16/03/2011', 'SUSP 02/03/2026'],
          locality: 'PERTH',
          state: 'WA',
          postcode: '6000',
          edrs: 'FOS:COSL',
          business_names: ['SANDBOX CAR LEASE', 'SANDBOX UTE LEASE'],
        },
      }),
    ]);
  });

  it('keeps a licence whose holder name is withheld, under its business name or its number', async () => {
    const items = await parse(
      `${HEADER}\n`,
      'Credit Licence,390001,,04/10/2012,,APPR,51824753556,,,SYDNEY,NSW,2000,,,AFCA,Sole Trader Loans,\n',
      'Credit Licence,390002,,04/10/2012,,APPR,49004028077,,,SYDNEY,NSW,2000,,,AFCA,,\n',
    );
    const [named, numbered] = records(items);
    assert.deepEqual(
      [named?.key, named?.abn, named?.name, named?.status, named?.data.name_withheld],
      ['390001', '51824753556', 'Sole Trader Loans', 'APPR', true],
    );
    assert.deepEqual([numbered?.key, numbered?.name], ['390002', 'Credit licence 390002']);
  });

  it('a file without the status column is a FormatError', async () => {
    await assert.rejects(parse(HEADER.replace('CRED_LIC_STATUS,', ''), '\n'), FormatError);
  });
});

describe('credit-licensees diff', () => {
  const approved = licensee({ key: '990002', abn: '46600221663', name: 'SANDBOX HOME LOANS PTY LTD' });
  const entity = { abn: '46600221663', acn: null, name: 'SANDBOX HOME LOANS PTY LTD' };

  it('suspension, a new licence and a licence gone are licensing changes', () => {
    assert.deepEqual(adapter.diff(approved, { ...approved, status: 'SUSP' }), [
      { type: 'licensing_change', entity, changes: [{ field: 'licence_status', old: 'APPR', new: 'SUSP' }] },
    ]);
    assert.deepEqual(adapter.diff(null, approved)[0]?.changes, [
      { field: 'licence_number', old: null, new: '990002' },
      { field: 'licence_status', old: null, new: 'APPR' },
    ]);
    assert.deepEqual(adapter.diff(approved, null)[0]?.changes, [
      { field: 'licence_number', old: '990002', new: null },
      { field: 'licence_status', old: 'APPR', new: null },
    ]);
  });

  it('no change is no event', () => {
    assert.deepEqual(
      adapter.diff(approved, { ...approved, data: { ...approved.data, locality: 'CAIRNS' } }),
      [],
    );
  });
});

describe('credit-licensees sandbox files', () => {
  it('licence 990002 goes from APPR to SUSP in next/: a licensing_change', async () => {
    const base = records(await collect(createReadStream('fixtures/sandbox/credit-licensees.csv')));
    const next = records(await collect(createReadStream('fixtures/sandbox/next/credit-licensees.csv')));
    const before = base.find((r) => r.key === '990002');
    assert.deepEqual(
      [before?.name, before?.abn, before?.status],
      ['SANDBOX HOME LOANS PTY LTD', '46600221663', 'APPR'],
    );
    const events = base.flatMap((b) => adapter.diff(b, next.find((n) => n.key === b.key) ?? null));
    assert.deepEqual(events, [
      {
        type: 'licensing_change',
        entity: { abn: '46600221663', acn: null, name: 'SANDBOX HOME LOANS PTY LTD' },
        changes: [{ field: 'licence_status', old: 'APPR', new: 'SUSP' }],
      },
    ]);
  });
});
