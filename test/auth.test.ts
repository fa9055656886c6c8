import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { revokeKey, rollKey } from '../src/accounts/keys.ts';
import { Authenticator } from '../src/http/authenticate.ts';
import { listApiKeys } from '../src/store/accounts.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

const VALIDATE = '/v1/validate/49004028077';

describe('authentication', () => {
  let t: TestApp;
  let account: TestAccount;
  before(async () => {
    t = await startTestApp();
    account = await t.newAccount();
  });
  after(() => t.close());

  it('401 authentication_required without an Authorization header', async () => {
    const res = await t.app.inject({ method: 'GET', url: VALIDATE });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().error.type, 'authentication_required');
    assert.equal(res.headers['ratelimit-limit'], undefined, 'no rate-limit headers before authentication');
    // RFC 6750 §3: a request with no credentials gets the realm and no error code.
    assert.equal(res.headers['www-authenticate'], 'Bearer realm="aevs"');
  });

  it('401 authentication_required for a header that is not a bearer token', async () => {
    for (const authorization of [
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      'Bearer',
      account.testKey,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: VALIDATE, headers: { authorization } });
      assert.equal(res.statusCode, 401, authorization);
      assert.equal(res.json().error.type, 'authentication_required');
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="aevs"');
    }
  });

  it('401 invalid_api_key for unknown, malformed and tampered keys', async () => {
    const tampered = `${account.testKey.slice(0, -1)}${account.testKey.endsWith('a') ? 'b' : 'a'}`;
    for (const key of [
      tampered,
      'svc_sk_test_short',
      `svc_sk_prod_${'a'.repeat(40)}`,
      `svc_sk_live_${'Z'.repeat(40)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: VALIDATE, headers: bearer(key) });
      assert.equal(res.statusCode, 401, key);
      assert.equal(res.json().error.type, 'invalid_api_key');
      // invalid_token with our message, and no resource_metadata: there is no OAuth server to discover.
      assert.equal(
        res.headers['www-authenticate'],
        'Bearer realm="aevs", error="invalid_token", error_description="The API key is not valid. It may have been revoked or rolled."',
      );
    }
  });

  it('accepts test and live keys, with any case of "Bearer"', async () => {
    for (const authorization of [`Bearer ${account.testKey}`, `bearer ${account.liveKey}`]) {
      const res = await t.app.inject({ method: 'GET', url: VALIDATE, headers: { authorization } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['www-authenticate'], undefined);
    }
  });

  it('advertises no OAuth metadata: the well-known documents an OAuth client looks for are 404s', async () => {
    for (const url of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().error.code, 'route_not_found');
    }
  });

  it('401 invalid_api_key for a revoked key', async () => {
    const other = await t.newAccount();
    const testKeyRow = (await listApiKeys(t.db, other.id)).find((k) => k.mode === 'test');
    assert.ok(testKeyRow);
    await revokeKey({
      ctx: { store: t.store, clock: () => new Date() },
      input: { accountId: other.id, keyId: testKeyRow.id },
    });
    const res = await t.app.inject({ method: 'GET', url: VALIDATE, headers: bearer(other.testKey) });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().error.type, 'invalid_api_key');
    assert.match(String(res.headers['www-authenticate']), /^Bearer realm="aevs", error="invalid_token"/);
  });

  it('400 for a key in the query string, even with a valid header, and the key never reaches the log', async () => {
    for (const name of ['api_key', 'key', 'token', 'access_token', 'API_KEY']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${VALIDATE}?${name}=${account.liveKey}`,
        headers: bearer(account.liveKey),
      });
      assert.equal(res.statusCode, 400, name);
      const error = res.json().error;
      assert.equal(error.type, 'invalid_request');
      assert.equal(error.code, 'key_in_url');
      assert.equal(error.param, name);
      assert.ok(!res.body.includes(account.liveKey));
    }
    const unauthenticated = await t.app.inject({ method: 'GET', url: `/healthz?token=${account.testKey}` });
    assert.equal(unauthenticated.statusCode, 400);
    const logged = t.logs.filter((line) => line.includes('=REDACTED'));
    assert.ok(logged.length > 0, 'the refused requests are logged');
    for (const line of t.logs) {
      assert.ok(!line.includes(account.liveKey), `live key in log: ${line}`);
      assert.ok(!line.includes(account.testKey), `test key in log: ${line}`);
    }
  });

  it('400 for one of our keys anywhere else in the URL, however named or encoded, and never logged', async () => {
    const encoded = account.liveKey.replace(/_/g, '%5F');
    // The first character of the secret percent-encoded: the rest of the key must not reach the log.
    const partly = `${account.liveKey.slice(0, 12)}%${account.liveKey.charCodeAt(12).toString(16)}${account.liveKey.slice(13)}`;
    const cases: Array<[string, string | undefined]> = [
      [`${VALIDATE}?apikey=${account.liveKey}`, 'apikey'],
      [`${VALIDATE}?api-key=${account.liveKey}`, 'api-key'],
      [`${VALIDATE}?Authorization=Bearer%20${account.liveKey}`, 'Authorization'],
      [`${VALIDATE}?x=${encoded}`, 'x'],
      [`${VALIDATE}?x=${partly}`, 'x'],
      [`/v1/validate/${account.liveKey}`, undefined],
      [`/v1/watch/${encoded}`, undefined],
    ];
    for (const [url, param] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(account.liveKey) });
      assert.equal(res.statusCode, 400, url);
      const error = res.json().error;
      assert.equal(error.code, 'key_in_url', url);
      assert.equal(error.param, param, url);
    }
    for (const line of t.logs) {
      assert.ok(!line.includes(account.liveKey), `live key in log: ${line}`);
      assert.ok(!line.includes(encoded), `encoded live key in log: ${line}`);
      assert.ok(!line.includes(account.liveKey.slice(13)), `most of the live key in log: ${line}`);
    }
  });

  it('refuses what cannot be a key at once: no lookup, nothing kept for it', async () => {
    const auth = new Authenticator(t.store);
    for (const token of ['x'.repeat(15_000), 'svc_sk_live_short', `svc_sk_live_${'A'.repeat(65)}`]) {
      // Synchronous: a lookup (and the cache entry that follows it) would answer with a promise.
      assert.throws(() => auth.authenticate(`Bearer ${token}`), /not valid/, token.slice(0, 20));
    }
    assert.ok(auth.authenticate(`Bearer ${account.testKey}`) instanceof Promise, 'a real key is looked up');
  });
});

