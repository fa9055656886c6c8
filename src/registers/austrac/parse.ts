import type { Readable } from 'node:stream';
import type { DetectedChange } from '../../events/types.ts';
import { col, readRecords } from '../tabular.ts';
import { defineRegister, type ParseContext, type SourceRecord } from '../types.ts';
import { abnOrNull, acnOrNull, anyDate, clean } from '../values.ts';

/*
 * AUSTRAC publishes no bulk file (docs/registers.md §10): the Reporting Entities Roll is not public and the
 * Remittance Sector Register is only searchable. This is OUR layout, for an operator who has the data
 * (see README.md beside this file): comma CSV, RFC-4180 quoting, UTF-8 (BOM and Windows-1252 tolerated),
 * one row per entity per register, header line exactly these names in any order:
 *
 *   abn,acn,name,register,status,registered_date,cancelled_date,services
 *
 * abn / acn   11 / 9 digits, spaces allowed; either may be blank; check-digit failures become null
 * name        the entity's name (required)
 * register    e.g. `Remittance Sector Register`, `Reporting Entities Roll` (required)
 * status      `Registered`, `Suspended`, `Cancelled` (kept as written)
 * *_date      DD/MM/YYYY or YYYY-MM-DD; blank when none
 * services    designated services, `;`-separated (e.g. `Independent remittance dealer;Affiliate`)
 */
const HEADERS = ['abn', 'acn', 'name', 'register', 'status', 'registered_date', 'cancelled_date', 'services'];

const parse = (input: Readable, { fileName }: ParseContext) =>
  readRecords(input, { fileName, required: HEADERS, delimiter: 'comma' }, ({ row }) => toRecord(row));

function toRecord(row: Record<string, string>): SourceRecord | string {
  const name = clean(col(row, 'name'));
  if (!name) return 'no name';
  const register = clean(col(row, 'register'));
  if (!register) return `${name}: no register`;
  const abn = abnOrNull(col(row, 'abn'));
  const acn = acnOrNull(col(row, 'acn'));
  const services = col(row, 'services')
    .split(';')
    .flatMap((s) => clean(s) ?? []);
  return {
    // One entity can be on several registers; the name stands in only when there is no identifier.
    key: `${register}|${abn ?? acn ?? name}`,
    abn,
    acn,
    name,
    names: [],
    status: clean(col(row, 'status')),
    asOf: null,
    data: {
      register,
      registered_date: anyDate(col(row, 'registered_date')),
      cancelled_date: anyDate(col(row, 'cancelled_date')),
      services,
    },
  };
}

/**
 * An entity joining or leaving a register, or its status moving (Registered → Suspended/Cancelled).
 * A row with neither ABN nor ACN has no entity to raise the event on, so it raises nothing.
 */
function diff(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  const record = after ?? before;
  if (!record || (!record.abn && !record.acn)) return [];
  const old = before?.status ?? null;
  const now = after?.status ?? null;
  if (before && after && old === now) return [];
  return [
    {
      type: 'austrac_roll_change',
      entity: { abn: record.abn, acn: record.acn, name: record.name },
      changes: [{ field: 'status', old, new: now }],
    },
  ];
}

export const adapter = defineRegister({
  dataset: 'austrac',
  title: 'AUSTRAC Reporting Entities Roll / Remittance Sector Register (operator-loaded)',
  source: 'austrac',
  parse,
  diff,
  resolve: 'screening.austrac_reporting_entity',
  events: ['austrac_roll_change'],
  sandboxExamples: { austrac_roll_change: () => [{ field: 'status', old: null, new: 'Registered' }] },
});
