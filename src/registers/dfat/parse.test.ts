import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { day, DFAT_HEADER as HEADER, parseStream, readableOf, xlsxBuffer } from '../test-support.ts';
import type { ParseItem, SourceRecord } from '../types.ts';
import { FormatError } from '../types.ts';
import { adapter } from './parse.ts';

const OLD_HEADER = [
  'Reference',
  'Name of Individual or Entity',
  'Type',
  'Name Type',
  'Date of Birth',
  'Place of Birth',
  'Citizenship',
  'Address',
  'Additional Information',
  'Listing Information',
  'Committees',
  'Control Date',
];

const workbook = async (sheets: Record<string, unknown[][]>) => readableOf(await xlsxBuffer(sheets));
const collect = (input: Readable, fileName = 'regulation8_consolidated.xlsx') =>
  parseStream(adapter, input, fileName);

const records = (items: ParseItem[]) =>
  items.flatMap((i) => (i.kind === 'record' ? [{ line: i.line, record: i.record }] : []));

// Real rows (docs/registers.md §6.1), cells as published.
const AKHUND_TAIL = [
  '1945, 1946, 1947, 1948, 1949, 1950, 1955, 1956, 1957, 1958',
  'Pashmul village, Panjwai District, Kandahar Province, Afghanistan',
  'Afghanistan',
  'Kabul, Afghanistan',
  'TAi.002. Title: a) Mullah b) Haji Designation: a) First Deputy, Council of Ministers under the Taliban regime (1996-2001).',
  'Listed on 25 January 2001 (amended on 3 Sep 2003, 20 December 2005)',
  null,
  '1988 (Taliban)',
  day('2026-04-14'),
  'Charter of the United Nations (Sanctions—the Taliban) Regulation 2013',
  true,
  true,
  true,
  false,
];
const REAL_ROWS = [
  [2, 'MOHAMMAD HASSAN AKHUND', 'Individual', 'Primary Name', null, ...AKHUND_TAIL],
  ['2a', 'Muhammad Hassan Akhund', 'Individual', 'Alias', 'Strong', ...AKHUND_TAIL],
  ['2b', 'محمد حسن أخوند', 'Individual', 'Original Script', null, ...AKHUND_TAIL],
  [
    155,
    'AL-QAIDA',
    'Entity',
    'Primary Name',
    null,
    null,
    null,
    null,
    null,
    'QDe.004. Review pursuant to Security Council resolution 1822 (2008) was concluded on 21 Jun. 2010.',
    'Listed by UN 1267 Committee on 6 Oct. 2001 (amended on 5 Mar. 2009, 21 Mar. 2012, 24 Nov. 2020)',
    null,
    "1267 (ISIL (Da'esh) and Al-Qaida)",
    day('2026-02-20'),
    "Charter of the United Nations (Sanctions—ISIL (Da'esh) and Al-Qaida) Regulations 2008",
    'true',
    'false',
    'true',
    'false',
  ],
  [
    8227,
    'ANDAMAN SKIES',
    'Vessel',
    'Primary Name',
    null,
    null,
    null,
    null,
    null,
    null,
    'Designated as a sanctioned vessel in the Autonomous Sanctions (Sanctioned Vessels – Russia) Designation 2025',
    9288693,
    'Autonomous (Vessels)',
    day('2025-06-18'),
    'Autonomous Sanctions (Sanctioned Vessels – Russia) Designation 2025',
    'FALSE',
    'FALSE',
    'FALSE',
    'TRUE',
  ],
];

const NO_DATA = {
  date_of_birth: null,
  place_of_birth: null,
  citizenship: null,
  address: null,
  additional_information: null,
  listing_information: null,
  imo_number: null,
  committees: null,
  control_date: null,
  instrument: null,
  targeted_financial_sanction: null,
  travel_ban: null,
  arms_embargo: null,
  maritime_restriction: null,
  aliases: [],
  reference_reused: false,
};

function listed(
  key: string,
  name: string,
  names: SourceRecord['names'],
  data: Record<string, unknown>,
): SourceRecord {
  const merged = { reference: key, type: null, ...NO_DATA, ...data };
  return {
    key,
    abn: null,
    acn: null,
    name,
    names,
    status: 'listed',
    asOf: merged.control_date as string | null,
    data: merged,
  };
}

