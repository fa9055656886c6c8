import { isValidAbn, isValidAcn } from '../identifiers/check-digits.ts';

/** `DD/MM/YYYY` (ASIC, ACNC, DFAT; never a US reading) → `YYYY-MM-DD`, or null when blank or impossible. */
export function dmyToIso(value: string | null | undefined): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value ?? '');
  if (!m) return null;
  return validIso(`${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}`);
}

/** `YYYYMMDD` (ABR bulk) → `YYYY-MM-DD`; the `19000101` "no date" sentinel and blanks → null. */
export function ymdToIso(value: string | null | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec((value ?? '').trim());
  if (!m || value?.trim() === '19000101') return null;
  return validIso(`${m[1]}-${m[2]}-${m[3]}`);
}

/** ISO `YYYY-MM-DD…` → `YYYY-MM-DD`; the ABR web services' `0001-01-01` "no date" → null. */
export function isoDate(value: string | null | undefined): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec((value ?? '').trim());
  if (!m?.[1] || m[1] === '0001-01-01') return null;
  return validIso(m[1]);
}

/** A date in either form our own and unverified layouts accept: `DD/MM/YYYY`, or ISO. */
export const anyDate = (value: string | null | undefined): string | null => dmyToIso(value) ?? isoDate(value);

function validIso(iso: string): string | null {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** Trims, folds runs of whitespace (including no-break spaces) to one space; blank → null. */
export function clean(value: string | null | undefined): string | null {
  const v = (value ?? '').replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
  return v === '' ? null : v;
}

/** Digits only, then an ABN if it is 11 check-digit-valid digits; `0` and blanks (ASIC's "none") → null. */
export function abnOrNull(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\s/g, '');
  return /^\d{11}$/.test(digits) && isValidAbn(digits) ? digits : null;
}

/** 9 digits, zero-padded from a shorter number (ASIC XLSX stores ACNs as numbers), check-digit valid. */
export function acnOrNull(value: string | number | null | undefined): string | null {
  const digits = String(value ?? '').replace(/\s/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  const acn = digits.padStart(9, '0');
  return isValidAcn(acn) ? acn : null;
}

/** A field that holds either an ABN (11 digits) or an ACN (9 digits), as ASIC's licence files do. */
export function abnOrAcn(value: string | null | undefined): { abn: string | null; acn: string | null } {
  const digits = (value ?? '').replace(/\s/g, '');
  if (digits.length === 11) return { abn: abnOrNull(digits), acn: null };
  if (digits.length === 9) return { abn: null, acn: acnOrNull(digits) };
  return { abn: null, acn: null };
}

/** `Y`/`true`/`Yes`/`1` → true; `N`/`false`/`No`/`0` → false; blank → null. */
export function flag(value: string | boolean | number | null | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  const v = String(value ?? '')
    .trim()
    .toLowerCase();
  if (['y', 'yes', 'true', '1'].includes(v)) return true;
  if (['n', 'no', 'false', '0'].includes(v)) return false;
  return null;
}
