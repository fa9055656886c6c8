import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { DeliveryWorker } from '../src/watch/delivery-worker.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

const TIMEOUT_MS = 250;

describe('the DNS check before a send is inside the attempt timeout', () => {
  let t: TestApp;
  let account: TestAccount;
  before(async () => {
    // The subscriptions are created without the SSRF check (as if their hosts resolved publicly
    // then); the worker below checks every attempt, with a resolver that never answers.
    t = await startTestApp({
      env: {
        AEVS_ALLOW_PRIVATE_WEBHOOKS: '1',
        AEVS_WEBHOOK_RETRY_SCHEDULE: '0,0',
        AEVS_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
    account = await t.newAccount();
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
  });
  after(() => t.close());

  const watchAndFire = async (identifier: string, host: string) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.testKey),
      payload: { entities: [identifier], events: ['name_change'], webhook_url: `https://${host}/hook` },
    });
    assert.equal(created.statusCode, 201, created.body);
    const fired = await t.app.inject({
      method: 'POST',
      url: '/v1/sandbox/events',
      headers: bearer(account.testKey),
      payload: { identifier, type: 'name_change' },
    });
    assert.equal(fired.statusCode, 201, fired.body);
  };

  it('a lookup that never answers fails the attempt at the timeout and frees the slot', {
    timeout: 15_000,
  }, async () => {
    await watchAndFire('44600110236', 'hangs.example.com');
    await watchAndFire('37600120367', 'also-hangs.example.com');
    const asked: string[] = [];
    const worker = new DeliveryWorker({
      store: t.store,
      log: t.app.log,
      config: { ...t.config, allowPrivateWebhooks: false },
      pollMs: 60_000,
      // One slot: the second delivery gets its turns only if the first attempt gives the slot back.
      concurrency: 1,
      lookup: (hostname) => {
        asked.push(hostname);
        return new Promise(() => undefined);
      },
    });
    const started = Date.now();
    await worker.drain();
    await worker.stop();
    const elapsed = Date.now() - started;
    // Two deliveries, three attempts each, one at a time: six timeouts. The lookups never answer, so
    // the drain ends only because each attempt gave its one slot back at its timeout.
    assert.ok(elapsed >= 6 * TIMEOUT_MS - 50, `${elapsed} ms: every attempt waited for its timeout`);
    assert.equal(asked.length, 6);
    const rows = await t.db.all<{ status: string; attempts: number; last_error: string }>(
      'SELECT status, attempts, last_error FROM deliveries ORDER BY created_at',
    );
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.equal(row.status, 'failed');
      assert.equal(Number(row.attempts), 3);
      assert.match(row.last_error, /^timeout: the webhook host was not resolved within 250 ms$/);
    }
  });
});