describe('dfat adapter', () => {
  test('reads the real rows of the 19-column list, grouping 2/2a/2b into party 2', async () => {
    const items = await collect(await workbook({ 'Consolidated List': [HEADER, ...REAL_ROWS] }));
    assert.deepEqual(records(items), [
      {
        line: 2,
        record: listed(
          '2',
          'MOHAMMAD HASSAN AKHUND',
          [
            { name: 'Muhammad Hassan Akhund', type: 'alias' },
            { name: 'محمد حسن أخوند', type: 'original_script' },
          ],
          {
            type: 'Individual',
            date_of_birth: '1945, 1946, 1947, 1948, 1949, 1950, 1955, 1956, 1957, 1958',
            place_of_birth: 'Pashmul village, Panjwai District, Kandahar Province, Afghanistan',
            citizenship: 'Afghanistan',
            address: 'Kabul, Afghanistan',
            additional_information:
              'TAi.002. Title: a) Mullah b) Haji Designation: a) First Deputy, Council of Ministers under the Taliban regime (1996-2001).',
            listing_information: 'Listed on 25 January 2001 (amended on 3 Sep 2003, 20 December 2005)',
            committees: '1988 (Taliban)',
            control_date: '2026-04-14',
            instrument: 'Charter of the United Nations (Sanctions—the Taliban) Regulation 2013',
            targeted_financial_sanction: true,
            travel_ban: true,
            arms_embargo: true,
            maritime_restriction: false,
            aliases: [
              { name: 'Muhammad Hassan Akhund', name_type: 'Alias', strength: 'Strong', reference: '2a' },
              { name: 'محمد حسن أخوند', name_type: 'Original Script', strength: null, reference: '2b' },
            ],
          },
        ),
      },
      {
        line: 5,
        record: listed('155', 'AL-QAIDA', [], {
          type: 'Entity',
          additional_information:
            'QDe.004. Review pursuant to Security Council resolution 1822 (2008) was concluded on 21 Jun. 2010.',
          listing_information:
            'Listed by UN 1267 Committee on 6 Oct. 2001 (amended on 5 Mar. 2009, 21 Mar. 2012, 24 Nov. 2020)',
          committees: "1267 (ISIL (Da'esh) and Al-Qaida)",
          control_date: '2026-02-20',
          instrument: "Charter of the United Nations (Sanctions—ISIL (Da'esh) and Al-Qaida) Regulations 2008",
          targeted_financial_sanction: true,
          travel_ban: false,
          arms_embargo: true,
          maritime_restriction: false,
        }),
      },
      {
        line: 6,
        record: listed('8227', 'ANDAMAN SKIES', [], {
          type: 'Vessel',
          listing_information:
            'Designated as a sanctioned vessel in the Autonomous Sanctions (Sanctioned Vessels – Russia) Designation 2025',
          imo_number: '9288693',
          committees: 'Autonomous (Vessels)',
          control_date: '2025-06-18',
          instrument: 'Autonomous Sanctions (Sanctioned Vessels – Russia) Designation 2025',
          targeted_financial_sanction: false,
          travel_ban: false,
          arms_embargo: false,
          maritime_restriction: true,
        }),
      },
    ]);
    assert.equal(items.length, 3);
  });

  test('flags a number reused for a second party of the same type (a second primary-name row)', async () => {
    const pad = (row: unknown[]) => [...row, ...Array(HEADER.length - row.length).fill(null)];
    const items = await collect(
      await workbook({
        'Consolidated List': [
          HEADER,
          pad([5, 'JOHN FIRST PARTY', 'Individual', 'Primary Name', null, '01/01/1960']),
          pad(['5a', 'J. FIRST', 'Individual', 'Alias', 'Weak']),
          pad([6, 'OTHER', 'Entity', 'Primary Name']),
          pad([5, 'UNRELATED SECOND PERSON', 'Individual', 'Primary Name', null, '02/02/1980']),
          pad([7, 'THIRD', 'Individual', 'Primary Name']),
          pad(['7a', 'THIRD ALIAS', 'Individual', 'Alias']),
        ],
      }),
    );
    const byKey = new Map(records(items).map((r) => [r.record.key, r.record]));
    assert.equal(byKey.get('5')?.data.reference_reused, true);
    assert.equal(byKey.get('5')?.name, 'JOHN FIRST PARTY');
    assert.ok(
      byKey.get('5')?.names.some((n) => n.name === 'UNRELATED SECOND PERSON'),
      'the second party stays matchable',
    );
    assert.equal(byKey.get('7')?.data.reference_reused, false, 'a primary row and its alias are one party');
  });

  test('groups a non-contiguous block, reads rich text, date cells and _x000D_, flags a reused number', async () => {
    const pad = (row: unknown[]) => [...row, ...Array(HEADER.length - row.length).fill(null)];
    const items = await collect(
      await workbook({
        'Consolidated List': [
          HEADER,
          pad([
            10,
            { richText: [{ text: 'IVAN ' }, { font: { bold: true }, text: 'PETROVICH' }] },
            'Individual',
            'Primay Name',
            null,
            day('1971-03-12'),
            null,
            null,
            'a) Moscow_x000D_\nb) Minsk',
            null,
            null,
            null,
            'Autonomous (Russia)',
            '14/04/2026',
          ]),
          pad([11, 'SANDBOX LOGISTICS LLC', 'Entity', 'Primary Name']),
          pad(['10a', 'Vanya Petrovich', 'Individual', 'Alias', 'Weak']),
          pad(['10b', 'IVAN PETROVICH SIDOROV', 'Individual', 'Formerly known as']),
          pad(['10c', 'I. PETROVICH', 'Individual', 'aka', null]),
          [],
          pad([12, 'OLD PARTY', 'Individual', 'Primary Name']),
          pad(['12a', 'NEW UNRELATED SHIPPING CO', 'Entity', 'Primary Name']),
          pad(['13a', null, 'Entity', 'Alias', 'Strong']),
          pad(['X-1', 'NOT A REFERENCE', 'Entity', 'Primary Name']),
        ],
      }),
    );
    assert.deepEqual(
      items.filter((i) => i.kind === 'rejected'),
      [
        { kind: 'rejected', line: 10, reason: 'reference 13a: no name' },
        {
          kind: 'rejected',
          line: 11,
          reason: 'Reference "X-1" is not a number with an optional letter suffix',
        },
      ],
    );
    assert.deepEqual(records(items), [
      {
        line: 2,
        record: listed(
          '10',
          'IVAN PETROVICH',
          [
            { name: 'Vanya Petrovich', type: 'alias_weak' },
            { name: 'IVAN PETROVICH SIDOROV', type: 'former' },
            { name: 'I. PETROVICH', type: 'alias' },
          ],
          {
            type: 'Individual',
            date_of_birth: '1971-03-12',
            address: 'a) Moscow b) Minsk',
            committees: 'Autonomous (Russia)',
            control_date: '2026-04-14',
            aliases: [
              { name: 'Vanya Petrovich', name_type: 'Alias', strength: 'Weak', reference: '10a' },
              {
                name: 'IVAN PETROVICH SIDOROV',
                name_type: 'Formerly known as',
                strength: null,
                reference: '10b',
              },
              { name: 'I. PETROVICH', name_type: 'aka', strength: null, reference: '10c' },
            ],
          },
        ),
      },
      { line: 3, record: listed('11', 'SANDBOX LOGISTICS LLC', [], { type: 'Entity' }) },
      {
        line: 8,
        record: listed('12', 'OLD PARTY', [{ name: 'NEW UNRELATED SHIPPING CO', type: 'alias' }], {
          type: 'Individual',
          aliases: [
            {
              name: 'NEW UNRELATED SHIPPING CO',
              name_type: 'Primary Name',
              strength: null,
              reference: '12a',
            },
          ],
          reference_reused: true,
        }),
      },
    ]);
  });

  test('reads the older 12-column layout (no strength, IMO, instrument or flags)', async () => {
    const items = await collect(
      await workbook({
        'Consolidated List': [
          OLD_HEADER,
          [
            2,
            'MOHAMMAD HASSAN AKHUND',
            'Individual',
            'Primary Name',
            '1945, 1946',
            'Pashmul village',
            'Afghanistan',
            'Kabul, Afghanistan',
            'TAi.002.',
            'Listed on 25 January 2001',
            '1988 (Taliban)',
            day('2019-06-03'),
          ],
          ['2a', 'Muhammad Hassan Akhund', 'Individual', 'aka'],
        ],
      }),
    );
    assert.deepEqual(records(items), [
      {
        line: 2,
        record: listed('2', 'MOHAMMAD HASSAN AKHUND', [{ name: 'Muhammad Hassan Akhund', type: 'alias' }], {
          type: 'Individual',
          date_of_birth: '1945, 1946',
          place_of_birth: 'Pashmul village',
          citizenship: 'Afghanistan',
          address: 'Kabul, Afghanistan',
          additional_information: 'TAi.002.',
          listing_information: 'Listed on 25 January 2001',
          committees: '1988 (Taliban)',
          control_date: '2019-06-03',
          aliases: [{ name: 'Muhammad Hassan Akhund', name_type: 'aka', strength: null, reference: '2a' }],
        }),
      },
    ]);
  });

  test('picks the Consolidated List sheet among others, and falls back to the first sheet', async () => {
    const named = await collect(
      await workbook({
        Notes: [['About this list']],
        'Consolidated List': [HEADER, ...REAL_ROWS.slice(3, 4)],
      }),
    );
    assert.deepEqual(
      records(named).map((r) => r.record.key),
      ['155'],
    );
    const renamed = await collect(await workbook({ Sheet1: [HEADER, ...REAL_ROWS.slice(4)] }));
    assert.deepEqual(
      records(renamed).map((r) => r.record.key),
      ['8227'],
    );
  });

  test('a header that is not the DFAT layout is a FormatError', async () => {
    const input = await workbook({
      'Consolidated List': [
        ['ACN No', 'Organisation name'],
        ['4028077', 'BHP GROUP LIMITED'],
      ],
    });
    await assert.rejects(collect(input), (e: unknown) => {
      assert.ok(e instanceof FormatError);
      assert.match(e.message, /missing "reference", "name of individual or entity", "type", "name type"/);
      return true;
    });
  });

  test('a file that is not an XLSX is a FormatError', async () => {
    const csv = Readable.from([Buffer.from('Reference,Name of Individual or Entity\r\n2,AKHUND\r\n')]);
    await assert.rejects(collect(csv), FormatError);
    const whole = Buffer.concat(
      await (await workbook({ 'Consolidated List': [HEADER, ...REAL_ROWS] })).toArray(),
    );
    await assert.rejects(collect(Readable.from([whole.subarray(0, whole.length / 2)])), FormatError);
  });

  test('diff is empty: the ingest matches the names against the other registers', () => {
    const record = listed('2', 'MOHAMMAD HASSAN AKHUND', [], {});
    assert.deepEqual(adapter.diff(null, record), []);
    assert.deepEqual(adapter.diff(record, null), []);
    assert.equal(adapter.nameMatchEvent, 'sanctions_match');
  });

  test('sandbox: the base list names ref 9001; next adds SANDBOX REMITTANCE PTY LTD (ref 9003)', async () => {
    const base = records(
      await collect(
        createReadStream(new URL('../../../fixtures/sandbox/dfat.xlsx', import.meta.url)),
        'dfat.xlsx',
      ),
    );
    const next = records(
      await collect(
        createReadStream(new URL('../../../fixtures/sandbox/next/dfat.xlsx', import.meta.url)),
        'dfat.xlsx',
      ),
    );
    const northern = base.find((r) => r.record.key === '9001')?.record;
    assert.equal(northern?.name, 'SANDBOX NORTHERN TRADING COMPANY');
    assert.deepEqual(
      northern?.names.map((n) => n.type),
      ['alias', 'original_script'],
    );
    assert.equal(base.find((r) => r.record.key === '9002')?.record.names[0]?.type, 'alias_weak');
    const baseKeys = new Set(base.map((r) => r.record.key));
    const added = next.filter((r) => !baseKeys.has(r.record.key)).map((r) => r.record);
    assert.deepEqual(
      added.map((r) => [r.key, r.name, r.data.type]),
      [['9003', 'SANDBOX REMITTANCE PTY LTD', 'Entity']],
    );
  });
});
