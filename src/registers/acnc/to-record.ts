import { col } from '../tabular.ts';
import type { RecordName, SourceRecord } from '../types.ts';
import { abnOrNull, clean, dmyToIso, flag } from '../values.ts';

/**
 * The charitable-purpose flag columns (docs/registers.md §5), ACNC's typos included, plus the 2019
 * layout's `Another_purpose_beneficial_to_the_community`. Compared lower-cased.
 */
const PURPOSES = new Set(
  [
    'Preventing_or_relieving_suffering_of_animals',
    'Advancing_Culture',
    'Advancing_Education',
    'Advancing_Health',
    'Promote_or_oppose_a_change_to_law__government_poll_or_prac',
    'Advancing_natual_environment',
    'Promoting_or_protecting_human_rights',
    'Purposes_beneficial_to_ther_general_public_and_other_analogous',
    'Promoting_reconciliation__mutual_respect_and_tolerance',
    'Advancing_Religion',
    'Advancing_social_or_public_welfare',
    'Advancing_security_or_safety_of_Australia_or_Australian_public',
    'Another_purpose_beneficial_to_the_community',
  ].map((h) => h.toLowerCase()),
);

/** Columns that are not beneficiary flags: identity, address, dates, size, states, subtypes. */
const NOT_BENEFICIARIES = new Set(
  [
    'ABN',
    'CABN',
    'Charity_Legal_Name',
    'Other_Organisation_Names',
    'Address_Type',
    'Address_Line_1',
    'Address_Line_2',
    'Address_Line_3',
    'Town_City',
    'State',
    'Postcode',
    'Country',
    'Charity_Website',
    'Registration_Date',
    'Date_Organisation_Established',
    'Charity_Size',
    'Number_of_Responsible_Persons',
    'Financial_Year_End',
    'Operating_Countries',
    'PBI',
    'HPC',
  ].map((h) => h.toLowerCase()),
);

const OPERATES_IN = /^operates_in_([a-z]+)$/i;

/**
 * Maps one row of the ACNC register (docs/registers.md §5) to a record keyed by ABN, or says why it
 * cannot be one. `header` and `fields` are the row as the file has it: the flag groups are read
 * by header name so the 2019 layout and later additions (`animals`, `environment`, …) both work.
 * Every column after the purposes that is not otherwise known counts as a beneficiary flag, since
 * ACNC has added and renamed beneficiary columns over time (`Men`/`Women` → `Males`/`Females`).
 */
export function toCharityRecord(
  row: Record<string, string>,
  header: readonly string[],
  fields: readonly string[],
): SourceRecord | string {
  const abnRaw = col(row, 'ABN').trim();
  const abn = abnOrNull(abnRaw);
  if (!abn) return abnRaw ? `ABN "${abnRaw}" fails the check digit` : 'no ABN';
  const name = clean(col(row, 'Charity_Legal_Name'));
  if (!name) return `ABN ${abn} has no legal name`;

  const operatesIn: string[] = [];
  const purposes: string[] = [];
  const beneficiaries: string[] = [];
  for (let i = 0; i < header.length; i++) {
    const column = header[i] ?? '';
    if (flag(fields[i]) !== true) continue;
    const lower = column.toLowerCase();
    const state = OPERATES_IN.exec(column)?.[1];
    if (state) operatesIn.push(state.toUpperCase());
    else if (PURPOSES.has(lower)) purposes.push(column);
    else if (!NOT_BENEFICIARIES.has(lower)) beneficiaries.push(column);
  }

  // Free text: ACNC has no separator (commas occur inside names), so it is kept whole.
  const otherNames = clean(col(row, 'Other_Organisation_Names'));
  const names: RecordName[] = otherNames ? [{ name: otherNames, type: 'other' }] : [];
  const persons = col(row, 'Number_of_Responsible_Persons').trim();
  return {
    key: abn,
    abn,
    acn: null,
    name,
    names,
    // The file lists registered charities only; there is no status column.
    status: 'Registered',
    asOf: null,
    data: {
      legal_name: name,
      other_names: otherNames,
      registration_date: dmyToIso(col(row, 'Registration_Date')),
      established_date: dmyToIso(col(row, 'Date_Organisation_Established')),
      charity_size: clean(col(row, 'Charity_Size')),
      responsible_persons: /^\d+$/.test(persons) ? Number(persons) : null,
      financial_year_end: clean(col(row, 'Financial_Year_End')),
      state: clean(col(row, 'State')),
      postcode: clean(col(row, 'Postcode')),
      town: clean(col(row, 'Town_City')),
      operates_in: operatesIn,
      operating_countries: col(row, 'Operating_Countries')
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
      subtypes: { pbi: flag(col(row, 'PBI')) === true, hpc: flag(col(row, 'HPC')) === true },
      purposes,
      beneficiaries,
    },
  };
}
