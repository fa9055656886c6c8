import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token for a link or a cookie: 32 bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** How tokens are kept in the store: their SHA-256, never the token itself. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The CSRF token of a session (or, before sign-in, of the pre-session cookie): an HMAC of it, so a
 * token is good for its own session only and nothing needs storing (docs/decisions.md, the account dashboard).
 */
export const csrfTokenFor = (seed: string): string =>
  createHmac('sha256', seed).update('aevs dashboard csrf').digest('base64url');

export function csrfTokenMatches(seed: string, sent: unknown): boolean {
  if (typeof sent !== 'string' || sent === '') return false;
  const expected = Buffer.from(csrfTokenFor(seed));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
