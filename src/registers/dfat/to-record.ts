import { type Cell, cellDate, cellText } from '../read-sheet.ts';
import type { RecordName, SourceRecord } from '../types.ts';
import { flag } from '../values.ts';

/** Our field → the DFAT header (docs/registers.md §6.1), compared case-insensitively. */
export const COLUMNS = {
  reference: 'reference',
  name: 'name of individual or entity',
  type: 'type',
  name_type: 'name type',
  // The rest are absent from the older 12-column layout and read as blank.
  strength: 'alias strength',
  date_of_birth: 'date of birth',
  place_of_birth: 'place of birth',
  citizenship: 'citizenship',
  address: 'address',
  additional_information: 'additional information',
  listing_information: 'listing information',
  imo_number: 'imo number',
  committees: 'committees',
  control_date: 'control date',
  instrument: 'instrument of designation',
  targeted_financial_sanction: 'targeted financial sanction',
  travel_ban: 'travel ban',
  arms_embargo: 'arms embargo',
  maritime_restriction: 'maritime restriction',
} as const;

export type DfatField = keyof typeof COLUMNS;

/** One row of the sheet, its cells by our field names; `reference` is the row's own (`2a`). */
export type DfatRow = { line: number; reference: string; suffix: string; cells: Record<DfatField, Cell> };

// Spellings seen in the real file, typo included (docs/registers.md §6.1).
const PRIMARY = new Set(['primary name', 'primary', 'primay name']);
const FORMER = new Set(['formerly known as', 'previously listed as']);
const PARTY_TYPES = new Set(['individual', 'entity', 'vessel']);

const lower = (cell: Cell) => (cellText(cell) ?? '').toLowerCase();

function nameType(row: DfatRow): string {
  const type = lower(row.cells.name_type);
  if (type === 'original script') return 'original_script';
  if (FORMER.has(type)) return 'former';
  // `Alias`, `aka`, `a`, blank, and a second primary row of a reused reference.
  return lower(row.cells.strength) === 'weak' ? 'alias_weak' : 'alias';
}

/**
 * One listed party from all the rows that share a reference number. Alias rows repeat the party's
 * attributes, so the primary row is authoritative; without a primary-name row the unsuffixed row, and
 * failing that the first row, stands in (a party must not drop off a sanctions list over a label).
 */
export function toRecord(reference: string, rows: DfatRow[]): { record: SourceRecord; line: number } {
  const primary =
    rows.find((r) => PRIMARY.has(lower(r.cells.name_type))) ?? rows.find((r) => r.suffix === '') ?? rows[0];
  if (!primary) throw new Error(`reference ${reference} has no rows`);
  const name = cellText(primary.cells.name) ?? '';
  const others = rows.filter((r) => r !== primary);

  const names: RecordName[] = [];
  for (const row of others) {
    const entry = { name: cellText(row.cells.name) ?? '', type: nameType(row) };
    if (entry.name === name || names.some((n) => n.name === entry.name && n.type === entry.type)) continue;
    names.push(entry);
  }

  // A number reused for an unrelated party (docs/registers.md §6.1) shows as rows of another party type
  // under it, or as a second primary-name row or a second row without a suffix: the first party's
  // primary row keeps the record, the other party's names stay matchable as its aliases, and the
  // flag tells a reviewer to look (OpenSanctions saw this).
  const types = new Set(rows.map((r) => lower(r.cells.type)).filter((t) => PARTY_TYPES.has(t)));
  const reused =
    types.size > 1 ||
    rows.filter((r) => PRIMARY.has(lower(r.cells.name_type))).length > 1 ||
    rows.filter((r) => r.suffix === '').length > 1;

  const c = primary.cells;
  const controlDate = cellDate(c.control_date);
  return {
    line: primary.line,
    record: {
      key: reference,
      abn: null,
      acn: null,
      name,
      names,
      status: 'listed',
      asOf: controlDate,
      data: {
        reference,
        type: cellText(c.type),
        // Free text (years, lists, ranges); a date cell becomes ISO.
        date_of_birth: cellText(c.date_of_birth),
        place_of_birth: cellText(c.place_of_birth),
        citizenship: cellText(c.citizenship),
        address: cellText(c.address),
        additional_information: cellText(c.additional_information),
        listing_information: cellText(c.listing_information),
        imo_number: cellText(c.imo_number),
        committees: cellText(c.committees),
        control_date: controlDate,
        instrument: cellText(c.instrument),
        targeted_financial_sanction: flag(cellText(c.targeted_financial_sanction)),
        travel_ban: flag(cellText(c.travel_ban)),
        arms_embargo: flag(cellText(c.arms_embargo)),
        maritime_restriction: flag(cellText(c.maritime_restriction)),
        aliases: others.map((row) => ({
          name: cellText(row.cells.name),
          name_type: cellText(row.cells.name_type),
          strength: cellText(row.cells.strength),
          reference: row.reference,
        })),
        reference_reused: reused,
      },
    },
  };
}
