/**
 * Mapping helpers shared by ASIC's professional registers on data.gov.au (docs/registers.md §8): AFS and
 * credit licensees and representatives, financial advisers, SMSF and company auditors, liquidators.
 */
import type { Readable } from 'node:stream';
import type { DetectedChange, EventType, FieldChange } from '../events/types.ts';
import { col, readTable } from './tabular.ts';
import { FormatError, type SourceRecord } from './types.ts';
import { acnOrNull, clean } from './values.ts';

/**
 * A `~`-separated multi-value field (docs/registers.md §8). AFS clauses are each wrapped in quotes
 * (`"(a) deal in …"~"(b) …"`) and a pre-FSR licence is two quoted parts (`"General insurance
 * broker","000030366"`), which reads as `General insurance broker, 000030366`.
 */
export function tildeList(value: string | null | undefined): string[] {
  const out: string[] = [];
  for (const piece of (value ?? '').split('~')) {
    let clause = clean(piece) ?? '';
    if (clause.length >= 2 && clause.startsWith('"') && clause.endsWith('"')) {
      clause = clause.slice(1, -1).split('","').join(', ').trim();
    }
    if (clause !== '') out.push(clause);
  }
  return out;
}

/** ASIC writes `0` (or nothing) for "no ACN"; `acnOrNull` would pad `0` to a check-digit-valid 000000000. */
export function asicAcn(value: string | null | undefined): string | null {
  return /^\s*0*\s*$/.test(value ?? '') ? null : acnOrNull(value);
}

/** A latitude or longitude as a number; blank or unreadable → null. */
export function decimal(value: string | null | undefined): number | null {
  const v = clean(value);
  if (v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The record field a dataset's events report, under our field name. */
export type Watched = {
  field: string;
  value: (record: SourceRecord) => unknown;
  /** Reported only when it changes, not when the record appears or goes (e.g. long condition text). */
  changesOnly?: boolean;
};

/**
 * The one event a professional register raises for a record: when it appears or goes, the watched
 * fields it had (old or new null); otherwise the watched fields that moved, or nothing.
 */
export function diffWatched(
  type: EventType,
  before: SourceRecord | null,
  after: SourceRecord | null,
  watched: readonly Watched[],
): DetectedChange[] {
  const subject = after ?? before;
  if (!subject) return [];
  const changes: FieldChange[] = [];
  for (const w of watched) {
    const old = before ? (w.value(before) ?? null) : null;
    const now = after ? (w.value(after) ?? null) : null;
    if (before && after) {
      if (JSON.stringify(old) !== JSON.stringify(now)) changes.push({ field: w.field, old, new: now });
    } else if (!w.changesOnly && (old !== null || now !== null)) {
      changes.push({ field: w.field, old, new: now });
    }
  }
  if (changes.length === 0) return [];
  return [{ type, entity: { abn: subject.abn, acn: subject.acn, name: subject.name }, changes }];
}

/** A field of a record's `data`, for `Watched.value`. */
export const dataField =
  (name: string) =>
  (record: SourceRecord): unknown =>
    record.data[name];

/** Our field → the header names a register with an unverified layout may use for it. */
export type Layout = Record<string, { names: readonly string[]; required?: boolean }>;

/**
 * Finds each field's column among its alternative header names (case-insensitive): for registers
 * whose headers are [U] in docs/registers.md §8.7. Returns our field → the header key `readTable` rows
 * use, or null when an optional column is absent; a missing required column is a FormatError.
 */
export function resolveLayout(
  header: readonly string[],
  layout: Layout,
  fileName: string,
): Record<string, string | null> {
  const keys = header.map((h) => h.trim().toLowerCase());
  const resolved: Record<string, string | null> = {};
  const missing: string[] = [];
  for (const [field, spec] of Object.entries(layout)) {
    const found = spec.names.map((n) => n.toLowerCase()).find((n) => keys.includes(n)) ?? null;
    if (!found && spec.required) missing.push(spec.names.map((n) => `"${n}"`).join(' or '));
    resolved[field] = found;
  }
  if (missing.length > 0) {
    throw new FormatError(
      `${fileName}: the header does not match this register's format: missing ${missing.join(', ')} (found ${header.slice(0, 6).join(', ')}${header.length > 6 ? ', …' : ''})`,
      1,
    );
  }
  return resolved;
}

/** A resolved column's value ('' when the layout has no such column). */
export const field = (row: Record<string, string>, key: string | null | undefined): string =>
  key ? (row[key] ?? '') : '';

/**
 * A row of a professional register: a column's value as written ('' when the file has no such
 * column), and the file's header. For a register with an unverified layout the "column" is our
 * field in its Layout, found among the header names the Layout allows.
 */
export type Row = { value: (column: string) => string; header: readonly string[] };

export type RowItem =
  | { kind: 'row'; line: number; row: Row }
  | { kind: 'rejected'; line: number; reason: string };

/**
 * Rows of a register with an unverified layout (docs/registers.md §8.7), the delimiter sniffed and each
 * of our fields found by `resolveLayout` on the header. A file with a header and no rows yields
 * nothing rather than checking the header.
 */
export async function* readLayout(
  input: Readable,
  fileName: string,
  layout: Layout,
): AsyncGenerator<RowItem> {
  let columns: Record<string, string | null> | undefined;
  for await (const item of readTable(input, { fileName, required: [] })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    columns ??= resolveLayout(item.header, layout, fileName);
    const resolved = columns;
    const value = (name: string) => field(item.row, resolved[name]);
    yield { kind: 'row', line: item.line, row: { value, header: item.header } };
  }
}

/** The columns of a register: those its header must have (`readTable`'s check), or its Layout. */
export type Columns = { required: readonly string[] } | { layout: Layout };

/** A register's rows, its columns found by name (or, for an unverified layout, by its Layout). */
export async function* readRows(
  input: Readable,
  fileName: string,
  columns: Columns,
): AsyncGenerator<RowItem> {
  if ('layout' in columns) {
    yield* readLayout(input, fileName, columns.layout);
    return;
  }
  for await (const item of readTable(input, { fileName, required: columns.required })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const value = (column: string) => col(item.row, column);
    yield { kind: 'row', line: item.line, row: { value, header: item.header } };
  }
}
