import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const collect = (input: Readable) => parseStream(adapter, input, 'registered_auditor_202607.csv');
const parse = (...parts: string[]) => collect(readableOf(...parts));

const firm: SourceRecord = {
  key: '990005',
  abn: null,
  acn: '600252051',
  name: 'SANDBOX AUDIT SERVICES PTY LTD',
  names: [],
  status: 'Registered',
  asOf: null,
  data: {
    auditor_number: '990005',
    start_date: '2015-07-01',
    end_date: null,
    locality: 'MELBOURNE',
    state: 'VIC',
    postcode: '3000',
  },
};

describe('registered-auditors parse', () => {
  it('reads the layout the sandbox uses (TSV, AUD_* headers)', async () => {
    const items = await parse(
      'REGISTER_NAME\tAUD_NUM\tAUD_NAME\tAUD_ACN\tAUD_STATUS\tAUD_START_DT\tAUD_END_DT\tAUD_ADD_LOCAL\tAUD_ADD_STATE\tAUD_ADD_PCODE\r\n',
      'Registered Auditor\t990005\tSANDBOX AUDIT SERVICES PTY LTD\t600252051\tRegistered\t01/07/2015\t\tMELBOURNE\tVIC\t3000\r\n',
      'Registered Auditor\t990015\t PENROSE,\u00a0Dana Lee \t0\tRegistered\t18/09/2008\t\tCANBERRA\tACT\t2600\r\n',
    );
    assert.deepEqual(items[0], { kind: 'record', line: 2, record: firm });
    assert.deepEqual(
      records(items).map((r) => [r.key, r.name, r.acn]),
      [
        ['990005', 'SANDBOX AUDIT SERVICES PTY LTD', '600252051'],
        ['990015', 'PENROSE, Dana Lee', null],
      ],
    );
  });

  it('reads a quoted CSV with human headers in another order, ISO dates and an ABN', async () => {
    const items = await parse(
      'Name,Auditor Number,Status,ABN,ACN,Start Date,End Date,State\n',
      '"SANDBOX AUDIT SERVICES PTY LTD",990005,Registered,56600252051,600252051,2015-07-01,,VIC\n',
    );
    assert.deepEqual(records(items), [
      {
        ...firm,
        abn: '56600252051',
        data: { ...firm.data, locality: null, postcode: null },
      },
    ]);
  });

  it('rejects a row without a number; a header with no auditor number column is a FormatError naming the alternatives', async () => {
    const items = await parse('AUD_NUM,AUD_NAME\n,NO NUMBER PTY LTD\n');
    assert.deepEqual(items, [{ kind: 'rejected', line: 2, reason: 'no auditor number' }]);
    await assert.rejects(parse('LIQ_NUM,LIQ_NAME\n1,X\n'), (error: unknown) => {
      assert.ok(error instanceof FormatError);
      assert.match(error.message, /missing "AUD_NUM" or .*"Registration Number"/);
      return true;
    });
  });
});

describe('registered-auditors diff', () => {
  const entity = { abn: null, acn: '600252051', name: 'SANDBOX AUDIT SERVICES PTY LTD' };

  it('a cancellation (status and end date), registration and removal are registration changes', () => {
    const cancelled = { ...firm, status: 'Cancelled', data: { ...firm.data, end_date: '2026-03-02' } };
    assert.deepEqual(adapter.diff(firm, cancelled), [
      {
        type: 'professional_registration_change',
        entity,
        changes: [
          { field: 'registration_status', old: 'Registered', new: 'Cancelled' },
          { field: 'end_date', old: null, new: '2026-03-02' },
        ],
      },
    ]);
    assert.deepEqual(adapter.diff(null, firm)[0]?.changes, [
      { field: 'auditor_number', old: null, new: '990005' },
      { field: 'registration_status', old: null, new: 'Registered' },
    ]);
    assert.equal(adapter.diff(firm, null)[0]?.type, 'professional_registration_change');
  });

  it('no change is no event', () => {
    assert.deepEqual(adapter.diff(firm, { ...firm, data: { ...firm.data, locality: 'GEELONG' } }), []);
  });
});

describe('registered-auditors sandbox file', () => {
  it('holds auditor 990005, SANDBOX AUDIT SERVICES PTY LTD by ACN', async () => {
    const items = await collect(createReadStream('fixtures/sandbox/registered-auditors.csv'));
    assert.ok(items.every((i) => i.kind === 'record'));
    assert.deepEqual(
      records(items).find((r) => r.key === '990005'),
      firm,
    );
  });
});
