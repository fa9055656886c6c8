import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62 from the CSPRNG (randomInt rejects biased draws itself). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** An opaque id like `acct_…`: 22 base62 characters carry 130 bits. */
export const newId = (prefix: 'acct' | 'key' | 'req' | 'wsub' | 'evt'): string =>
  `${prefix}_${randomBase62(22)}`;
