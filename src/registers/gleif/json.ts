import type { ParseItem } from '../types.ts';
import { FormatError } from '../types.ts';
import { type LeiFields, toRecord } from './to-record.ts';

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const strings = (v: unknown): string[] | null => {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : null;
};

/**
 * A GLEIF API response (docs/registers.md §9): JSON:API with `data` an array of `lei-records` (a search
 * page) or one record (`/lei-records/{lei}`). API pages are small, so the document is parsed whole.
 * JSON has no line numbers; `line` is the record's 1-based position in `data`.
 */
export function* fromApiJson(text: string, fileName: string): Generator<ParseItem> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new FormatError(`${fileName}: not valid JSON: ${(error as Error).message}`, 1);
  }
  const data = (document as Json | null)?.data;
  if (data === undefined || data === null || typeof data !== 'object')
    throw new FormatError(`${fileName}: not a GLEIF API document (no "data")`, 1);
  const items = Array.isArray(data) ? data : [data];
  for (let i = 0; i < items.length; i++) {
    const item = obj(items[i]);
    const result = toRecord(fieldsOf(item));
    yield typeof result === 'string'
      ? { kind: 'rejected', line: i + 1, reason: result }
      : { kind: 'record', record: result, line: i + 1 };
  }
}

function fieldsOf(item: Json): LeiFields {
  const a = obj(item.attributes);
  const entity = obj(a.entity);
  const registration = obj(a.registration);
  const registeredAt = obj(entity.registeredAt);
  const otherNames = [
    ...(Array.isArray(entity.otherNames) ? entity.otherNames : []),
    ...(Array.isArray(entity.transliteratedOtherNames) ? entity.transliteratedOtherNames : []),
  ].map((n) => {
    const o = obj(n);
    return { name: str(o.name) ?? '', type: str(o.type), language: str(o.language) };
  });
  return {
    lei: str(a.lei) ?? str(item.id) ?? '',
    legalName: str(obj(entity.legalName).name),
    // `other` holds a free-text authority when `id` is the "other" code; we only join on the id.
    registeredAt: str(registeredAt.id),
    registeredAs: str(entity.registeredAs),
    jurisdiction: str(entity.jurisdiction),
    entityStatus: str(entity.status),
    registrationStatus: str(registration.status),
    lastUpdate: str(registration.lastUpdateDate),
    legalForm: str(obj(entity.legalForm).id),
    country: str(obj(entity.legalAddress).country),
    spglobal: strings(a.spglobal) ?? [],
    ocid: str(a.ocid),
    bic: strings(a.bic),
    otherNames,
  };
}
