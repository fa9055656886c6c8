/**
 * ASIC's professional registers (docs/registers.md §8) each declare where a record's parts are: its
 * columns, the numbers that key it, its name, identifiers, status and fields, and the fields its
 * events watch. One row is one record; a register that gathers several rows into a record (SMSF
 * auditors) reads its rows with `readRows` and makes each row's record with `toProfessionalRecord`.
 */
import type { Readable } from 'node:stream';
import type { EventType } from '../events/types.ts';
import { asicAcn, type Columns, diffWatched, type Row, readRows, type Watched } from './asic-professional.ts';
import type { ParseItem, RecordName, RegisterAdapter, SourceRecord } from './types.ts';
import { abnOrAcn, abnOrNull, clean } from './values.ts';

/** One of our values: a column and how its text reads (`clean`, `dmyToIso`, `tildeList`, …), or the row's. */
export type Field<T = unknown> = readonly [column: string, read: (value: string) => T] | ((row: Row) => T);

export type ProfessionalRecord = {
  /**
   * Our field → the column of each number that keys a record, in order; several are joined with `|`
   * (a representative under one licensee). Each number is also the first of the record's data.
   */
  key: Readonly<Record<string, string>>;
  /** The rejection of a row without its number(s): `no AFS_LIC_NUM`. */
  unkeyed: string;
  /**
   * The main name's column, and either what a record is (a row without a name is rejected as
   * `licence 990001 has no name`) or the name a record takes when the register withholds it.
   */
  name: { column: string; noun: string } | { column: string; withheld: (row: Row, number: string) => string };
  /** Names beyond the main one. */
  names?: (row: Row) => RecordName[];
  /** Where the ABN and ACN are: one column holding either (as the licence files write them), or one each. */
  identifiers?: { abnOrAcn: string } | { abn?: string; acn?: string };
  /** The register's status (null when the register has none). */
  status?: Field<string | null>;
  /** The record's data after its numbers, in this order; a value read as `undefined` is left out. */
  fields: Readonly<Record<string, Field>>;
};

export type ProfessionalRegister = ProfessionalRecord &
  Columns & {
    /** What the register's one event reports (see `diffWatched`). */
    watched: readonly Watched[];
    event: EventType;
  };

const read = <T>(row: Row, field: Field<T>): T =>
  typeof field === 'function' ? field(row) : field[1](row.value(field[0]));

function identifiers(row: Row, where: ProfessionalRecord['identifiers']) {
  if (where && 'abnOrAcn' in where) return abnOrAcn(row.value(where.abnOrAcn));
  return {
    abn: where?.abn ? abnOrNull(row.value(where.abn)) : null,
    acn: where?.acn ? asicAcn(row.value(where.acn)) : null,
  };
}

/** The row's record as the register declares it, or why the row cannot be one. */
export function toProfessionalRecord(row: Row, spec: ProfessionalRecord): SourceRecord | string {
  const numbers: string[] = [];
  const data: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(spec.key)) {
    const number = clean(row.value(column));
    if (!number) return spec.unkeyed;
    numbers.push(number);
    data[field] = number;
  }
  const first = numbers[0] as string;
  let name = clean(row.value(spec.name.column));
  if (!name) {
    if ('noun' in spec.name) return `${spec.name.noun} ${first} has no name`;
    name = spec.name.withheld(row, first);
  }
  for (const [field, declared] of Object.entries(spec.fields)) {
    const value = read(row, declared);
    if (value !== undefined) data[field] = value;
  }
  return {
    key: numbers.join('|'),
    ...identifiers(row, spec.identifiers),
    name,
    names: spec.names?.(row) ?? [],
    status: spec.status ? read(row, spec.status) : null,
    asOf: null,
    data,
  };
}

async function* readProfessionalRecords(
  input: Readable,
  fileName: string,
  spec: ProfessionalRegister,
): AsyncGenerator<ParseItem> {
  for await (const item of readRows(input, fileName, spec)) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const record = toProfessionalRecord(item.row, spec);
    yield typeof record === 'string'
      ? { kind: 'rejected', line: item.line, reason: record }
      : { kind: 'record', record, line: item.line };
  }
}

/** The adapter's `parse` and `diff` for a professional register whose rows are each one record. */
export function professionalRegister(spec: ProfessionalRegister): Pick<RegisterAdapter, 'parse' | 'diff'> {
  return {
    parse: (input, { fileName }) => readProfessionalRecords(input, fileName, spec),
    diff: (before, after) => diffWatched(spec.event, before, after, spec.watched),
  };
}
