/**
 * ABN and ACN check digits (docs/registers.md §11). Pure functions over digit strings.
 */

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;
const ACN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 1] as const;

const digitsOf = (value: string): number[] => {
  const digits = new Array<number>(value.length);
  for (let i = 0; i < value.length; i++) digits[i] = value.charCodeAt(i) - 48;
  return digits;
};

/** ABN: subtract 1 from the first digit, weight, sum mod 89 = 0. */
export function isValidAbn(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  // A leading 0 is impossible for an issued ABN, and an all-zero body (10000000000, 99000000000)
  // passes the sum but is not a number the ABR issues.
  if (abn[0] === '0' || /^\d{2}0{9}$/.test(abn)) return false;
  const digits = digitsOf(abn);
  digits[0] = (digits[0] ?? 0) - 1;
  const sum = digits.reduce((acc, d, i) => acc + d * (ABN_WEIGHTS[i] ?? 0), 0);
  return sum % 89 === 0;
}

/** The check digit an ACN's first eight digits call for. */
export function acnCheckDigit(first8: string): number {
  const sum = digitsOf(first8).reduce((acc, d, i) => acc + d * (ACN_WEIGHTS[i] ?? 0), 0);
  return (10 - (sum % 10)) % 10;
}

/** ACN (also ARBN and ARSN, which share the number space and rule). */
export function isValidAcn(acn: string): boolean {
  if (!/^\d{9}$/.test(acn) || acn === '000000000') return false;
  return acnCheckDigit(acn.slice(0, 8)) === Number(acn[8]);
}

/**
 * The ABN a company's ACN would carry: the ACN with the two check digits in front.
 * Residue 0 can be written 10 or 99; the ABR convention (python-stdnum) is 99.
 */
export function abnFromAcn(acn: string): string {
  const weights = ABN_WEIGHTS.slice(2);
  const sum = digitsOf(acn).reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
  const prefix = 11 + ((((-sum - 1) % 89) + 89) % 89);
  return `${prefix}${acn}`;
}

/**
 * An LEI (ISO 17442): 18 letters or digits and two check digits, the whole code read as a number
 * with each letter as two digits (A = 10 … Z = 35) leaving remainder 1 when divided by 97
 * (ISO 7064 MOD 97-10, the IBAN check). Upper case only: GLEIF publishes them so.
 */
export function isValidLei(lei: string): boolean {
  if (!/^[0-9A-Z]{18}[0-9]{2}$/.test(lei)) return false;
  let remainder = 0;
  for (const char of lei) {
    const value = Number.parseInt(char, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder === 1;
}
