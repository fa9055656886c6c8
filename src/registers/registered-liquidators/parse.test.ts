import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const collect = (input: Readable) => parseStream(adapter, input, 'liquidator_202607.csv');
const parse = (...parts: string[]) => collect(readableOf(...parts));

const suspended: SourceRecord = {
  key: '990018',
  abn: null,
  acn: null,
  name: 'ASHCROFT, Noor',
  names: [],
  status: 'Suspended',
  asOf: null,
  data: {
    liquidator_number: '990018',
    start_date: '2016-08-03',
    suspension_date: '2026-01-15',
    firm: 'SANDBOX INSOLVENCY GROUP',
    address: null,
    locality: 'BRISBANE',
    state: 'QLD',
    postcode: '4000',
    country: 'AUSTRALIA',
  },
};

describe('registered-liquidators parse', () => {
  it('reads the layout the sandbox uses (TSV, LIQ_* headers)', async () => {
    const items = await parse(
      'REGISTER_NAME\tLIQ_NUM\tLIQ_NAME\tLIQ_STATUS\tLIQ_START_DT\tLIQ_SUSP_DT\tLIQ_FIRM\tLIQ_ADD_LOCAL\tLIQ_ADD_STATE\tLIQ_ADD_PCODE\tLIQ_ADD_COUNTRY\r\n',
      'Registered Liquidator\t990018\tASHCROFT, Noor\tSuspended\t03/08/2016\t15/01/2026\tSANDBOX INSOLVENCY GROUP\tBRISBANE\tQLD\t4000\tAUSTRALIA\r\n',
    );
    assert.deepEqual(items, [{ kind: 'record', line: 2, record: suspended }]);
  });

  it('reads a quoted CSV with human headers, a full address and no status column', async () => {
    const items = await parse(
      'Liquidator Number,Name,Firm Name,Principal Business Address,State\n',
      '990008,"WINTERBOURNE, Ellis James",SANDBOX RESTRUCTURING PARTNERS,"Level 9, 1 Sandbox St, SYDNEY NSW 2000",NSW\n',
    );
    assert.deepEqual(records(items), [
      {
        key: '990008',
        abn: null,
        acn: null,
        name: 'WINTERBOURNE, Ellis James',
        names: [],
        status: null,
        asOf: null,
        data: {
          liquidator_number: '990008',
          start_date: null,
          suspension_date: null,
          firm: 'SANDBOX RESTRUCTURING PARTNERS',
          address: 'Level 9, 1 Sandbox St, SYDNEY NSW 2000',
          locality: null,
          state: 'NSW',
          postcode: null,
          country: null,
        },
      },
    ]);
  });

  it('rejects a row without a name or with too many fields; a header without a name column is a FormatError', async () => {
    const items = await parse('LIQ_NUM,LIQ_NAME\n990028,\n990038,A,B\n');
    assert.deepEqual(items, [
      { kind: 'rejected', line: 2, reason: 'liquidator 990028 has no name' },
      { kind: 'rejected', line: 3, reason: '3 fields where the header has 2' },
    ]);
    await assert.rejects(parse('LIQ_NUM,LIQ_FIRM\n1,X\n'), FormatError);
  });
});

describe('registered-liquidators diff', () => {
  const registered = {
    ...suspended,
    status: 'Registered',
    data: { ...suspended.data, suspension_date: null },
  };
  const entity = { abn: null, acn: null, name: 'ASHCROFT, Noor' };

  it('a suspension, registration and removal are registration changes identified by name only', () => {
    assert.deepEqual(adapter.diff(registered, suspended), [
      {
        type: 'professional_registration_change',
        entity,
        changes: [
          { field: 'registration_status', old: 'Registered', new: 'Suspended' },
          { field: 'suspension_date', old: null, new: '2026-01-15' },
        ],
      },
    ]);
    assert.deepEqual(adapter.diff(null, registered)[0]?.changes, [
      { field: 'liquidator_number', old: null, new: '990018' },
      { field: 'registration_status', old: null, new: 'Registered' },
    ]);
    assert.equal(adapter.diff(registered, null)[0]?.entity.name, 'ASHCROFT, Noor');
  });

  it('no change is no event', () => {
    assert.deepEqual(
      adapter.diff(suspended, { ...suspended, data: { ...suspended.data, firm: 'OTHER' } }),
      [],
    );
  });
});

describe('registered-liquidators sandbox file', () => {
  it('holds two liquidators, one suspended', async () => {
    const items = await collect(createReadStream('fixtures/sandbox/registered-liquidators.csv'));
    assert.equal(items.length, 2);
    assert.deepEqual(
      records(items).find((r) => r.key === '990018'),
      suspended,
    );
  });
});
