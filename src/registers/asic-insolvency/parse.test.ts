import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import {
  day,
  INSOLVENCY_HEADER as HEADER,
  parseStream,
  readableOf,
  records,
  xlsxBuffer,
} from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const TITLE_ROWS = [
  ['Australian Securities and Investments Commission'],
  ['Insolvency statistics: Series 1 and Series 2'],
  [],
  ['Data set'],
  ['Appointments of external administrators, controllers and liquidators'],
  [],
];

const workbook = async (sheets: Record<string, unknown[][]>) => readableOf(await xlsxBuffer(sheets));

const collect = (input: Readable, fileName = 'insolvency-statistics-series-1-and-2.xlsx') =>
  parseStream(adapter, input, fileName);

const row = (
  acn: unknown,
  name: unknown,
  type: unknown,
  effective: unknown,
  appointee: unknown = 'Casey Wren',
) => [
  day('2026-08-31'),
  acn,
  name,
  appointee,
  type,
  effective,
  '2026-08',
  '2026-27',
  'Construction / Building Construction / Residential Building Construction',
  'NSW',
  'NSW / Sydney - Parramatta / 2150',
  1,
  1,
];

function appointment(acn: string, name: string, type: string, effective: string, appointee: string | null) {
  return {
    key: `${acn}|${type}|${effective}`,
    abn: null,
    acn,
    name,
    names: [],
    status: type,
    asOf: effective,
    data: {
      appointee,
      appointment_type: type,
      effective_date: effective,
      period: '2026-08',
      industry: 'Construction / Building Construction / Residential Building Construction',
      state_of_incorporation: 'NSW',
      principal_place: 'NSW / Sydney - Parramatta / 2150',
    },
  } satisfies SourceRecord;
}

describe('asic-insolvency adapter', () => {
  test('finds the header on row 7, zero-pads numeric ACNs, reads date cells and DD/MM/YYYY text', async () => {
    const items = await collect(
      await workbook({
        Contents: [['Insolvency statistics'], ['Data set: appointments since 1 July 2021']],
        'Data set': [
          ...TITLE_ROWS,
          HEADER,
          row(4028077, 'EXAMPLE MINING PTY LTD', "Creditors' voluntary liquidation", day('2026-08-03')),
          row('000000019', 'EXAMPLE  HOLDINGS\u00a0PTY LTD ', 'Court liquidation', '14/08/2026', null),
          [],
          row(4028078, 'EXAMPLE BAD CHECK DIGIT PTY LTD', 'Court liquidation', day('2026-08-04')),
          row(600302707, null, 'Voluntary administration', day('2026-08-05')),
          row(
            4028077,
            'EXAMPLE MINING PTY LTD',
            "Creditors' voluntary liquidation",
            day('2026-08-03'),
            'Robin Ash',
          ),
          row(
            { richText: [{ text: '600302707' }] },
            'EXAMPLE BUILDERS PTY LTD',
            'Controller appointed (receiver and manager)',
            46245,
          ),
        ],
      }),
    );
    assert.deepEqual(items, [
      { kind: 'snapshot', asOf: '2026-08-31' },
      {
        kind: 'record',
        line: 8,
        record: appointment(
          '004028077',
          'EXAMPLE MINING PTY LTD',
          "Creditors' voluntary liquidation",
          '2026-08-03',
          'Casey Wren',
        ),
      },
      {
        kind: 'record',
        line: 9,
        record: appointment('000000019', 'EXAMPLE HOLDINGS PTY LTD', 'Court liquidation', '2026-08-14', null),
      },
      { kind: 'rejected', line: 11, reason: 'ACN "4028078" fails the check digit' },
      { kind: 'rejected', line: 12, reason: 'ACN 600302707: no organisation name' },
      {
        kind: 'rejected',
        line: 13,
        reason: 'same ACN, appointment type and effective date as line 8',
      },
      {
        kind: 'record',
        line: 14,
        record: appointment(
          '600302707',
          'EXAMPLE BUILDERS PTY LTD',
          'Controller appointed (receiver and manager)',
          '2026-08-11',
          'Casey Wren',
        ),
      },
    ]);
  });

  test('no ACN No header in the first rows, or a header without the needed columns, is a FormatError', async () => {
    const titlesOnly = await workbook({ 'Data set': [...TITLE_ROWS, ...TITLE_ROWS, ...TITLE_ROWS] });
    await assert.rejects(collect(titlesOnly), /no "ACN No" header in the first 15 rows/);
    const partial = await workbook({ 'Data set': [...TITLE_ROWS, ['ACN No ', 'Organisation name ']] });
    await assert.rejects(collect(partial), (e: unknown) => {
      assert.ok(e instanceof FormatError);
      assert.match(e.message, /missing "appointment type", "effective date"/);
      assert.equal(e.line, 7);
      return true;
    });
    await assert.rejects(collect(readableOf('ACN No ,Organisation name \n')), FormatError);
  });

  test('diff: a new appointment is external_administration; a known or vanished one is not', () => {
    const record = appointment(
      '600302707',
      'SANDBOX CONSTRUCTIONS PTY LTD',
      'Voluntary administration',
      '2026-08-05',
      'Casey Wren',
    );
    assert.deepEqual(adapter.diff(null, record), [
      {
        type: 'external_administration',
        entity: { abn: null, acn: '600302707', name: 'SANDBOX CONSTRUCTIONS PTY LTD' },
        changes: [
          { field: 'appointment_type', old: null, new: 'Voluntary administration' },
          { field: 'appointee', old: null, new: 'Casey Wren' },
          { field: 'effective_date', old: null, new: '2026-08-05' },
        ],
      },
    ]);
    assert.deepEqual(adapter.diff(record, record), []);
    assert.deepEqual(adapter.diff(record, null), []);
  });

  test('sandbox: next appoints a voluntary administrator to SANDBOX FINANCE BROKERS PTY LTD', async () => {
    const read = async (path: string) => {
      const items = await collect(createReadStream(new URL(path, import.meta.url)), 'asic-insolvency.xlsx');
      return new Map(records(items).map((r) => [r.key, r]));
    };
    const base = await read('../../../fixtures/sandbox/asic-insolvency.xlsx');
    const next = await read('../../../fixtures/sandbox/next/asic-insolvency.xlsx');
    assert.deepEqual(
      [...base.values()].map((r) => [r.acn, r.name, r.status]),
      [
        ['009901008', 'SANDBOX MINING SERVICES PTY LTD', 'Court liquidation'],
        ['600990038', 'SANDBOX EXAMPLE CAFE PTY LTD', "Creditors' voluntary liquidation"],
        ['600302707', 'SANDBOX CONSTRUCTIONS PTY LTD', "Creditors' voluntary liquidation"],
      ],
    );
    const events = [...next].flatMap(([key, after]) => adapter.diff(base.get(key) ?? null, after));
    assert.deepEqual(
      events.map((e) => [e.type, e.entity.acn, e.changes[0]?.new]),
      [['external_administration', '600241923', 'Voluntary administration']],
    );
  });
});
