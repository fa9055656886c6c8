import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateApiKey, hashApiKey, keyModeOf } from './api-key.ts';

describe('API keys', () => {
  it('have the mode prefix and at least 32 base62 characters', () => {
    for (const mode of ['test', 'live'] as const) {
      const { key, prefix, lastFour, hash } = generateApiKey(mode);
      assert.match(key, new RegExp(`^svc_sk_${mode}_[0-9A-Za-z]{32,}$`));
      assert.equal(prefix, `svc_sk_${mode}_`);
      assert.equal(lastFour, key.slice(-4));
      assert.equal(hash, hashApiKey(key));
      assert.equal(keyModeOf(key), mode);
    }
  });

  it('are hashed with SHA-256 and the hash does not contain the key', () => {
    const { key, hash } = generateApiKey('live');
    assert.match(hash, /^[0-9a-f]{64}$/);
    assert.ok(!hash.includes(key.slice(12)));
    assert.notEqual(hashApiKey(key), hashApiKey(`${key}x`));
  });

  it('never repeat', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey('test').key));
    assert.equal(keys.size, 2000);
  });

  it('use every base62 character, so no alphabet bias is hiding', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generateApiKey('test').key.slice(12)).join(''));
    assert.equal(seen.size, 62);
  });

  it('reject strings that are not keys', () => {
    for (const bad of [
      '',
      'svc_sk_prod_abc',
      'svc_sk_test_short',
      `sk_test_${'a'.repeat(40)}`,
      `svc_sk_test_${'a'.repeat(31)}`,
      `svc_sk_live_${'a'.repeat(39)}!`,
    ]) {
      assert.equal(keyModeOf(bad), null, bad);
    }
  });
});
