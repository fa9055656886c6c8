import { col } from '../tabular.ts';
import type { SourceRecord } from '../types.ts';
import { abnOrNull, clean, dmyToIso, flag, isoDate } from '../values.ts';

/** The first non-blank of the columns that name the same thing in the two known layouts. */
const pick = (row: Record<string, string>, ...names: string[]): string => {
  for (const name of names) {
    const value = col(row, name).trim();
    if (value) return value;
  }
  return '';
};

/** ORIC dates are DD/MM/YYYY in the myCorp grid [P]; the older extract's format is [U], so ISO also reads. */
const date = (value: string): string | null => dmyToIso(value) ?? isoDate(value);

/**
 * Maps one ORIC row (docs/registers.md §10) to a record keyed by ICN, or says why it cannot be one.
 * Two layouts are known, both [P]: the data.gov.au extract (`Corporation`, `ICN`, `Status`,
 * `Status Date`, `ABN`, `State`, `Industry`, `Post Code`, `ACNC Registered?`, `Numbe of Members`
 * (sic), `URL`) and the myCorp grid (`icn`, `name`, `status`, `registeredOn`, `deregisteredOn`,
 * `address`, `url`). Header names compare case-insensitively, so `ICN`/`icn` and `URL`/`url` are
 * one column each. myCorp's free-text `address` is not split into state and postcode.
 */
export function toCorporationRecord(row: Record<string, string>): SourceRecord | string {
  const icnRaw = col(row, 'ICN').trim();
  if (!/^\d+$/.test(icnRaw)) return icnRaw ? `ICN "${icnRaw}" is not a number` : 'no ICN';
  const icn = Number(icnRaw);
  const name = clean(pick(row, 'Corporation', 'name'));
  if (!name) return `ICN ${icn} has no corporation name`;

  const status = clean(col(row, 'Status'));
  // The extract has one `Status Date` (registration or deregistration, by status); myCorp has both
  // dates, and the status date is the deregistration date once there is one.
  const statusDate = date(pick(row, 'Status Date', 'deregisteredOn', 'registeredOn'));
  const members = pick(row, 'Numbe of Members', 'Number of Members').replace(/,/g, '');
  return {
    key: String(icn),
    abn: abnOrNull(col(row, 'ABN')),
    acn: null,
    name,
    names: [],
    status,
    asOf: null,
    data: {
      icn,
      status_date: statusDate,
      industry: col(row, 'Industry')
        .split(';')
        .map((i) => i.trim())
        .filter((i) => i !== ''),
      members: /^\d+$/.test(members) ? Number(members) : null,
      // `Yes`/`No` or `Y`/blank: which one the extract uses is [U]; flag() reads both.
      acnc_registered: flag(col(row, 'ACNC Registered?')),
      url: clean(col(row, 'URL')),
      state: clean(col(row, 'State')),
      postcode: clean(col(row, 'Post Code')),
    },
  };
}
