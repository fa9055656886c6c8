import { col } from '../tabular.ts';
import type { RecordName, SourceRecord } from '../types.ts';
import { abnOrNull, acnOrNull, clean, dmyToIso, flag } from '../values.ts';

/** One row of the file, keyed by lower-cased header name (see `readTable`). */
export type CompanyRow = Record<string, string>;

/**
 * Maps the rows of one ACN (docs/registers.md §3: one row per company name, current and former) to one
 * record, or says why they cannot be one (the ACN is the key).
 */
export function toCompanyRecord(rows: readonly CompanyRow[]): SourceRecord | string {
  const first = rows[0];
  if (!first) return 'no rows';
  const acnRaw = col(first, 'ACN').trim();
  const acn = acnOrNull(acnRaw);
  if (!acn) return acnRaw ? `ACN "${acnRaw}" fails the check digit` : 'no ACN';

  // At most one `Y` row per ACN; a few CNCL companies have only history rows, and then every row
  // names the current name in `Current Name` (docs/registers.md §3.1).
  const current = rows.find((r) => flag(col(r, 'Current Name Indicator')) === true);
  const history = rows.filter((r) => r !== current);
  let name = current ? clean(col(current, 'Company Name')) : null;
  if (!current) for (const r of history) name ??= clean(col(r, 'Current Name'));
  if (!name) return `ACN ${acn} has no company name`;

  let currentNameStart: string | null = null;
  for (const r of history) currentNameStart ??= dmyToIso(col(r, 'Current Name Start Date'));

  const formers: string[] = [];
  for (const r of history) {
    const former = clean(col(r, 'Company Name'));
    if (former && former !== name && !formers.includes(former)) formers.push(former);
  }
  // The file dates only the current name's start, so a former name's end is known only when there
  // is exactly one former name: it ended when the current name began. With several, their order
  // (and so which one the current name replaced) is not in the file [U].
  const ceased = formers.length === 1 ? currentNameStart : null;
  const names: RecordName[] = formers.map((n) => ({ name: n, type: 'former' }));

  const base = current ?? first;
  const type = clean(col(base, 'Type'));
  const status = clean(col(base, 'Status'));
  return {
    key: acn,
    // `0` means the company has no ABN; abnOrNull turns it (and a bad check digit) into null.
    abn: abnOrNull(col(base, 'ABN')),
    acn,
    name,
    names,
    status,
    asOf: null,
    data: {
      // For `RACN` (registrable Australian corporation) the ACN column holds an ARBN (docs/registers.md §3.1).
      identifier_kind: type === 'RACN' ? 'arbn' : 'acn',
      type,
      class: clean(col(base, 'Class')),
      sub_class: clean(col(base, 'Sub Class')),
      status,
      registration_date: dmyToIso(col(base, 'Date of Registration')),
      // Absent from the 14-column layout of older downloads: col() gives '' and this is null.
      deregistration_date: dmyToIso(col(base, 'Date of Deregistration')),
      previous_state: clean(col(base, 'Previous State of Registration')),
      state_registration_number: clean(col(base, 'State Registration number')),
      modified_since_last_report: rows.some((r) => flag(col(r, 'Modified since last report')) === true),
      current_name_start: currentNameStart,
      former_names: formers.map((n) => ({ name: n, ceased })),
    },
  };
}
