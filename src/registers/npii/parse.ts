import type { Readable } from 'node:stream';
import type { DetectedChange } from '../../events/types.ts';
import { col, readRecords } from '../tabular.ts';
import { defineRegister, type ParseContext, type SourceRecord } from '../types.ts';
import { abnOrNull, anyDate, clean } from '../values.ts';

/*
 * AFSA's National Personal Insolvency Index has no bulk file or API (docs/registers.md §10: paid searches
 * only). This is OUR layout, for an operator who holds search results (see README.md beside this
 * file): comma CSV, RFC-4180 quoting, UTF-8 (BOM and Windows-1252 tolerated), one row per
 * administration, header line exactly these names in any order:
 *
 *   administration_number,family_name,given_names,date_of_birth,abn,proceeding_type,start_date,
 *   status,trustee,address_locality,address_state
 *
 * administration_number  AFSA's number for the proceeding (required: the record key)
 * family_name / given_names  at least one required
 * abn              the person's ABN when the operator knows it (a sole trader); blank otherwise
 * proceeding_type  `Bankruptcy`, `Debt agreement`, `Personal insolvency agreement`, `Creditor's petition`, …
 * *date*           DD/MM/YYYY or YYYY-MM-DD; blank when none
 */
const HEADERS = [
  'administration_number',
  'family_name',
  'given_names',
  'date_of_birth',
  'abn',
  'proceeding_type',
  'start_date',
  'status',
  'trustee',
  'address_locality',
  'address_state',
];

const parse = (input: Readable, { fileName }: ParseContext) =>
  readRecords(input, { fileName, required: HEADERS, delimiter: 'comma' }, ({ row }) => toRecord(row));

function toRecord(row: Record<string, string>): SourceRecord | string {
  const number = clean(col(row, 'administration_number'));
  if (!number) return 'no administration number';
  const family = clean(col(row, 'family_name'));
  const given = clean(col(row, 'given_names'));
  const name = family && given ? `${family}, ${given}` : (family ?? given);
  if (!name) return `administration ${number}: no name`;
  return {
    key: number,
    abn: abnOrNull(col(row, 'abn')),
    acn: null,
    name,
    names: [{ name, type: 'individual' }],
    status: clean(col(row, 'status')),
    asOf: null,
    data: {
      administration_number: number,
      family_name: family,
      given_names: given,
      date_of_birth: anyDate(col(row, 'date_of_birth')),
      proceeding_type: clean(col(row, 'proceeding_type')),
      start_date: anyDate(col(row, 'start_date')),
      trustee: clean(col(row, 'trustee')),
      address_locality: clean(col(row, 'address_locality')),
      address_state: clean(col(row, 'address_state')),
    },
  };
}

const BANKRUPTCY = /bankrupt|petition/i;
const proceeding = (r: SourceRecord | null) => (r?.data.proceeding_type as string | null | undefined) ?? null;

/**
 * `bankruptcy_petition_filed` when a proceeding first reaches an ABN (a new record, or an ABN the
 * operator has just supplied) — any personal insolvency, since no closer event type exists — and
 * when a proceeding turns into a bankruptcy or petition. Rows without an ABN raise nothing: we do not
 * match people by name; the operator supplies the ABN to join a sole trader. A proceeding that leaves
 * the file (annulled, discharged, ended) raises nothing either.
 */
function diff(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  if (!after?.abn) return [];
  const old = before && before.abn === after.abn ? proceeding(before) : null;
  const now = proceeding(after);
  const newToEntity = !before || before.abn !== after.abn;
  if (!newToEntity && (old === now || !BANKRUPTCY.test(now ?? ''))) return [];
  return [
    {
      type: 'bankruptcy_petition_filed',
      entity: { abn: after.abn, acn: null, name: after.name },
      changes: [{ field: 'proceeding_type', old, new: now }],
    },
  ];
}

export const adapter = defineRegister({
  dataset: 'npii',
  title: 'AFSA National Personal Insolvency Index (operator-loaded)',
  source: 'afsa',
  parse,
  diff,
  resolve: 'screening.bankruptcy_petition',
  events: ['bankruptcy_petition_filed'],
  sandboxExamples: {
    bankruptcy_petition_filed: () => [{ field: 'proceeding_type', old: null, new: 'Creditors Petition' }],
  },
});
