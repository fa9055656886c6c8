import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';
import { type VerifyingReceiver, verifyingReceiver } from './helpers/webhook-receiver.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const N = 300;
const ENTITY = '44600110236';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A delivery worker in its own process on the test's store; resolves once it is sending. */
async function workerProcess(
  t: TestApp,
  name: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const { databaseUrl, dataDir } = t.config;
  const child = spawn(process.execPath, ['test/helpers/delivery-worker-process.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      AEVS_DATA_DIR: dataDir,
      ...(databaseUrl ? { AEVS_DATABASE_URL: databaseUrl } : {}),
      AEVS_ALLOW_PRIVATE_WEBHOOKS: '1',
      AEVS_WEBHOOK_TIMEOUT_MS: '5000',
      AEVS_WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      AEVS_LOG_LEVEL: 'warn',
      WORKER_NAME: name,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  for (let i = 0; i < 200 && !out.includes('ready'); i++) {
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  assert.ok(out.includes('ready') && child.exitCode === null, `worker ${name} is running: ${out}`);
  return child;
}

describe('two worker processes share one store', () => {
  let t: TestApp;
  let account: TestAccount;
  let hook: VerifyingReceiver;
  const children: ChildProcess[] = [];
  before(async () => {
    t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    account = await t.newAccount();
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
    hook = await verifyingReceiver({ delayMs: 5 });
  });
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    await hook.close();
    await t.close();
  });

  it('each delivery is sent once, all are delivered, and both processes send', {
    timeout: 60_000,
  }, async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.testKey),
      payload: { entities: [ENTITY], events: ['name_change'], webhook_url: hook.url },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { subscription, secret } = created.json() as { subscription: { id: string }; secret: string };
    hook.setSecret(secret);
    // The outbox fills while the subscription is paused; resuming makes all N due at once, so the
    // two processes race for the same rows.
    const patch = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/watch/${subscription.id}`,
        headers: bearer(account.testKey),
        payload: { status },
      });
    assert.equal((await patch('paused')).statusCode, 200);
    for (let i = 0; i < N; i++) {
      const fired = await t.app.inject({
        method: 'POST',
        url: '/v1/sandbox/events',
        headers: bearer(account.testKey),
        payload: { identifier: ENTITY, type: 'name_change' },
      });
      assert.equal(fired.statusCode, 201, fired.body);
    }
    children.push(await workerProcess(t, 'A'), await workerProcess(t, 'B'));
    assert.equal((await patch('active')).statusCode, 200);

    let statuses: string[] = [];
    for (let i = 0; i < 300; i++) {
      statuses = (
        await t.db.all<{ status: string }>('SELECT status FROM deliveries WHERE subscription_id = ?', [
          subscription.id,
        ])
      ).map((r) => r.status);
      if (statuses.every((s) => s === 'delivered')) break;
      await sleep(100);
    }
    for (const child of children.splice(0)) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    assert.deepEqual(statuses, Array(N).fill('delivered'), 'every delivery is delivered');
    assert.equal(hook.received.size, N, 'every event reached the receiver, verified');
    assert.equal(hook.rejected(), 0);
    const twice = [...hook.received].filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], 'no webhook-id was received twice');
    const byProcess = Object.fromEntries(hook.agents);
    assert.deepEqual(
      Object.keys(byProcess).sort(),
      ['aevs-webhooks/0.1 (A)', 'aevs-webhooks/0.1 (B)'],
      'both processes sent',
    );
  });
});

describe('a worker that stalls with attempts in flight', () => {
  let t: TestApp;
  let account: TestAccount;
  let hook: VerifyingReceiver;
  const children: ChildProcess[] = [];
  const DELIVERIES = 10;
  // The receiver takes 1.5 s to answer; an attempt may take 3 s, so a claim's lease is 8 s.
  const env = {
    AEVS_WEBHOOK_TIMEOUT_MS: '3000',
    AEVS_WEBHOOK_RETRY_SCHEDULE: '1,1,1',
    WORKER_CONCURRENCY: '16',
  };
  before(async () => {
    t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    account = await t.newAccount();
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
    hook = await verifyingReceiver({ delayMs: 1500 });
  });
  after(async () => {
    for (const child of children) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
    await hook.close();
    await t.close();
  });

  // The bug: a worker frozen past its lease had its deliveries claimed and sent again by another
  // (right: at-least-once), but its own outcomes were dropped when it woke, so polling showed one
  // attempt where the receiver had two requests.
  it('records every request it made: attempts shown equal requests received, and all end delivered', {
    timeout: 90_000,
  }, async () => {
    const ENTITY_ID = '47600241923';
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.testKey),
      payload: { entities: [ENTITY_ID], events: ['name_change'], webhook_url: hook.url },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { subscription, secret } = created.json() as { subscription: { id: string }; secret: string };
    hook.setSecret(secret);
    for (let i = 0; i < DELIVERIES; i++) {
      const fired = await t.app.inject({
        method: 'POST',
        url: '/v1/sandbox/events',
        headers: bearer(account.testKey),
        payload: { identifier: ENTITY_ID, type: 'name_change' },
      });
      assert.equal(fired.statusCode, 201, fired.body);
    }
    const stored = () =>
      t.db.all<{ id: string; status: string; attempts: number }>(
        'SELECT id, status, attempts FROM deliveries WHERE subscription_id = ?',
        [subscription.id],
      );
    const waitFor = async (what: string, done: () => Promise<boolean> | boolean, ms: number) => {
      for (const started = Date.now(); Date.now() - started < ms; await sleep(20)) if (await done()) return;
      assert.fail(`timed out waiting: ${what}`);
    };

    const first = await workerProcess(t, 'A', env);
    children.push(first);
    // A has sent every delivery and waits for the answers: it freezes now, past its leases.
    await waitFor('A sends all', () => hook.arrived.size === DELIVERIES, 20_000);
    first.kill('SIGSTOP');
    const second = await workerProcess(t, 'B', env);
    children.push(second);
    await waitFor(
      'B delivers all once the leases end',
      async () => (await stored()).every((d) => d.status === 'delivered'),
      40_000,
    );
    first.kill('SIGCONT');
    // A wakes and records the attempts it made while it was frozen.
    await waitFor(
      "A's attempts recorded",
      async () => (await stored()).every((d) => Number(d.attempts) === hook.arrived.get(d.id)),
      20_000,
    );
    for (const child of children.splice(0)) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    const changes = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/entity/${ENTITY_ID}/changes?since=1970-01-01T00:00:00Z&limit=100`,
        headers: bearer(account.testKey),
      })
    ).json().changes as Array<{ event_id: string; delivery_status: string; attempts: number }>;
    const ours = changes.filter((c) => hook.arrived.has(c.event_id));
    assert.equal(ours.length, DELIVERIES);
    for (const c of ours) {
      assert.equal(c.delivery_status, 'delivered', c.event_id);
      assert.equal(
        c.attempts,
        hook.arrived.get(c.event_id),
        `${c.event_id}: attempts shown = requests received`,
      );
    }
    assert.equal(hook.rejected(), 0);
    // The stall made each delivery go out twice: the receiver dedupes by webhook-id.
    assert.deepEqual(
      [...hook.arrived.values()],
      Array(DELIVERIES).fill(2),
      'each sent by A before the stall and by B after its lease ended',
    );
  });
});
