import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import pg from 'pg';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { createLogger } from '../src/logger.ts';
import type { Db } from '../src/store/db.ts';
import { openDb } from '../src/store/open-store.ts';
import { SqliteDb } from '../src/store/sqlite.ts';
import { createStore } from '../src/store/store.ts';
import { DeliveryWorker } from '../src/watch/delivery-worker.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';
import { type VerifyingReceiver, verifyingReceiver } from './helpers/webhook-receiver.ts';

const N = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The worker's own store handle, and a way to take the store away from it for a while.
 * PostgreSQL: the worker's connections carry an application name, and every one of them is
 * terminated as soon as it appears (pg_terminate_backend: a server restart, as the client sees it)
 * until the outage ends. SQLite: the file is closed under the worker and opened again afterwards,
 * as a process reopening its store would.
 */
async function workerStore(t: TestApp): Promise<{ db: Db; outage: (ms: number) => Promise<void> }> {
  const { databaseUrl, dataDir } = t.config;
  if (databaseUrl) {
    const name = `aevs_worker_${randomBytes(4).toString('hex')}`;
    const db = await openDb({ databaseUrl: `${databaseUrl}&application_name=${name}`, dataDir });
    const outage = async (ms: number) => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      for (const end = Date.now() + ms; Date.now() < end; await sleep(5)) {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [name],
        );
      }
      await admin.end();
    };
    return { db, outage };
  }
  let inner = SqliteDb.open(dataDir);
  const db: Db = {
    engine: 'sqlite',
    all: (sql, params) => inner.all(sql, params),
    get: (sql, params) => inner.get(sql, params),
    run: (sql, params) => inner.run(sql, params),
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction(fn),
    close: () => inner.close(),
  };
  const outage = async (ms: number) => {
    await inner.close();
    await sleep(ms);
    inner = SqliteDb.open(dataDir);
  };
  return { db, outage };
}

describe('the store restarts under the delivery worker', () => {
  let t: TestApp;
  let account: TestAccount;
  let hook: VerifyingReceiver;
  let logs: string[];
  const log = () =>
    createLogger(
      'warn',
      new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    );
  before(async () => {
    t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
  });
  after(() => t.close());
  beforeEach(async () => {
    logs = [];
    account = await t.newAccount();
    hook = await verifyingReceiver({ delayMs: 40 });
  });
  afterEach(() => hook.close());

  /** A watch on `identifier` to the receiver and N events for it, all pending. */
  const pendingDeliveries = async (identifier: string) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.testKey),
      payload: { entities: [identifier], events: ['name_change'], webhook_url: hook.url },
    });
    assert.equal(created.statusCode, 201, created.body);
    hook.setSecret(created.json().secret);
    for (let i = 0; i < N; i++) {
      const fired = await t.app.inject({
        method: 'POST',
        url: '/v1/sandbox/events',
        headers: bearer(account.testKey),
        payload: { identifier, type: 'name_change' },
      });
      assert.equal(fired.statusCode, 201, fired.body);
    }
    return created.json().subscription.id as string;
  };
  const statuses = async (subscriptionId: string) =>
    (
      await t.db.all<{ status: string }>('SELECT status FROM deliveries WHERE subscription_id = ?', [
        subscriptionId,
      ])
    ).map((r) => r.status);
  const untilAllDelivered = async (subscriptionId: string) => {
    for (let i = 0; i < 300; i++) {
      const s = await statuses(subscriptionId);
      if (s.length === N && s.every((x) => x === 'delivered')) return;
      await sleep(100);
    }
  };
  const newWorker = (db: Db) =>
    new DeliveryWorker({
      store: createStore(db),
      log: log(),
      // Long enough that no attempt times out on a loaded machine: a resend here would be the store's fault.
      config: { ...t.config, webhookTimeoutMs: 15_000, webhookRetrySchedule: [1, 1, 1, 1, 1, 1, 1, 1] },
      pollMs: 50,
      concurrency: 8,
    });

  it('a worker survives the store going away mid-delivery and every event is delivered once', async () => {
    const subscriptionId = await pendingDeliveries('44600110236');
    const store = await workerStore(t);
    const worker = newWorker(store.db);
    try {
      worker.start();
      for (let i = 0; i < 200 && hook.received.size < 5; i++) await sleep(10);
      assert.ok(hook.received.size < N, 'the outage begins with deliveries pending and in flight');
      await store.outage(1_000);
      await untilAllDelivered(subscriptionId);
    } finally {
      await worker.stop();
      await store.db.close();
    }
    assert.ok(
      logs.some((l) => /could not be stored yet|outbox read failed/.test(l)),
      'the worker met the outage',
    );
    assert.deepEqual(await statuses(subscriptionId), Array(N).fill('delivered'), 'no delivery is lost');
    assert.equal(hook.received.size, N, 'every event reached the receiver, verified');
    assert.equal(hook.rejected(), 0);
    assert.deepEqual(
      [...hook.received.values()].filter((n) => n > 1),
      [],
      'no event was sent twice: outcomes are stored once the store is back',
    );
  });

  it('a worker restarted on a reopened store while deliveries are pending resumes them', async () => {
    const subscriptionId = await pendingDeliveries('37600120367');
    const first = await workerStore(t);
    const worker = newWorker(first.db);
    worker.start();
    for (let i = 0; i < 200 && hook.received.size < 5; i++) await sleep(10);
    await worker.stop();
    await first.db.close();
    const sent = hook.received.size;
    assert.ok(sent < N, `stopped with ${N - sent} deliveries pending`);

    const second = await workerStore(t);
    const resumed = newWorker(second.db);
    try {
      resumed.start();
      await untilAllDelivered(subscriptionId);
    } finally {
      await resumed.stop();
      await second.db.close();
    }
    assert.deepEqual(await statuses(subscriptionId), Array(N).fill('delivered'));
    assert.equal(hook.received.size, N);
    assert.ok(
      [...hook.received.values()].every((n) => n === 1),
      'each event was sent once',
    );
  });
});
