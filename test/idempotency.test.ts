import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defineRoute } from '../src/http/route.ts';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';
import { testEngine } from './helpers/store.ts';

const ABN = '44600110236'; // company_active
const HOOK = 'http://127.0.0.1:9/hook'; // never called: there is no delivery worker in this test
const DAY_MS = 24 * 60 * 60 * 1000;

/** A test route that creates something only when the test lets it finish: a request held in flight. */
function gatedRoute() {
  const made: string[] = [];
  let open: () => void = () => undefined;
  let gate = Promise.resolve();
  const route = defineRoute({
    method: 'POST',
    path: '/v1/test/slow-create',
    operationId: 'slowCreate',
    summary: 'slow create',
    tag: 'Test',
    auth: true,
    idempotent: true,
    response: { status: 201, description: 'made', examples: {} },
    handler: async ({ request }) => {
      await gate;
      made.push(String((request.body as { name?: string } | undefined)?.name));
      return { made: made.length };
    },
  });
  return {
    route,
    made,
    hold: () => {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => open(),
  };
}

describe(`Idempotency-Key on the creating POSTs (${testEngine()})`, () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  let now = Date.parse('2026-11-26T00:00:00Z');
  const slow = gatedRoute();
  before(async () => {
    t = await startTestApp({
      env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1', AEVS_SECRET_KEY: Buffer.alloc(32, 5).toString('base64') },
      deps: { clock: () => new Date(now), extraRoutes: [slow.route] },
    });
    a = await t.newAccount('a');
    b = await t.newAccount('b');
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
  });
  after(() => t.close());

  const post = (url: string, apiKey: string, payload: unknown, idempotencyKey?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(apiKey), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: payload as object,
    });
  const watch = (entities: unknown[] = [ABN]) => ({ entities, events: ['name_change'], webhook_url: HOOK });
  const subscriptions = async (apiKey: string) =>
    (
      (await t.app.inject({ method: 'GET', url: '/v1/watch', headers: bearer(apiKey) })).json() as {
        data: { id: string }[];
      }
    ).data.map((s) => s.id);
  const errorOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { type: string; code: string; param: string } }).error;

  it('answers the same key and body with the first answer, replayed, and makes one subscription', async () => {
    const account = await t.newAccount();
    const first = await post('/v1/watch', account.testKey, watch(), 'key-1');
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    // The same JSON with its fields in another order is the same request.
    const again = await post('/v1/watch', account.testKey, { ...watch(), events: ['name_change'] }, 'key-1');
    const reordered = await post(
      '/v1/watch',
      account.testKey,
      { webhook_url: HOOK, events: ['name_change'], entities: [ABN] },
      'key-1',
    );
    for (const replay of [again, reordered]) {
      assert.equal(replay.statusCode, 201);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.match(String(replay.headers['content-type']), /^application\/json/);
      assert.equal(replay.body, first.body, 'the first answer, secret included');
    }
    assert.deepEqual(await subscriptions(account.testKey), [first.json().subscription.id]);

    // Without a key, each request is its own.
    await post('/v1/watch', account.testKey, watch());
    await post('/v1/watch', account.testKey, watch());
    assert.equal((await subscriptions(account.testKey)).length, 3);
  });

  it('refuses the same key with another body or on another endpoint: 409 idempotency_key_reused', async () => {
    const first = await post('/v1/watch', a.testKey, watch(), 'key-2');
    assert.equal(first.statusCode, 201);
    for (const res of [
      await post('/v1/watch', a.testKey, watch(['600110236']), 'key-2'),
      await post('/v1/sandbox/events', a.testKey, { identifier: ABN, type: 'name_change' }, 'key-2'),
    ]) {
      assert.equal(res.statusCode, 409);
      assert.deepEqual(
        [errorOf(res).type, errorOf(res).code, errorOf(res).param],
        ['conflict', 'idempotency_key_reused', 'idempotency-key'],
      );
    }
    assert.deepEqual(await subscriptions(a.testKey), [first.json().subscription.id]);
  });

  it('scopes keys by account and by key mode: the same key elsewhere is a new request', async () => {
    const mine = await post('/v1/watch', b.testKey, watch(), 'shared-key');
    const theirs = await post('/v1/watch', (await t.newAccount()).testKey, watch(), 'shared-key');
    const myLive = await post('/v1/watch', b.liveKey, watch(), 'shared-key');
    for (const res of [mine, theirs, myLive]) {
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.headers['idempotent-replayed'], undefined);
    }
    const ids = new Set([mine, theirs, myLive].map((r) => r.json().subscription.id));
    assert.equal(ids.size, 3);
  });

  it('replays a sandbox event without a second event or delivery', async () => {
    const account = await t.newAccount();
    const sub = await post('/v1/watch', account.testKey, watch(), 'w');
    assert.equal(sub.statusCode, 201);
    const event = { identifier: ABN, type: 'name_change' };
    const first = await post('/v1/sandbox/events', account.testKey, event, 'evt-key');
    const again = await post('/v1/sandbox/events', account.testKey, event, 'evt-key');
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json(), first.json());
    const changes = await t.app.inject({
      method: 'GET',
      url: `/v1/entity/${ABN}/changes?since=1970-01-01T00:00:00Z`,
      headers: bearer(account.testKey),
    });
    assert.deepEqual(
      (changes.json() as { changes: { event_id: string }[] }).changes.map((c) => c.event_id),
      first.json().event_ids,
    );
  });

  it('leaves the key unused when the request fails, so it can be sent again corrected', async () => {
    const account = await t.newAccount();
    const bad = await post('/v1/watch', account.testKey, watch(['44600110237']), 'fix-me');
    assert.equal(bad.statusCode, 400);
    assert.equal(errorOf(bad).code, 'checksum');
    const live = await post(
      '/v1/sandbox/events',
      account.liveKey,
      { identifier: ABN, type: 'name_change' },
      'k',
    );
    assert.equal(live.statusCode, 403);
    const fixed = await post('/v1/watch', account.testKey, watch(), 'fix-me');
    assert.equal(fixed.statusCode, 201);
    assert.equal(fixed.headers['idempotent-replayed'], undefined);
  });

  it('refuses a key that is empty, too long or not printable ASCII: 400 invalid_idempotency_key', async () => {
    for (const key of ['x'.repeat(256), 'clé', 'tab\there']) {
      const res = await post('/v1/watch', a.testKey, watch(), key);
      assert.equal(res.statusCode, 400, key);
      assert.deepEqual(
        [errorOf(res).code, errorOf(res).param],
        ['invalid_idempotency_key', 'idempotency-key'],
      );
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: { ...bearer(a.testKey), 'idempotency-key': '' },
      payload: watch(),
    });
    assert.equal(empty.statusCode, 400);
    assert.equal(errorOf(empty).code, 'invalid_idempotency_key');
  });

  it('forgets a key after 24 hours', async () => {
    const account = await t.newAccount();
    const first = await post('/v1/watch', account.testKey, watch(), 'day-key');
    now += DAY_MS - 1;
    const within = await post('/v1/watch', account.testKey, watch(), 'day-key');
    assert.equal(within.headers['idempotent-replayed'], 'true');
    now += 2;
    const after = await post('/v1/watch', account.testKey, watch(), 'day-key');
    assert.equal(after.statusCode, 201);
    assert.equal(after.headers['idempotent-replayed'], undefined);
    assert.notEqual(after.json().subscription.id, first.json().subscription.id);
    assert.equal((await subscriptions(account.testKey)).length, 2);
  });

  it('answers a second request while the first runs with 409 idempotency_key_in_use, then replays', async () => {
    slow.hold();
    const first = post('/v1/test/slow-create', a.testKey, { name: 'one' }, 'slow-key');
    // The first has claimed the key once the effect is waiting on the gate.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await post('/v1/test/slow-create', a.testKey, { name: 'one' }, 'slow-key');
    assert.equal(during.statusCode, 409);
    assert.equal(errorOf(during).code, 'idempotency_key_in_use');
    assert.equal(during.headers['retry-after'], '1');
    slow.release();
    const done = await first;
    assert.equal(done.statusCode, 201);
    const later = await post('/v1/test/slow-create', a.testKey, { name: 'one' }, 'slow-key');
    assert.equal(later.headers['idempotent-replayed'], 'true');
    assert.equal(later.body, done.body);
    assert.deepEqual(slow.made, ['one']);
  });

  it('frees a key whose request stopped answering after its 60-second lease', async () => {
    slow.made.length = 0;
    slow.hold();
    const stalled = post('/v1/test/slow-create', a.testKey, { name: 'two' }, 'lease-key');
    await new Promise((resolve) => setTimeout(resolve, 50));
    now += 61_000;
    // The first still holds the key in the store, but its lease has ended: the retry takes it over.
    const retry = post('/v1/test/slow-create', a.testKey, { name: 'two' }, 'lease-key');
    await new Promise((resolve) => setTimeout(resolve, 50));
    slow.release();
    const [taken] = await Promise.all([retry, stalled]);
    assert.equal(taken.statusCode, 201, taken.body);
    assert.equal(taken.headers['idempotent-replayed'], undefined);
    assert.deepEqual(slow.made, ['two', 'two']);
    assert.ok(t.logs.some((line) => line.includes('passed to another request before its answer was stored')));
  });

  it('makes one subscription from ten concurrent requests with one key', async () => {
    const account = await t.newAccount();
    // The key is known and the rate limit leased before they start, so they all arrive together.
    assert.deepEqual(await subscriptions(account.testKey), []);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/v1/watch', account.testKey, watch(), 'together')),
    );
    const ids = await subscriptions(account.testKey);
    assert.equal(ids.length, 1, 'one effect');
    const statuses = answers.map((answer) => answer.statusCode);
    for (const answer of answers) {
      if (answer.statusCode === 201) assert.equal(answer.json().subscription.id, ids[0]);
      else assert.equal(errorOf(answer).code, 'idempotency_key_in_use', answer.body);
    }
    // Each got the one answer (first or replayed) or was told the first was still running.
    assert.ok(statuses.includes(201), statuses.join());
    assert.equal(new Set(answers.filter((r) => r.statusCode === 201).map((r) => r.body)).size, 1);
  });

  it('gives a key to exactly one of ten claims made in the same instant', async () => {
    const account = await t.newAccount();
    const scope = { accountId: account.id, partition: 'sandbox' as const, keyHash: 'k'.repeat(64) };
    const at = new Date(now).toISOString();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.store.idempotencyKeys.claim({
          scope,
          requestHash: 'r',
          token: `token-${i}`,
          now: at,
          lockedUntil: new Date(now + 60_000).toISOString(),
          expiredBefore: new Date(now - DAY_MS).toISOString(),
        }),
      ),
    );
    assert.deepEqual(claims.map((c) => c.kind).sort(), ['claimed', ...Array(9).fill('in_flight')]);
  });

  it('keeps neither the key nor the secret in clear, and never logs the key', async () => {
    const account = await t.newAccount();
    const key = 'a-key-that-must-not-be-seen-3f9c';
    const res = await post('/v1/watch', account.testKey, watch(), key);
    const { secret } = res.json() as { secret: string };
    const rows = await t.db.all<Record<string, unknown>>(
      'SELECT * FROM idempotency_keys WHERE account_id = ?',
      [account.id],
    );
    assert.equal(rows.length, 1);
    const stored = JSON.stringify(rows);
    assert.ok(!stored.includes(key), 'the key is stored as a hash');
    assert.ok(!stored.includes(secret), 'the answer is sealed');
    assert.ok(!t.logs.some((line) => line.includes(key)), 'the key is never logged');
  });
});
