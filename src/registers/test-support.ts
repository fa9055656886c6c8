/**
 * Helpers the register tests share (and scripts/sandbox-xlsx.ts, for the XLSX layouts): building an
 * input stream, collecting what an adapter yields, and writing workbooks in the registers' layouts.
 */
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ParseItem, RegisterAdapter, SourceRecord } from './types.ts';

/** The parts, strings as UTF-8 and buffers as they are, joined into one chunk: a whole file. */
export const readableOf = (...parts: (string | Buffer)[]): Readable =>
  Readable.from([Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)))]);

/** Every item the adapter yields for the input, in order. */
export async function parseStream(
  adapter: RegisterAdapter,
  input: Readable,
  fileName: string,
): Promise<ParseItem[]> {
  const items: ParseItem[] = [];
  for await (const item of adapter.parse(input, { fileName })) items.push(item);
  return items;
}

/** The records among the items, without their lines. */
export const records = (items: ParseItem[]): SourceRecord[] =>
  items.flatMap((i) => (i.kind === 'record' ? [i.record] : []));

/** A sandbox fixture's records by key; every item must be a record. */
export async function loadRecords(
  adapter: RegisterAdapter,
  path: string,
): Promise<Map<string, SourceRecord>> {
  const byKey = new Map<string, SourceRecord>();
  for await (const item of adapter.parse(createReadStream(path), { fileName: path })) {
    assert.equal(item.kind, 'record', JSON.stringify(item));
    if (item.kind === 'record') byKey.set(item.record.key, item.record);
  }
  return byKey;
}

/** A date as ExcelJS writes a date cell: midnight UTC. */
export const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Workbook document properties; fixed ones keep a regenerated fixture byte-for-byte alike. */
export type BookProperties = { creator: string; created: Date; modified: Date };

/** An XLSX file with these sheets, each row written at its index (an empty row stays a blank line). */
export async function xlsxBuffer(
  sheets: Record<string, unknown[][]>,
  properties?: BookProperties,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  if (properties) Object.assign(book, properties);
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    rows.forEach((row, i) => {
      sheet.getRow(i + 1).values = row as ExcelJS.CellValue[];
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The DFAT Consolidated List's 19 columns, header on row 1 (docs/registers.md §6). */
export const DFAT_HEADER = [
  'Reference',
  'Name of Individual or Entity',
  'Type',
  'Name Type',
  'Alias Strength',
  'Date of Birth',
  'Place of Birth',
  'Citizenship',
  'Address',
  'Additional Information',
  'Listing Information',
  'IMO Number',
  'Committees',
  'Control Date',
  'Instrument of Designation',
  'Targeted Financial Sanction',
  'Travel Ban',
  'Arms Embargo',
  'Maritime Restriction',
];

/** ASIC insolvency statistics' header row (docs/registers.md §10), trailing spaces as published. */
export const INSOLVENCY_HEADER = [
  'Data to',
  'ACN No ',
  'Organisation name ',
  'Appointee (person or company)',
  'Appointment type',
  'Effective date',
  'Period (Year month)',
  'Period (financial year)',
  'Industry type (division/subdivision/group)',
  'State of incorporation',
  'Principal place of business (state/area/postcode)',
  'Series 1 (companies entering)',
  'Series 2 (all appointments)',
];

/** What a test states of an expected record; the rest comes from the register's defaults. */
export type RecordOverrides = Partial<SourceRecord> & { data?: Record<string, unknown> };

/** An expected record: no identifiers, names or asOf unless `over` says so; `data` is `data` with `over.data` on top. */
export const expectedRecord = (
  over: RecordOverrides,
  status: string | null,
  data: Record<string, unknown>,
): SourceRecord => ({
  key: '',
  abn: null,
  acn: null,
  name: '',
  names: [],
  status,
  asOf: null,
  ...over,
  data: { ...data, ...over.data },
});
