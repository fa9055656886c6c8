import type { Readable } from 'node:stream';
import type { DetectedChange, FieldChange } from '../../events/types.ts';
import { col, readDistinctRecords } from '../tabular.ts';
import { defineRegister, type ParseContext, type SourceRecord } from '../types.ts';
import { acnOrNull, clean, dmyToIso } from '../values.ts';

// [U] The column order after REGISTER_NAME is inferred (docs/registers.md §7.2, §13): columns are found by
// name, and REGISTER_NAME and BD_ORG_COMMENT are optional.
const REQUIRED = ['BD_ORG_NAME', 'BD_ORG_ACN', 'BD_ORG_TYPE', 'BD_ORG_START_DT', 'BD_ORG_END_DT'];

/**
 * ASIC Banned and Disqualified Organisations (docs/registers.md §7.2): ~15 rows in a tab-delimited ".csv"
 * with no quoting. Names carry no-break spaces; the end date may be words (`Permanent banning`).
 * Keyed by ACN, or by the upper-cased name where the ACN is missing or fails its check digit.
 */
const parseBannedOrgs = (input: Readable, { fileName }: ParseContext) =>
  readDistinctRecords(input, { fileName, required: REQUIRED }, ({ row }) => toRecord(row));

function toRecord(row: Record<string, string>): SourceRecord | string {
  const name = clean(col(row, 'BD_ORG_NAME'));
  if (!name) return 'no BD_ORG_NAME';
  const acn = acnOrNull(col(row, 'BD_ORG_ACN'));
  const banType = clean(col(row, 'BD_ORG_TYPE'));
  const startDate = dmyToIso(col(row, 'BD_ORG_START_DT'));
  const end = clean(col(row, 'BD_ORG_END_DT'));
  const endDate = dmyToIso(end);
  return {
    key: acn ?? name.toUpperCase(),
    abn: null,
    acn,
    name,
    names: [],
    status: banType,
    asOf: startDate,
    data: {
      ban_type: banType,
      start_date: startDate,
      end_date: endDate,
      // Words in the date column (`Permanent banning`), kept as written.
      end_text: endDate ? null : end,
      comment: clean(col(row, 'BD_ORG_COMMENT')),
    },
  };
}

const WATCHED = ['ban_type', 'start_date', 'end_date'] as const;

/** A ban that appears, or whose type or dates change, is `banned_match` for the company's ACN. */
export function diffBannedOrg(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  // A ban that drops off the list is no longer a match; an org without an ACN has nothing to join on.
  if (after === null || after.acn === null) return [];
  const changes: FieldChange[] = [];
  for (const field of WATCHED) {
    const old = before === null ? null : (before.data[field] ?? null);
    const now = after.data[field] ?? null;
    if (before === null || old !== now) changes.push({ field, old, new: now });
  }
  if (changes.length === 0) return [];
  return [{ type: 'banned_match', entity: { abn: null, acn: after.acn, name: after.name }, changes }];
}

export const adapter = defineRegister({
  dataset: 'asic-banned-orgs',
  title: 'ASIC Banned and Disqualified Organisations',
  source: 'asic',
  parse: parseBannedOrgs,
  diff: diffBannedOrg,
  screening: {
    list: 'asic_banned_org',
    title: 'ASIC banned and disqualified organisations',
    maxAgeDays: 35,
    byAcn: true,
  },
  events: ['banned_match'],
  sandboxExamples: { banned_match: (name) => [{ field: 'listed_name', old: null, new: name }] },
});
