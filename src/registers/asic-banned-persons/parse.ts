import type { Readable } from 'node:stream';
import { col, readTable } from '../tabular.ts';
import { defineRegister, type ParseContext, type ParseItem } from '../types.ts';
import { clean, dmyToIso } from '../values.ts';

const REQUIRED = ['BD_PER_NAME', 'BD_PER_TYPE', 'BD_PER_DOC_NUM', 'BD_PER_START_DT', 'BD_PER_END_DT'];

/**
 * ASIC Banned and Disqualified Persons (registers.md §7.1): comma CSV, every field quoted (the TSV
 * twin reads too, the delimiter is sniffed). People only, no ABN or ACN: names as `SURNAME, GIVEN
 * NAMES`. Keyed by the banning document number (`#004289112`); a row without one falls back to name
 * and start date.
 */
async function* parseBannedPersons(input: Readable, context: ParseContext): AsyncGenerator<ParseItem> {
  const seen = new Map<string, number>();
  for await (const item of readTable(input, { fileName: context.fileName, required: REQUIRED })) {
    if (item.kind === 'rejected') {
      yield item;
      continue;
    }
    const { row, line } = item;
    const name = clean(col(row, 'BD_PER_NAME'));
    if (!name) {
      yield { kind: 'rejected', line, reason: 'no BD_PER_NAME' };
      continue;
    }
    const startDate = dmyToIso(col(row, 'BD_PER_START_DT'));
    const key = clean(col(row, 'BD_PER_DOC_NUM')) ?? `${name.toUpperCase()}|${startDate ?? ''}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      yield { kind: 'rejected', line, reason: `same key "${key}" as line ${earlier}` };
      continue;
    }
    seen.set(key, line);
    const banType = clean(col(row, 'BD_PER_TYPE'));
    yield {
      kind: 'record',
      line,
      record: {
        key,
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
      },
    };
  }
}

export const adapter = defineRegister({
  dataset: 'asic-banned-persons',
  title: 'ASIC Banned and Disqualified Persons',
  source: 'asic',
  parse: parseBannedPersons,
  // No identifier to join on: the ingest matches these names against the other registers.
  diff: () => [],
  nameMatchEvent: 'banned_match',
  screening: { list: 'asic_banned_person', title: 'ASIC banned and disqualified persons', maxAgeDays: 35 },
  events: ['banned_match'],
});
