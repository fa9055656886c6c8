import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Webhook signing secrets (Standard Webhooks `whsec_` form) and how they are kept at rest:
// AES-256-GCM under AEVS_SECRET_KEY when it is set, in clear otherwise (docs/decisions.md, configuration).

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The value to store: `v1.<iv>.<tag>.<ciphertext>` (base64 parts) with a key, `plain.<secret>` without. */
export function sealSecret(secret: string, key?: Buffer): string {
  if (!key) return `plain.${secret}`;
  assertKey(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `v1.${iv.toString('base64')}.${tag.toString('base64')}.${ciphertext.toString('base64')}`;
}

/**
 * The secret back from its stored form. A `plain.` value opens with or without a key, so setting
 * AEVS_SECRET_KEY later does not strand secrets stored before it (they are resealed when rolled).
 */
export function openSecret(stored: string, key?: Buffer): string {
  if (stored.startsWith('plain.')) return stored.slice('plain.'.length);
  const parts = stored.split('.');
  if (parts[0] !== 'v1' || parts.length !== 4)
    throw new Error('webhook secret is not in a known stored format');
  if (!key) throw new Error('webhook secret is encrypted but AEVS_SECRET_KEY is not set');
  assertKey(key);
  const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    // GCM cannot tell a wrong key from a tampered value; both fail authentication.
    throw new Error('webhook secret cannot be decrypted: wrong AEVS_SECRET_KEY or a corrupted value');
  }
}

function assertKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('AEVS_SECRET_KEY must be 32 bytes');
}
