import { randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes are drawn from the CSPRNG in blocks (one system call per block, not per character);
// bytes of 248 and above are skipped so that `byte % 62` stays uniform.
const pool = Buffer.alloc(4096);
let offset = pool.length;

function nextUniformByte(): number {
  for (;;) {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const byte = pool[offset++] ?? 255;
    if (byte < 248) return byte % 62;
  }
}

/** Uniform base62 from the CSPRNG. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[nextUniformByte()];
  return out;
}

/** An opaque id like `acct_…`: 22 base62 characters carry 130 bits. */
export const newId = (prefix: 'acct' | 'key' | 'req' | 'wsub' | 'evt' | 'ing' | 'usr' | 'act'): string =>
  `${prefix}_${randomBase62(22)}`;
