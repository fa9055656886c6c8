import type { Readable } from 'node:stream';
import { col, readDistinctRecords } from '../tabular.ts';
import { defineRegister, type ParseContext, type SourceRecord } from '../types.ts';
import { clean, dmyToIso } from '../values.ts';

const REQUIRED = ['BD_PER_NAME', 'BD_PER_TYPE', 'BD_PER_DOC_NUM', 'BD_PER_START_DT', 'BD_PER_END_DT'];

/**
 * ASIC Banned and Disqualified Persons (docs/registers.md §7.1): comma CSV, every field quoted (the TSV
 * twin reads too, the delimiter is sniffed). People only, no ABN or ACN: names as `SURNAME, GIVEN
 * NAMES`. Keyed by the banning document number (`#004289112`); a row without one falls back to name
 * and start date.
 */
const parseBannedPersons = (input: Readable, { fileName }: ParseContext) =>
  readDistinctRecords(input, { fileName, required: REQUIRED }, ({ row }) => toRecord(row));

function toRecord(row: Record<string, string>): SourceRecord | string {
  const name = clean(col(row, 'BD_PER_NAME'));
  if (!name) return 'no BD_PER_NAME';
  const startDate = dmyToIso(col(row, 'BD_PER_START_DT'));
  const banType = clean(col(row, 'BD_PER_TYPE'));
  return {
    key: clean(col(row, 'BD_PER_DOC_NUM')) ?? `${name.toUpperCase()}|${startDate ?? ''}`,
    abn: null,
    acn: null,
    name,
    names: [],
    status: banType,
    asOf: startDate,
    data: {
      ban_type: banType,
      start_date: startDate,
      // Blank = open-ended or permanent.
      end_date: dmyToIso(col(row, 'BD_PER_END_DT')),
      locality: clean(col(row, 'BD_PER_ADD_LOCAL')),
      state: clean(col(row, 'BD_PER_ADD_STATE')),
      postcode: clean(col(row, 'BD_PER_ADD_PCODE')),
      country: clean(col(row, 'BD_PER_ADD_COUNTRY')),
      comments: clean(col(row, 'BD_PER_COMMENTS')),
    },
  };
}

export const adapter = defineRegister({
  dataset: 'asic-banned-persons',
  title: 'ASIC Banned and Disqualified Persons',
  source: 'asic',
  parse: parseBannedPersons,
  // No identifier to join on: the ingest matches these names against the other registers.
  diff: () => [],
  nameMatchEvent: 'banned_match',
  screening: {
    list: 'asic_banned_person',
    title: 'ASIC banned and disqualified persons',
    maxAgeDays: 35,
    people: true,
  },
  events: ['banned_match'],
});
