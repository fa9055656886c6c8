import { clean, isoDate } from '../values.ts';
import { type AbrEntity, abnStatus, asicNumber } from './entity.ts';
import { AbrUnavailable, errorFromAbrMessage } from './errors.ts';

/**
 * Reads the JSONP answer of `json/AbnDetails.aspx` (docs/registers.md §1.1): `callback({...})`, maybe
 * with a trailing `;`. HTTP is 200 even for errors, so a non-empty `Message` is the error; every
 * field is treated as optional because older captures omit some.
 */
export function parseAbnDetailsJsonp(body: string, clock: () => number): AbrEntity {
  const details = unwrap(body);
  const message = typeof details.Message === 'string' ? details.Message.trim() : '';
  if (message !== '') throw errorFromAbrMessage(message);

  const abn = text(details.Abn);
  const status = abnStatus(text(details.AbnStatus));
  if (!/^\d{11}$/.test(abn) || !status) throw new AbrUnavailable('ABR answer lacks an ABN or its status');
  const gstFrom = isoDate(text(details.Gst));
  return {
    abn,
    abn_status: status,
    abn_status_from: isoDate(text(details.AbnStatusEffectiveFrom)),
    acn: asicNumber(text(details.Acn)),
    entity_type_code: clean(text(details.EntityTypeCode)),
    entity_type_text: clean(text(details.EntityTypeName)),
    // Individuals arrive already joined as "FAMILY, GIVEN OTHER " (trailing space trimmed here).
    entity_name: clean(text(details.EntityName)),
    individual: null,
    gst_registered: gstFrom !== null,
    gst_from: gstFrom,
    state: clean(text(details.AddressState)),
    postcode: clean(text(details.AddressPostcode)),
    business_names: (Array.isArray(details.BusinessName) ? details.BusinessName : []).flatMap((n) => {
      const name = clean(text(n));
      return name ? [{ name, from: null }] : [];
    }),
    trading_names: null,
    record_last_updated: null,
    date_register_last_updated: null,
    retrieved_at: new Date(clock()).toISOString(),
  };
}

function unwrap(body: string): Record<string, unknown> {
  const match = /^\s*[\w$.]*\s*\(([\s\S]*)\)\s*;?\s*$/.exec(body);
  try {
    const value: unknown = JSON.parse(match?.[1] ?? body);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: not JSON(P)
  }
  throw new AbrUnavailable('ABR answer is not the expected JSONP');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
