import { isValidAbn } from '../../identifiers/check-digits.ts';
import type { RecordName, SourceRecord } from '../types.ts';
import { acnOrNull, clean, flag } from '../values.ts';

/** One `<ABR>` element as the bulk extract writes it (docs/registers.md §2.1): raw text and attributes. */
export type AbrRow = {
  recordLastUpdatedDate: string;
  replaced: string;
  abn: string;
  abnStatus: string;
  abnStatusFromDate: string;
  entityTypeInd: string;
  entityTypeText: string;
  /** `MainEntity/NonIndividualName[@type=MN]` (non-individuals). */
  mainName: string | null;
  /** `LegalEntity/IndividualName` (EntityTypeInd = IND). */
  individual: AbrIndividual | null;
  state: string;
  postcode: string;
  asicNumber: string | null;
  /** Absent GST element → null. */
  gstStatus: string | null;
  gstStatusFromDate: string;
  dgr: { status: string | null; from: string; fundName: string | null }[];
  otherNames: { type: string; name: string }[];
};

export type AbrIndividual = { title: string | null; given: string[]; family: string | null };

/** How each `OtherEntity`/`DGR` name type joins the record's searchable names. */
const NAME_TYPES: Record<string, string> = {
  BN: 'business',
  TRD: 'trading',
  OTN: 'trading',
  DGR: 'dgr_fund',
};

export function emptyRow(): AbrRow {
  return {
    recordLastUpdatedDate: '',
    replaced: '',
    abn: '',
    abnStatus: '',
    abnStatusFromDate: '',
    entityTypeInd: '',
    entityTypeText: '',
    mainName: null,
    individual: null,
    state: '',
    postcode: '',
    asicNumber: null,
    gstStatus: null,
    gstStatusFromDate: '',
    dgr: [],
    otherNames: [],
  };
}

/** ABR web-service style: "FAMILY, GIVEN OTHER" (the title is not part of the name). */
function individualName(person: AbrIndividual): string | null {
  const given = person.given.join(' ');
  if (person.family && given) return `${person.family}, ${given}`;
  return person.family ?? (given || null);
}

/** Maps one row to our record, or says why it cannot be one (the ABN is the key). */
export function toRecord(row: AbrRow): SourceRecord | string {
  const abn = row.abn.trim();
  if (!isValidAbn(abn)) return `ABN "${abn}" fails the check digit`;

  let individual: AbrIndividual | null = null;
  let name: string | null;
  if (row.individual) {
    const given: string[] = [];
    for (const g of row.individual.given) {
      const value = tidy(g);
      if (value) given.push(value);
    }
    individual = { title: tidy(row.individual.title), given, family: tidy(row.individual.family) };
    name = individualName(individual);
  } else {
    name = tidy(row.mainName);
  }
  if (!name) return `ABN ${abn} has no name`;

  const otherNames: { type: string; name: string }[] = [];
  const names: RecordName[] = [];
  for (const other of row.otherNames) {
    const value = tidy(other.name);
    if (!value) continue;
    // Kept as the register has them, duplicates included (docs/registers.md §2.1).
    otherNames.push({ type: other.type, name: value });
    const type = NAME_TYPES[other.type];
    if (type) addName(names, type, value);
  }
  const dgr: { status: string | null; from: string | null; fund_name: string | null }[] = [];
  for (const d of row.dgr) {
    const fundName = tidy(d.fundName);
    if (fundName) addName(names, 'dgr_fund', fundName);
    dgr.push({ status: d.status || null, from: ymd(d.from), fund_name: fundName });
  }

  // ASICNumberType is "undetermined" on every real record: this may be an ARBN (docs/registers.md §2.1).
  const asicRaw = row.asicNumber?.trim() || null;
  const acn = acnOrNull(asicRaw);
  const recordLastUpdated = ymd(row.recordLastUpdatedDate);
  const abnStatus = row.abnStatus || null;

  const data: Record<string, unknown> = {
    abn_status: abnStatus,
    abn_status_from: ymd(row.abnStatusFromDate),
    record_last_updated: recordLastUpdated,
    replaced: flag(row.replaced),
    entity_type_code: row.entityTypeInd.trim() || null,
    entity_type_text: tidy(row.entityTypeText),
  };
  if (individual) data.individual = individual;
  else data.main_name = name;
  data.state = row.state.trim() || null;
  data.postcode = row.postcode.trim() || null;
  data.asic_number = acn;
  if (asicRaw && !acn) data.asic_number_raw = asicRaw;
  data.gst_status = row.gstStatus || null;
  // `NON` always carries the 19000101 "no date" sentinel, which ymdToIso turns into null.
  data.gst_status_from = ymd(row.gstStatusFromDate);
  data.dgr = dgr;
  data.other_names = otherNames;

  return { key: abn, abn, acn, name, names, status: abnStatus, asOf: recordLastUpdated, data };
}

const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `YYYYMMDD` → `YYYY-MM-DD`; `19000101` ("no date") and impossible dates → null. The same rule as
 * values.ts `ymdToIso`, without a `Date` per call: four dates a record, 20 M records a week.
 */
function ymd(value: string): string | null {
  if (value.length !== 8 || value === '19000101') return null;
  let year = 0;
  let month = 0;
  let day = 0;
  for (let i = 0; i < 8; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    if (i < 4) year = year * 10 + digit;
    else if (i < 6) month = month * 10 + digit;
    else day = day * 10 + digit;
  }
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const max = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month] ?? 0);
  if (day < 1 || day > max) return null;
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`;
}

/** values.ts `clean`, with a fast path: most names need no more than a trim. */
// Any whitespace but a plain space (NBSP and BOM included), a zero-width space, or a double space.
const UNTIDY = /[^\S ]|\u200b| {2}/;
function tidy(value: string | null): string | null {
  if (value === null) return null;
  if (UNTIDY.test(value)) return clean(value);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The searchable names hold each (type, name) once; `data.other_names` keeps the duplicates. */
function addName(names: RecordName[], type: string, name: string): void {
  for (const n of names) if (n.type === type && n.name === name) return;
  names.push({ name, type });
}
