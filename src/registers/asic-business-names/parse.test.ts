import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRecords, parseStream, readableOf } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'REGISTER_NAME\tBN_NAME\tBN_STATUS\tBN_REG_DT\tBN_CANCEL_DT\tBN_STATE_NUM\tBN_STATE_OF_REG\tBN_ABN';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const parse = (...parts: (string | Buffer)[]) =>
  parseStream(adapter, readableOf(...parts), 'business_names_202606.csv');

function businessName(
  key: string,
  name: string,
  abn: string | null,
  data: Partial<Record<string, unknown>>,
  status = 'Registered',
): SourceRecord {
  return {
    key,
    abn,
    acn: null,
    name,
    names: [],
    status,
    asOf: null,
    data: {
      registration_date: null,
      cancel_date: null,
      state_number: null,
      state_of_registration: null,
      ...data,
    },
  };
}

describe('asic-business-names parse', () => {
  it('reads the real rows (leading spaces, blank ABN with a state number), with BOM and CRLF', async () => {
    // docs/registers.md §4, verbatim.
    const items = await parse(
      BOM,
      `${HEADER}\r\n`,
      'BUSINESS NAMES\t   Plumbing Gas and Solar\tRegistered\t09/05/2013\t\t\t\t30947976159\r\n',
      'BUSINESS NAMES\t  Bruce Ward Training\tRegistered\t12/04/2018\t\t\t\t16897173642\r\n',
      'BUSINESS NAMES\tMINET TRAN CLOTHING\tRegistered\t02/07/2007\t\tB1698852E\tVIC\t\r\n',
    );
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: businessName('PLUMBING GAS AND SOLAR|30947976159', 'Plumbing Gas and Solar', '30947976159', {
          registration_date: '2013-05-09',
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: businessName('BRUCE WARD TRAINING|16897173642', 'Bruce Ward Training', '16897173642', {
          registration_date: '2018-04-12',
        }),
      },
      {
        kind: 'record',
        line: 4,
        record: businessName('MINET TRAN CLOTHING|B1698852E', 'MINET TRAN CLOTHING', null, {
          registration_date: '2007-07-02',
          state_number: 'B1698852E',
          state_of_registration: 'VIC',
        }),
      },
    ]);
  });

  it('keeps literal quotes and backslashes, folds double spaces in the key, reads a cancelled name and a cp1252 byte', async () => {
    const items = await parse(
      `${HEADER}\n`,
      'BUSINESS NAMES\t"BIG  JIM\'S" \\ SONS\tCancelled\t01/02/2015\t03/04/2026\t\t\t51600181191\n',
      Buffer.from('BUSINESS NAMES\tCaf'),
      Buffer.from([0xe9]),
      Buffer.from(' Sandpiper\tRegistered\t14/03/2016\t\t\t\t51600181191\n'),
    );
    assert.deepEqual(
      items.map((i) => (i.kind === 'record' ? i.record : i)),
      [
        businessName(
          '"BIG JIM\'S" \\ SONS|51600181191|cancelled 01/02/2015',
          '"BIG JIM\'S" \\ SONS',
          '51600181191',
          { registration_date: '2015-02-01', cancel_date: '2026-04-03' },
          'Cancelled',
        ),
        businessName('CAFÉ SANDPIPER|51600181191', 'Café Sandpiper', '51600181191', {
          registration_date: '2016-03-14',
        }),
      ],
    );
  });

  it('nulls an ABN that fails the check digit but keeps its digits in the key; rejects a blank name and a short row', async () => {
    const items = await parse(
      `${HEADER}\n`,
      'BUSINESS NAMES\tTYPO HOLDINGS\tRegistered\t01/01/2020\t\t\t\t12345678901\n',
      'BUSINESS NAMES\t   \tRegistered\t01/01/2020\t\t\t\t51600181191\n',
      'BUSINESS NAMES\tSHORT\tRegistered\n',
    );
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: businessName('TYPO HOLDINGS|12345678901', 'TYPO HOLDINGS', null, {
          registration_date: '2020-01-01',
        }),
      },
      { kind: 'rejected', line: 3, reason: 'no business name' },
      { kind: 'rejected', line: 4, reason: '3 fields where the header has 8' },
    ]);
  });

  it('throws FormatError for the company dataset header', async () => {
    await assert.rejects(parse('Company Name\tACN\tType\tClass\tSub Class\tStatus\n'), FormatError);
  });
});

