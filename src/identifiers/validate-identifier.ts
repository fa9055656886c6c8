import { isValidAbn, isValidAcn } from './check-digits.ts';

export type IdentifierType = 'abn' | 'acn';

export type Validation =
  | { input: string; normalized: string; identifier_type: IdentifierType; valid: true }
  | { input: string; normalized: string; identifier_type: IdentifierType; valid: false; reason: 'checksum' }
  | { input: string; normalized: string; valid: false; reason: 'format' };

/** Spaces (including no-break and other Unicode spaces) are stripped before validation (docs/decisions.md, contract summary §4.3). */
export const normalizeIdentifier = (input: string): string => input.replace(/\s+/gu, '');

/**
 * Offline format and check-digit validation of an ABN (11 digits) or ACN (9 digits).
 * The kind is inferred from the length; a wrong digit count or a non-digit is `format`.
 */
export function validateIdentifier(input: string): Validation {
  const normalized = normalizeIdentifier(input);
  if (!/^\d+$/.test(normalized) || (normalized.length !== 9 && normalized.length !== 11)) {
    return { input, normalized, valid: false, reason: 'format' };
  }
  const identifier_type: IdentifierType = normalized.length === 11 ? 'abn' : 'acn';
  const valid = identifier_type === 'abn' ? isValidAbn(normalized) : isValidAcn(normalized);
  return valid
    ? { input, normalized, identifier_type, valid: true }
    : { input, normalized, identifier_type, valid: false, reason: 'checksum' };
}