describe('key cache', () => {
  it('stops accepting a revoked or rolled key once its cache entry expires', async () => {
    const t = await startTestApp();
    try {
      const account = await t.newAccount();
      let now = 0;
      const authenticator = new Authenticator(t.store, { ttlMs: 1000, now: () => now });
      const caller = await authenticator.authenticate(`Bearer ${account.liveKey}`);
      assert.equal(caller.accountId, account.id);
      assert.equal(caller.mode, 'live');
      assert.equal(caller.partition, 'live');
      const keys = await listApiKeys(t.db, account.id);
      const live = keys.find((k) => k.mode === 'live');
      assert.ok(live);
      const rolled = await rollKey({
        ctx: { store: t.store, clock: () => new Date() },
        input: { accountId: account.id, keyId: live.id },
      });
      now = 500; // still cached
      assert.equal((await authenticator.authenticate(`Bearer ${account.liveKey}`)).accountId, account.id);
      now = 1001;
      await assert.rejects(async () => authenticator.authenticate(`Bearer ${account.liveKey}`), {
        type: 'invalid_api_key',
      });
      const replacement = await authenticator.authenticate(`Bearer ${rolled.key}`);
      assert.equal(replacement.mode, 'live');
      assert.equal(replacement.accountId, account.id);
    } finally {
      await t.close();
    }
  });
});

describe('keys at rest', () => {
  it('stores only a SHA-256 hash and the last four characters', async () => {
    const t = await startTestApp();
    try {
      const account = await t.newAccount();
      const rows = await t.db.all<Record<string, unknown>>('SELECT * FROM api_keys WHERE account_id = ?', [
        account.id,
      ]);
      assert.equal(rows.length, 2);
      const dump = JSON.stringify(rows);
      for (const key of [account.testKey, account.liveKey]) {
        assert.ok(!dump.includes(key));
        assert.ok(!dump.includes(key.slice(12, -4)), 'no part of the secret beyond the last four');
      }
      for (const row of rows) assert.match(String(row.key_hash), /^[0-9a-f]{64}$/);
    } finally {
      await t.close();
    }
  });
});
