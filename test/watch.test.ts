import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { loadSandbox, SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

const COMPANY = { abn: '44600110236', acn: '600110236' }; // company_active
const HOOK = 'http://127.0.0.1:9/hook'; // never called here: there is no delivery worker in this test

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** A request with a key, as a client sends it. */
const callAs = (t: TestApp, method: Method, url: string, key: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(key),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('watch subscriptions, fan-out and polling', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  before(async () => {
    t = await startTestApp({
      env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1', AEVS_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') },
    });
    a = await t.newAccount('a');
    b = await t.newAccount('b');
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
  });
  after(() => t.close());

  const call = (method: Method, url: string, key: string, payload?: unknown) =>
    callAs(t, method, url, key, payload);
  const create = (key: string, body: Record<string, unknown>) => call('POST', '/v1/watch', key, body);

  it('creates a subscription and shows its whsec_ secret once; the secret is sealed at rest', async () => {
    const res = await create(a.testKey, {
      entities: ['44 600 110 236', '600110236', '44600110236'],
      events: ['name_change', 'deregistration'],
      webhook_url: HOOK,
    });
    assert.equal(res.statusCode, 201, res.body);
    const { subscription, secret } = res.json();
    assert.match(subscription.id, /^wsub_[0-9A-Za-z]{22}$/);
    assert.equal(subscription.account_id, a.id);
    assert.equal(subscription.status, 'active');
    assert.deepEqual(subscription.entities, [
      { identifier: '44600110236', id_type: 'abn' },
      { identifier: '600110236', id_type: 'acn' },
    ]);
    assert.match(secret, /^whsec_/);
    assert.equal(Buffer.from(secret.slice(6), 'base64').length, 32);
    const stored = await t.db.get<{ secret: string }>('SELECT secret FROM subscriptions WHERE id = ?', [
      subscription.id,
    ]);
    assert.ok(stored && !stored.secret.includes(secret.slice(6)), 'not in clear');

    for (const [method, url] of [
      ['GET', `/v1/watch/${subscription.id}`],
      ['GET', '/v1/watch'],
    ] as const) {
      const read = await call(method, url, a.testKey);
      assert.equal(read.statusCode, 200);
      assert.doesNotMatch(read.body, /whsec_/);
    }
    const patched = await call('PATCH', `/v1/watch/${subscription.id}`, a.testKey, {
      events: ['name_change'],
    });
    assert.deepEqual(patched.json().subscription.events, ['name_change']);
    assert.doesNotMatch(patched.body, /whsec_/);
    const rolled = await call('POST', `/v1/watch/${subscription.id}/roll`, a.testKey);
    assert.match(rolled.json().secret, /^whsec_/);
    assert.notEqual(rolled.json().secret, secret);
  });

  it('validates entities, events and the URL with clear 400s', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ entities: [], events: ['name_change'], webhook_url: HOOK }, /at least one/],
      [{ entities: ['44600110237'], events: ['name_change'], webhook_url: HOOK }, /not a valid ABN/],
      [
        { entities: ['4460011023'], events: ['name_change'], webhook_url: HOOK },
        /not an ABN \(11 digits\) or ACN/,
      ],
      [{ entities: ['44600110236'], events: [], webhook_url: HOOK }, /at least one event/],
      [{ entities: ['44600110236'], events: ['birthday'], webhook_url: HOOK }, /events/],
      [{ entities: ['44600110236'], events: ['name_change'], webhook_url: 'not a url' }, /webhook_url/],
      [
        { entities: Array(1001).fill('44600110236'), events: ['name_change'], webhook_url: HOOK },
        /at most 1000/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(a.testKey, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
      assert.match(res.json().error.message, message);
    }
  });

  it('holds at most 100 subscriptions per account and partition: then 409 subscription_limit', async () => {
    const c = await t.newAccount('capped');
    // An entity no other test changes, so these subscriptions take no part in their fan-outs.
    const body = { entities: ['51824753556'], events: ['name_change'], webhook_url: HOOK };
    const ids: string[] = [];
    for (let i = 0; i < 95; i++) {
      const res = await create(c.testKey, body);
      assert.equal(res.statusCode, 201, res.body);
      ids.push(res.json().subscription.id);
    }
    // Ten at once for the last five places: five are created, five refused, whatever the engine.
    const racing = await Promise.all(Array.from({ length: 10 }, () => create(c.testKey, body)));
    assert.deepEqual(
      racing.map((r) => r.statusCode).sort(),
      [201, 201, 201, 201, 201, 409, 409, 409, 409, 409],
    );
    const paused = await call('PATCH', `/v1/watch/${ids[0]}`, c.testKey, { status: 'paused' });
    assert.equal(paused.statusCode, 200, 'a paused subscription still counts');
    const over = await create(c.testKey, body);
    assert.equal(over.statusCode, 409);
    assert.equal(over.json().error.type, 'conflict');
    assert.equal(over.json().error.code, 'subscription_limit');
    assert.match(over.json().error.message, /already has 100 subscriptions with test keys/);
    assert.equal((await create(c.liveKey, body)).statusCode, 201, 'the live partition has its own 100');
    assert.equal((await call('DELETE', `/v1/watch/${ids[1]}`, c.testKey)).statusCode, 200);
    assert.equal((await create(c.testKey, body)).statusCode, 201, 'a deleted one frees its place');
  });

  it('takes Content-Type: application/json with no body on roll and delete', async () => {
    const id = (
      await create(a.testKey, { entities: ['51824753556'], events: ['name_change'], webhook_url: HOOK })
    ).json().subscription.id;
    const headers = { ...bearer(a.testKey), 'content-type': 'application/json' };
    const roll = await t.app.inject({ method: 'POST', url: `/v1/watch/${id}/roll`, headers, payload: '' });
    assert.equal(roll.statusCode, 200, roll.body);
    assert.match(roll.json().secret, /^whsec_/);
    const gone = await t.app.inject({ method: 'DELETE', url: `/v1/watch/${id}`, headers, payload: '' });
    assert.equal(gone.statusCode, 200, gone.body);
    const noBody = await t.app.inject({ method: 'POST', url: '/v1/watch', headers, payload: '' });
    assert.equal(noBody.statusCode, 400, 'a route that needs a body still says so');
    assert.equal(noBody.json().error.type, 'invalid_request');
  });

  it("keeps accounts apart: another account's subscription is not found", async () => {
    const mine = (
      await create(a.testKey, { entities: [COMPANY.abn], events: ['name_change'], webhook_url: HOOK })
    ).json().subscription;
    for (const [method, url] of [
      ['GET', `/v1/watch/${mine.id}`],
      ['PATCH', `/v1/watch/${mine.id}`],
      ['DELETE', `/v1/watch/${mine.id}`],
      ['POST', `/v1/watch/${mine.id}/roll`],
    ] as const) {
      const res = await call(method, url, b.testKey, method === 'PATCH' ? { status: 'paused' } : undefined);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.equal(res.json().error.type, 'not_found');
    }
    const list = await call('GET', '/v1/watch', b.testKey);
    assert.ok(list.json().data.every((s: { account_id: string }) => s.account_id === b.id));
    const live = await call('GET', `/v1/watch/${mine.id}`, a.liveKey);
    assert.equal(live.statusCode, 404, 'a live key does not see test-key subscriptions');
  });

  it('fans a sandbox event out to the caller’s matching subscription, readable by ABN and by ACN', async () => {
    const sub = (
      await create(b.testKey, { entities: [COMPANY.acn], events: ['deregistration'], webhook_url: HOOK })
    ).json().subscription;
    const other = (
      await create(a.testKey, { entities: [COMPANY.abn], events: ['deregistration'], webhook_url: HOOK })
    ).json().subscription;
    const fired = await call('POST', '/v1/sandbox/events', b.testKey, {
      identifier: COMPANY.abn,
      type: 'deregistration',
    });
    assert.equal(fired.statusCode, 201, fired.body);
    assert.equal(fired.json().deliveries, 1, 'only the calling account');
    const [deliveryId] = fired.json().event_ids;
    for (const id of [COMPANY.abn, COMPANY.acn]) {
      const res = await call('GET', `/v1/entity/${id}/changes?since=1970-01-01T00:00:00Z`, b.testKey);
      assert.equal(res.statusCode, 200);
      const [entry] = res.json().changes;
      assert.equal(entry.event_id, deliveryId, 'the id the trigger returned is the one polling shows');
      assert.equal(entry.subscription_id, sub.id);
      assert.equal(entry.type, 'deregistration');
      assert.equal(entry.delivery_status, 'pending');
      assert.equal(entry.attempts, 0);
      assert.equal(entry.response_code, null);
      const payload = JSON.parse(entry.payload);
      assert.equal(payload.id, entry.event_id);
      assert.deepEqual(payload.entity, {
        abn: COMPANY.abn,
        acn: COMPANY.acn,
        name: 'SANDBOX ACTIVE HOLDINGS PTY LTD',
      });
      assert.equal(payload.subscription_id, sub.id);
      assert.deepEqual(
        payload.data.changes.map((c: { field: string; old: unknown; new: unknown; source: string }) => [
          c.field,
          c.old,
          c.new,
          c.source,
        ]),
        [['status', 'REGD', 'DRGD', 'asic']],
        'shaped as ASIC would raise it',
      );
    }
    const theirs = await call(
      'GET',
      `/v1/entity/${COMPANY.abn}/changes?since=1970-01-01T00:00:00Z`,
      a.testKey,
    );
    assert.ok(theirs.json().changes.every((c: { subscription_id: string }) => c.subscription_id !== sub.id));
    assert.ok(
      !theirs
        .json()
        .changes.some(
          (c: { subscription_id: string; type: string }) =>
            c.subscription_id === other.id && c.type === 'deregistration',
        ),
    );
    const live = await call('POST', '/v1/sandbox/events', b.liveKey, {
      identifier: COMPANY.abn,
      type: 'deregistration',
    });
    assert.equal(live.statusCode, 403);
  });

  it('pages 500 changes made in a burst without skipping or repeating one', async () => {
    const c = await t.newAccount('pager');
    await create(c.testKey, { entities: ['30600130498'], events: ['name_change'], webhook_url: HOOK });
    await Promise.all(
      Array.from({ length: 500 }, () =>
        call('POST', '/v1/sandbox/events', c.testKey, { identifier: '30600130498', type: 'name_change' }),
      ),
    );
    const seen: string[] = [];
    let since = '1970-01-01T00:00:00Z';
    for (let page = 0; page < 10; page++) {
      const res = await call(
        'GET',
        `/v1/entity/30600130498/changes?since=${encodeURIComponent(since)}&limit=200`,
        c.testKey,
      );
      assert.equal(res.statusCode, 200);
      const body = res.json() as {
        changes: Array<{ event_id: string; created_at: string }>;
        next_cursor: string | null;
      };
      seen.push(...body.changes.map((x) => x.event_id));
      const times = body.changes.map((x) => x.created_at);
      assert.deepEqual(times, [...times].sort(), 'ascending');
      if (!body.next_cursor) break;
      since = body.next_cursor;
    }
    assert.equal(seen.length, 500);
    assert.equal(new Set(seen).size, 500);
  });

  it('polling: since is required, must be ISO 8601, and limit is 1 to 200', async () => {
    const missing = await call('GET', `/v1/entity/${COMPANY.abn}/changes`, a.testKey);
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().error.message, 'since is required (an ISO-8601 timestamp)');
    for (const q of [
      'since=yesterday',
      'since=1970-01-01T00:00:00Z&limit=0',
      'since=1970-01-01T00:00:00Z&limit=201',
    ]) {
      assert.equal(
        (await call('GET', `/v1/entity/${COMPANY.abn}/changes?${q}`, a.testKey)).statusCode,
        400,
        q,
      );
    }
    const future = await call(
      'GET',
      `/v1/entity/${COMPANY.abn}/changes?since=2999-01-01T00:00:00Z`,
      a.testKey,
    );
    assert.deepEqual(future.json(), { changes: [], next_cursor: null });
  });
});