describe('asic-business-names keys', () => {
  it('keeps a name cancelled and registered again by the same holder as two records', async () => {
    const items = await parse(
      `${HEADER}\n`,
      'BUSINESS NAMES\tBRUCE WARD TRAINING\tCancelled\t12/04/2018\t01/02/2026\t\t\t16897173642\n',
      'BUSINESS NAMES\t  Bruce Ward Training\tRegistered\t03/03/2026\t\t\t\t16897173642\n',
      'BUSINESS NAMES\tSUPPRESSED NAME\tCancelled\t12/04/2013\t01/02/2026\t\t\t\n',
      'BUSINESS NAMES\tSuppressed Name\tRegistered\t03/03/2026\t\t\t\t\n',
    );
    assert.deepEqual(
      items.map((i) => (i.kind === 'record' ? [i.record.key, i.record.status] : i.kind)),
      [
        ['BRUCE WARD TRAINING|16897173642|cancelled 12/04/2018', 'Cancelled'],
        ['BRUCE WARD TRAINING|16897173642', 'Registered'],
        ['SUPPRESSED NAME||cancelled 12/04/2013', 'Cancelled'],
        ['SUPPRESSED NAME|', 'Registered'],
      ],
    );
  });
});

describe('asic-business-names diff', () => {
  const registered = businessName('SANDPIPER DESIGN|51600181191', 'Sandpiper Design', '51600181191', {});
  const cancelled = { ...registered, status: 'Cancelled' };
  const entity = { abn: '51600181191', acn: null, name: null };

  it('reports a newly registered name as a name_change of its holder', () => {
    const expected = [
      {
        type: 'name_change',
        entity,
        changes: [{ field: 'business_name', old: null, new: 'Sandpiper Design' }],
      },
    ];
    assert.deepEqual(adapter.diff(null, registered), expected);
    assert.deepEqual(adapter.diff(cancelled, registered), expected);
  });

  it('reports a cancelled or vanished registered name', () => {
    const expected = [
      {
        type: 'name_change',
        entity,
        changes: [{ field: 'business_name', old: 'Sandpiper Design', new: null }],
      },
    ];
    assert.deepEqual(adapter.diff(registered, cancelled), expected);
    assert.deepEqual(adapter.diff(registered, null), expected);
  });

  it('reports nothing for no change, a cancelled name dropping off, or a name with no ABN', () => {
    assert.deepEqual(adapter.diff(registered, { ...registered, data: { cancel_date: null } }), []);
    assert.deepEqual(adapter.diff(cancelled, null), []);
    assert.deepEqual(adapter.diff(null, cancelled), []);
    assert.deepEqual(adapter.diff(null, { ...registered, abn: null }), []);
  });
});

describe('asic-business-names sandbox', () => {
  it('loads Sandpiper Design for the sole trader and Harbourside Bakery', async () => {
    const path = 'fixtures/sandbox/asic-business-names.csv';
    const byKey = await loadRecords(adapter, path);
    assert.equal(byKey.size, 5);
    assert.equal(byKey.get('SANDPIPER DESIGN|51600181191')?.status, 'Registered');
    assert.equal(byKey.get('HARBOURSIDE BAKERY|54600373617')?.abn, '54600373617');
    assert.equal(byKey.get('COASTAL KITE REPAIRS|38600870022')?.name, 'Coastal Kite Repairs');
    assert.equal(byKey.get('MARINA "BLUE" CHARTERS|B2233445F')?.data.state_of_registration, 'VIC');
  });
});
