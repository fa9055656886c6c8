import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createAccount } from '../src/accounts/create-account.ts';
import { createKey } from '../src/accounts/keys.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { SharedRateLimiter } from '../src/http/rate-limit.ts';
import { createLogger } from '../src/logger.ts';
import { openStore } from '../src/store/open-store.ts';
import type { Store } from '../src/store/store.ts';
import { bearer } from './helpers/app.ts';
import { startServerProcess } from './helpers/process.ts';
import { waitUntilReady } from './helpers/server-ready.ts';
import { storeEnv, type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

const VALIDATE = '/v1/validate/49004028077';

// Each server process kept its own bucket: three behind one load balancer let an account through at
// three times its limit.
describe(`one rate limit for every process on a store (${testEngine()})`, () => {
  let settings: TestStoreSettings;
  let store: Store;
  const apps: FastifyInstance[] = [];
  before(async () => {
    settings = await testStoreSettings();
    const config = {
      ...loadConfig({ AEVS_RATE_LIMIT_PER_MINUTE: '30' }),
      dataDir: settings.dataDir,
      databaseUrl: settings.databaseUrl,
    };
    store = await openStore(config);
    // Three servers as three processes would run them: each with its own limiter, one store. The
    // buckets' clock stands still, so the count is exact however long the requests take.
    for (let i = 0; i < 3; i++)
      apps.push(
        await buildApp({
          config,
          store,
          log: createLogger('silent'),
          monotonicNow: () => 0,
          rateLimitClock: () => 1_000_000,
        }),
      );
  });
  after(async () => {
    for (const app of apps) await app.close();
    await store.close();
    await settings.cleanup();
  });

  const keyFor = async (name: string) => {
    const clock = () => new Date();
    const account = await createAccount({ ctx: { store, clock }, input: { name } });
    return (await createKey({ ctx: { store, clock }, input: { accountId: account.id, mode: 'live' } })).key;
  };

  it('three servers let an account through at its limit, not three times it; another account is apart', async () => {
    const key = await keyFor('busy');
    const codes: number[] = [];
    for (let i = 0; i < 90; i++) {
      const app = apps[i % 3] as FastifyInstance;
      codes.push((await app.inject({ method: 'GET', url: VALIDATE, headers: bearer(key) })).statusCode);
    }
    assert.equal(codes.filter((c) => c === 200).length, 30, 'the limit is 30 a minute, across the three');
    assert.equal(codes.filter((c) => c === 429).length, 60);
    const refused = await (apps[1] as FastifyInstance).inject({
      method: 'GET',
      url: VALIDATE,
      headers: bearer(key),
    });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['retry-after'], '2', 'one token every 2 s at 30 a minute');
    const other = await keyFor('quiet');
    for (const app of apps) {
      const res = await app.inject({ method: 'GET', url: VALIDATE, headers: bearer(other) });
      assert.equal(res.statusCode, 200, "another account's bucket is its own");
    }
  });

  it('asks the store once per lease, not per request, and not again while the bucket is empty', async () => {
    let asked = 0;
    let wall = 5_000_000;
    const limiter = new SharedRateLimiter(
      100,
      async (input) => {
        asked++;
        return store.rateBuckets.lease(input);
      },
      { now: () => wall, wallNow: () => wall },
    );
    const take = async () => (await limiter.take('acct_limiter_unit')).allowed;
    const allowed: boolean[] = [];
    for (let i = 0; i < 100; i++) allowed.push(await take());
    assert.equal(allowed.filter(Boolean).length, 100);
    assert.equal(asked, 50, 'a lease is 2 % of the limit: two tokens at 100 a minute');
    assert.equal(await take(), false);
    const afterRefusal = asked;
    for (let i = 0; i < 20; i++) assert.equal(await take(), false);
    assert.equal(asked, afterRefusal, 'refused from memory until a token can have come back');
    wall += 600; // one token a 600 ms at 100 a minute
    assert.equal(await take(), true);
  });
});

describe(`two server processes on one store share an account's limit (${testEngine()})`, () => {
  it('an account sending as fast as it can through both gets its limit, with little more', {
    timeout: 120_000,
  }, async () => {
    const settings = await testStoreSettings();
    const env = { ...storeEnv(settings), AEVS_LOG_LEVEL: 'info', AEVS_RATE_LIMIT_PER_MINUTE: '20' };
    const first = await startServerProcess(env);
    try {
      const key = /svc_sk_live_[0-9A-Za-z]+/.exec(first.stdout())?.[0] ?? '';
      assert.ok(key, 'the first start prints a live key');
      const second = await startServerProcess(env);
      try {
        await waitUntilReady(first);
        await waitUntilReady(second);
        const codes = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            fetch(`${(i % 2 ? second : first).baseUrl}${VALIDATE}`, {
              headers: { authorization: `Bearer ${key}` },
            }).then((r) => r.status),
          ),
        );
        const allowed = codes.filter((c) => c === 200).length;
        // 20 a minute, shared: a token comes back every 3 s, so a slow run may see one or two more.
        assert.ok(allowed >= 20 && allowed <= 22, `${allowed} of 60 allowed through two processes`);
        assert.equal(codes.filter((c) => c === 429).length, 60 - allowed);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
      await settings.cleanup();
    }
  });
});