describe('fan-out from an ingest', () => {
  let t: TestApp;
  let a: TestAccount;
  before(async () => {
    t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    a = await t.newAccount('a');
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
  });
  after(() => t.close());

  const call = (method: Method, url: string, key: string, payload?: unknown) =>
    callAs(t, method, url, key, payload);
  const create = (key: string, body: Record<string, unknown>) => call('POST', '/v1/watch', key, body);

  it('fans ingest events out in the same transaction, once, and paused or deleted subscriptions show it', async () => {
    // company_active (by its ABN, and by its ACN) is renamed in next/: two name_change subscriptions.
    for (const entity of [COMPANY.abn, COMPANY.acn])
      await create(a.testKey, { entities: [entity], events: ['name_change'], webhook_url: HOOK });
    const paused = (
      await create(a.testKey, { entities: ['57600302707'], events: ['deregistration'], webhook_url: HOOK })
    ).json().subscription;
    await call('PATCH', `/v1/watch/${paused.id}`, a.testKey, { status: 'paused' });
    const gone = (
      await create(a.testKey, { entities: ['600302707'], events: ['deregistration'], webhook_url: HOOK })
    ).json().subscription;
    const inputs = await resolveInputs(await sandboxFiles(join(SANDBOX_DIR, 'next'), 'asic-companies'));
    const summary = await ingest({
      ctx: { store: t.store, clock: () => new Date() },
      input: { adapter: ADAPTERS['asic-companies'], files: inputs.files, partition: 'sandbox' },
    });
    await inputs.close();
    // The deregistration reaches both subscriptions watching it, and company_active's rename the two
    // watching its name: this store holds no other subscription.
    assert.equal(summary.deliveries, 4);
    // Re-running the same snapshot changes nothing, so nothing is fanned out twice.
    const again = await resolveInputs(await sandboxFiles(join(SANDBOX_DIR, 'next'), 'asic-companies'));
    const rerun = await ingest({
      ctx: { store: t.store, clock: () => new Date() },
      input: { adapter: ADAPTERS['asic-companies'], files: again.files, partition: 'sandbox' },
    });
    await again.close();
    assert.deepEqual([rerun.events, rerun.deliveries], [0, 0]);
    await call('DELETE', `/v1/watch/${gone.id}`, a.testKey);
    const res = await call('GET', '/v1/entity/600302707/changes?since=1970-01-01T00:00:00Z', a.testKey);
    const bySub = Object.fromEntries(
      res
        .json()
        .changes.map((c: { subscription_id: string; delivery_status: string }) => [
          c.subscription_id,
          c.delivery_status,
        ]),
    );
    assert.deepEqual(bySub, { [paused.id]: 'paused', [gone.id]: 'failed' });
  });
});

describe('webhook URL guard', () => {
  let t: TestApp;
  let a: TestAccount;
  before(async () => {
    t = await startTestApp();
    a = await t.newAccount();
  });
  after(() => t.close());

  it('refuses http and internal targets unless private webhooks are allowed', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/h',
      'https://169.254.169.254/latest',
      'https://[::ffff:127.0.0.1]/h',
      'https://[fd00::1]/h',
      'https://localhost/h',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/watch',
        headers: bearer(a.testKey),
        payload: { entities: [COMPANY.abn], events: ['name_change'], webhook_url: url },
      });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().error.param, 'webhook_url', url);
    }
  });
});
