import { isValidLei } from '../../identifiers/check-digits.ts';
import type { RecordName, SourceRecord } from '../types.ts';
import { abnOrNull, acnOrNull, clean, isoDate } from '../values.ts';

/** One LEI record's fields, read from either the API JSON or a Golden Copy CSV row. */
export type LeiFields = {
  lei: string;
  legalName: string | null;
  registeredAt: string | null;
  registeredAs: string | null;
  jurisdiction: string | null;
  entityStatus: string | null;
  registrationStatus: string | null;
  lastUpdate: string | null;
  legalForm: string | null;
  country: string | null;
  /** API only: the Golden Copy CSV does not carry these, so they are null there. */
  spglobal: string[] | null;
  ocid: string | null;
  bic: string[] | null;
  otherNames: { name: string; type: string | null; language: string | null }[];
};

/** The two Australian registration authorities (docs/registers.md §9); others are kept without a join. */
const ASIC = 'RA000014';
const ABR = 'RA000013';

/** LEI-CDF `OtherEntityName` types → our name types. */
const NAME_TYPES: Record<string, string> = {
  PREVIOUS_LEGAL_NAME: 'former',
  TRADING_OR_OPERATING_NAME: 'trading',
  ALTERNATIVE_LANGUAGE_LEGAL_NAME: 'alias',
  AUTO_ASCII_TRANSLITERATED_LEGAL_NAME: 'alias',
  PREFERRED_ASCII_TRANSLITERATED_LEGAL_NAME: 'alias',
};

/**
 * Why a code is not an LEI, or null when it is one: ISO 17442, 18 letters or digits and two check
 * digits (MOD 97-10). A code that fails the check would join nothing GLEIF issued, so it is refused.
 */
export function leiProblem(lei: string): string | null {
  if (!/^[0-9A-Z]{18}[0-9]{2}$/.test(lei))
    return `"${lei}" is not an LEI: 20 letters and digits, the last two check digits (ISO 17442)`;
  if (!isValidLei(lei)) return `LEI ${lei} fails its check digits (ISO 17442, MOD 97-10)`;
  return null;
}

/** Maps one LEI record to ours, or says why it cannot be one (the LEI is the key). */
export function toRecord(f: LeiFields): SourceRecord | string {
  const lei = f.lei.trim().toUpperCase();
  const reason = leiProblem(lei);
  if (reason) return reason;
  const name = clean(f.legalName);
  if (!name) return `LEI ${lei} has no legal name`;

  // Registration agents submit the number as they like: `004 028 077` as often as `004028077`.
  const registeredAt = clean(f.registeredAt);
  const registeredAs = clean(f.registeredAs);
  const acn = registeredAt === ASIC ? acnOrNull(registeredAs) : null;
  const abn = registeredAt === ABR ? abnOrNull(registeredAs) : null;

  const otherNames: { name: string; type: string | null; language: string | null }[] = [];
  const names: RecordName[] = [];
  for (const other of f.otherNames) {
    const value = clean(other.name);
    if (!value) continue;
    const type = clean(other.type);
    otherNames.push({ name: value, type, language: clean(other.language) });
    const ours = NAME_TYPES[type ?? ''] ?? 'alias';
    if (value !== name && !names.some((n) => n.name === value && n.type === ours))
      names.push({ name: value, type: ours });
  }

  const registrationStatus = clean(f.registrationStatus);
  const lastUpdate = isoDate(f.lastUpdate);
  return {
    key: lei,
    abn,
    acn,
    name,
    names,
    status: registrationStatus,
    asOf: lastUpdate,
    data: {
      lei,
      legal_name: name,
      registered_at: registeredAt,
      registered_as: registeredAs,
      jurisdiction: clean(f.jurisdiction),
      legal_address_country: clean(f.country),
      entity_status: clean(f.entityStatus),
      registration_status: registrationStatus,
      last_update: lastUpdate,
      legal_form: clean(f.legalForm),
      spglobal: f.spglobal,
      ocid: clean(f.ocid),
      bic: f.bic,
      other_names: otherNames,
    },
  };
}
