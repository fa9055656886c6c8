import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { generateSecret, openSecret, sealSecret } from './secrets.ts';

const key = randomBytes(32);

describe('generateSecret', () => {
  it('is whsec_ plus base64 of 32 bytes, different each time', () => {
    const secret = generateSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]+={0,2}$/);
    const raw = Buffer.from(secret.slice('whsec_'.length), 'base64');
    assert.equal(raw.length, 32);
    assert.equal(raw.toString('base64'), secret.slice('whsec_'.length));
    assert.notEqual(generateSecret(), secret);
  });
});

describe('sealSecret / openSecret', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  it('round-trips with a key, without the secret appearing in the stored value', () => {
    const stored = sealSecret(secret, key);
    assert.match(stored, /^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    assert.ok(!stored.includes('MfKQ9r8GKYqr'));
    const [, iv, tag] = stored.split('.');
    assert.equal(Buffer.from(iv ?? '', 'base64').length, 12);
    assert.equal(Buffer.from(tag ?? '', 'base64').length, 16);
    assert.equal(openSecret(stored, key), secret);
  });

  it('uses a fresh IV each time', () => {
    assert.notEqual(sealSecret(secret, key), sealSecret(secret, key));
  });

  it('detects a tampered ciphertext', () => {
    const [v, iv, tag, ciphertext] = sealSecret(secret, key).split('.') as [string, string, string, string];
    const bytes = Buffer.from(ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = [v, iv, tag, bytes.toString('base64')].join('.');
    assert.throws(() => openSecret(tampered, key), /wrong AEVS_SECRET_KEY or a corrupted value/);
  });

  it('detects a tampered tag', () => {
    const [v, iv, tag, ciphertext] = sealSecret(secret, key).split('.') as [string, string, string, string];
    const bytes = Buffer.from(tag, 'base64');
    bytes[15] = (bytes[15] ?? 0) ^ 0x80;
    assert.throws(
      () => openSecret([v, iv, bytes.toString('base64'), ciphertext].join('.'), key),
      /corrupted/,
    );
  });

  it('refuses a wrong key', () => {
    assert.throws(() => openSecret(sealSecret(secret, key), randomBytes(32)), /wrong AEVS_SECRET_KEY/);
  });

  it('refuses a missing key for a sealed value', () => {
    assert.throws(() => openSecret(sealSecret(secret, key)), /encrypted but AEVS_SECRET_KEY is not set/);
  });

  it('refuses a key that is not 32 bytes', () => {
    assert.throws(() => sealSecret(secret, randomBytes(16)), /must be 32 bytes/);
  });

  it('stores in clear with a plain. prefix when there is no key, and opens it with or without one', () => {
    const stored = sealSecret(secret);
    assert.equal(stored, `plain.${secret}`);
    assert.equal(openSecret(stored), secret);
    assert.equal(openSecret(stored, key), secret);
  });

  it('refuses an unknown stored format', () => {
    assert.throws(() => openSecret(secret, key), /not in a known stored format/);
    assert.throws(() => openSecret('v2.a.b.c', key), /not in a known stored format/);
  });
});
