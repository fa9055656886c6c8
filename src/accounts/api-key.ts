import { createHash } from 'node:crypto';
import type { KeyMode } from '../ctx.ts';
import { randomBase62 } from '../ids.ts';

export const KEY_PREFIX = { test: 'svc_sk_test_', live: 'svc_sk_live_' } as const satisfies Record<
  KeyMode,
  string
>;

/** 40 base62 characters: about 238 bits from the CSPRNG. */
const SECRET_LENGTH = 40;

/** Only the hash is stored; the key itself exists once, in the creator's hands. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function generateApiKey(mode: KeyMode) {
  const key = KEY_PREFIX[mode] + randomBase62(SECRET_LENGTH);
  return { key, hash: hashApiKey(key), prefix: KEY_PREFIX[mode], lastFour: key.slice(-4) };
}

/** The mode a well-formed key claims, or null for anything that cannot be one of ours. */
export function keyModeOf(key: string): KeyMode | null {
  if (!/^svc_sk_(test|live)_[0-9A-Za-z]{32,64}$/.test(key)) return null;
  return key.startsWith(KEY_PREFIX.test) ? 'test' : 'live';
}

/** Whether a text holds one of our keys (or the start of one), anywhere in it. */
export const holdsApiKey = (text: string): boolean => /svc_sk_(?:test|live)_/i.test(text);

/** A value to quote back in a message: an API key given where an id belongs is never echoed. */
export const quotable = (value: string): string =>
  holdsApiKey(value) ? '(an API key, which is not shown; ids look like acct_… and key_…)' : value;
