import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getUsage } from '../src/accounts/get-usage.ts';
import { usagePeriod } from '../src/accounts/usage-meter.ts';
import { bearer, startTestApp } from './helpers/app.ts';

const VALIDATE = '/v1/validate/004028077';

describe('rate limiting per account', () => {
  it('429 rate_limited with Retry-After once the bucket is empty; another account is unaffected', async () => {
    // The buckets' clock stands still, so no token comes back however long the requests take.
    const t = await startTestApp({
      env: { AEVS_RATE_LIMIT_PER_MINUTE: '5' },
      deps: { monotonicNow: () => 0, rateLimitClock: () => 0 },
    });
    try {
      const a = await t.newAccount('a');
      const b = await t.newAccount('b');
      const remaining: number[] = [];
      for (let i = 0; i < 5; i++) {
        // Test and live keys of one account share its bucket.
        const key = i % 2 ? a.testKey : a.liveKey;
        const res = await t.app.inject({ method: 'GET', url: VALIDATE, headers: bearer(key) });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['ratelimit-limit'], '5');
        remaining.push(Number(res.headers['ratelimit-remaining']));
        assert.ok(Number(res.headers['ratelimit-reset']) >= 1);
      }
      assert.deepEqual(remaining, [4, 3, 2, 1, 0]);

      const limited = await t.app.inject({ method: 'GET', url: VALIDATE, headers: bearer(a.testKey) });
      assert.equal(limited.statusCode, 429);
      const error = limited.json().error;
      assert.equal(error.type, 'rate_limited');
      assert.match(error.request_id, /^req_/);
      assert.equal(limited.headers['retry-after'], '12'); // one token every 12 s at 5 a minute
      assert.equal(limited.headers['ratelimit-remaining'], '0');
      assert.equal(limited.headers['ratelimit-limit'], '5');

      const other = await t.app.inject({ method: 'GET', url: VALIDATE, headers: bearer(b.liveKey) });
      assert.equal(other.statusCode, 200);
      assert.equal(other.headers['ratelimit-remaining'], '4');
    } finally {
      await t.close();
    }
  });

  it('puts the RateLimit headers on error responses of authenticated requests too', async () => {
    const t = await startTestApp();
    try {
      const a = await t.newAccount();
      const res = await t.app.inject({ method: 'GET', url: '/v1/validate/12AB', headers: bearer(a.testKey) });
      assert.equal(res.statusCode, 400);
      assert.equal(res.headers['ratelimit-limit'], '600');
      assert.equal(res.headers['ratelimit-remaining'], '599');
    } finally {
      await t.close();
    }
  });
});

describe('plan allowance (soft cap)', () => {
  it('counts live-key requests only, never blocks past the allowance, and shows only the caller', async () => {
    const t = await startTestApp({ env: { AEVS_MONTHLY_ALLOWANCE: '3' } });
    try {
      const a = await t.newAccount('a');
      const b = await t.newAccount('b');
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'GET', url: VALIDATE, headers: bearer(a.liveKey) });
        assert.equal(res.statusCode, 200, 'over the allowance still answers');
      }
      for (let i = 0; i < 4; i++)
        await t.app.inject({ method: 'GET', url: VALIDATE, headers: bearer(a.testKey) });

      const period = usagePeriod(new Date());
      const mine = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(a.liveKey) });
      assert.equal(mine.statusCode, 200);
      // The usage request is itself a live request: 5 + 1.
      assert.deepEqual(mine.json(), { period, live_requests: 6, allowance: 3, remaining: 0 });

      const viaTestKey = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(a.testKey) });
      assert.equal(viaTestKey.json().live_requests, 6, 'test keys count nothing');

      const theirs = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(b.testKey) });
      assert.deepEqual(theirs.json(), { period, live_requests: 0, allowance: 3, remaining: 3 });
    } finally {
      await t.close();
    }
  });

  it('writes the counts to the store in batches and at shutdown, not on the request path', async () => {
    const t = await startTestApp();
    const a = await t.newAccount();
    for (let i = 0; i < 3; i++)
      await t.app.inject({ method: 'GET', url: VALIDATE, headers: bearer(a.liveKey) });
    const ctx = { store: t.store, clock: () => new Date() };
    const before = await getUsage({ ctx, input: { accountId: a.id, allowance: 10 } });
    assert.equal(before.live_requests, 0, 'nothing written while serving');
    await t.app.close(); // flushes
    const afterClose = await getUsage({ ctx, input: { accountId: a.id, allowance: 10 } });
    assert.equal(afterClose.live_requests, 3);
    const lastUsed = await t.db.all<{ mode: string; last_used_at: string | null }>(
      'SELECT mode, last_used_at FROM api_keys WHERE account_id = ? ORDER BY mode',
      [a.id],
    );
    assert.equal(
      lastUsed.find((k) => k.mode === 'live')?.last_used_at?.slice(0, 4),
      String(new Date().getUTCFullYear()),
    );
    assert.equal(lastUsed.find((k) => k.mode === 'test')?.last_used_at, null);
    await t.close();
  });
});
