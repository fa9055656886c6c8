import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { claimDue, releaseClaim, settleForSubscription } from '../src/store/delivery-queue.ts';
import { DeliveryWorker } from '../src/watch/delivery-worker.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

type Received = { path: string; headers: Record<string, string>; body: string; at: number };

/**
 * A real receiver on loopback: it records every request. `/flaky` fails once; `/redirect` answers
 * 302; `/hang` never answers; `/big` answers 200 with 1 MB; `/trickle` answers 200 and then a byte
 * now and then, never ending; `/held-ok` and `/held-fail` wait until the test calls `release()`,
 * then answer 200 or 500. Nothing here depends on how fast the machine is: an answer either comes
 * when the test says, or never.
 */
async function receiver() {
  const received: Received[] = [];
  const held: Array<() => void> = [];
  const drips = new Set<NodeJS.Timeout>();
  let flaky = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers as Record<string, string>,
        body,
        at: Date.now(),
      });
      if (req.url === '/flaky' && flaky++ === 0) res.writeHead(500).end('try later');
      else if (req.url === '/held-ok') held.push(() => res.writeHead(200).end());
      else if (req.url === '/held-fail') held.push(() => res.writeHead(500).end('later'));
      else if (req.url === '/redirect') res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end();
      else if (req.url === '/hang') return;
      else if (req.url === '/big') res.writeHead(200).end('x'.repeat(1024 * 1024));
      else if (req.url === '/trickle') {
        res.writeHead(200);
        const drip = setInterval(() => res.write('.'), 50);
        drips.add(drip);
        res.on('close', () => {
          clearInterval(drip);
          drips.delete(drip);
        });
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Requests held so far. */
    holding: () => held.length,
    /** Answers every request held so far. */
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    /** Requests received for one webhook-id. */
    sent: (webhookId: string | undefined) =>
      received.filter((r) => r.headers['webhook-id'] === webhookId).length,
    close: () => {
      for (const drip of drips) clearInterval(drip);
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Waits, without a time limit of its own (the test runner's applies), until `done` holds. */
async function until(done: () => boolean | Promise<boolean>) {
  while (!(await done())) await new Promise((r) => setTimeout(r, 5));
}

describe('webhook delivery', () => {
  let t: TestApp;
  let account: TestAccount;
  let worker: DeliveryWorker;
  /** For the endpoints that never answer in time: a short timeout, which they always reach. */
  let timeoutWorker: DeliveryWorker;
  let hook: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    t = await startTestApp({
      env: {
        AEVS_ALLOW_PRIVATE_WEBHOOKS: '1',
        AEVS_WEBHOOK_RETRY_SCHEDULE: '0,0',
        // Long enough that no attempt times out on a loaded machine: only /hang and /trickle, sent by
        // a worker of their own with a short timeout, ever reach it.
        AEVS_WEBHOOK_TIMEOUT_MS: '15000',
      },
    });
    account = await t.newAccount();
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
    worker = new DeliveryWorker({ store: t.store, log: t.app.log, config: t.config, pollMs: 60_000 });
    timeoutWorker = new DeliveryWorker({
      store: t.store,
      log: t.app.log,
      config: { ...t.config, webhookTimeoutMs: 300 },
      pollMs: 60_000,
    });
    hook = await receiver();
  });
  after(async () => {
    await worker.stop();
    await timeoutWorker.stop();
    hook.close();
    await t.close();
  });

  const watch = async (identifier: string, path: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.testKey),
      payload: { entities: [identifier], events: ['name_change'], webhook_url: `${hook.base}${path}` },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { subscription: { id: string }; secret: string };
  };
  const fire = async (identifier: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sandbox/events',
      headers: bearer(account.testKey),
      payload: { identifier, type: 'name_change' },
    });
    assert.equal(res.statusCode, 201, res.body);
  };
  const changes = async (identifier: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/v1/entity/${identifier}/changes?since=1970-01-01T00:00:00Z`,
        headers: bearer(account.testKey),
      })
    ).json().changes as Array<{
      event_id: string;
      delivery_status: string;
      response_code: number | null;
      attempts: number;
      payload: string;
    }>;

  it('delivers a signed webhook that standardwebhooks verifies, with the polling entry marked delivered', async () => {
    const { secret } = await watch('44600110236', '/ok');
    await fire('44600110236');
    await worker.drain();
    const got = hook.received.filter((r) => r.path === '/ok');
    assert.equal(got.length, 1);
    const [delivery] = got;
    assert.ok(delivery);
    const verified = new Webhook(secret).verify(delivery.body, delivery.headers) as {
      id: string;
      type: string;
    };
    assert.equal(verified.type, 'name_change');
    assert.equal(delivery.headers['webhook-id'], verified.id);
    assert.match(delivery.headers['user-agent'] ?? '', /^aevs-webhooks\//);
    const [entry] = await changes('44600110236');
    assert.deepEqual(
      [entry?.event_id, entry?.delivery_status, entry?.response_code, entry?.attempts],
      [verified.id, 'delivered', 200, 1],
    );
    assert.equal(entry?.payload, delivery.body, 'polling returns the exact body that was sent');
  });

  it('retries a 500 on the schedule with the same webhook-id and a fresh signature', async () => {
    await watch('37600120367', '/flaky');
    await fire('37600120367');
    await worker.drain();
    const got = hook.received.filter((r) => r.path === '/flaky');
    assert.equal(got.length, 2);
    assert.equal(got[0]?.headers['webhook-id'], got[1]?.headers['webhook-id']);
    const [entry] = await changes('37600120367');
    assert.deepEqual([entry?.delivery_status, entry?.response_code, entry?.attempts], ['delivered', 200, 2]);
    assert.equal(hook.sent(entry?.event_id), entry?.attempts, 'attempts shown = requests received');
  });

  it('counts a redirect, a timeout and a refused connection as failed attempts, then fails', async () => {
    await watch('30600130498', '/redirect');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.testKey),
      payload: {
        entities: ['51600181191'],
        events: ['name_change'],
        webhook_url: `http://127.0.0.1:${port}/gone`,
      },
    });
    assert.equal(refused.statusCode, 201);
    for (const id of ['30600130498', '51600181191']) await fire(id);
    await worker.drain();
    // An endpoint that never answers reaches the timeout on any machine, however busy.
    await watch('59600191320', '/hang');
    await fire('59600191320');
    await timeoutWorker.drain();
    const expectations: Array<[string, number | null]> = [
      ['30600130498', 302],
      ['59600191320', null],
      ['51600181191', null],
    ];
    for (const [id, code] of expectations) {
      const [entry] = await changes(id);
      assert.deepEqual(
        [entry?.delivery_status, entry?.attempts, entry?.response_code],
        ['failed', 3, code],
        id,
      );
      if (id !== '51600181191')
        assert.equal(hook.sent(entry?.event_id), 3, `${id}: each attempt was a request`);
    }
    assert.equal(
      hook.received.filter((r) => r.path === '/redirect').length,
      3,
      'the redirect is not followed',
    );
  });

  it('signs with the new secret at once after a roll', async () => {
    const { subscription, secret } = await watch('50600282442', '/ok');
    const rolled = (
      await t.app.inject({
        method: 'POST',
        url: `/v1/watch/${subscription.id}/roll`,
        headers: bearer(account.testKey),
      })
    ).json().secret as string;
    await fire('50600282442');
    await worker.drain();
    const last = hook.received.filter((r) => r.path === '/ok').at(-1);
    assert.ok(last);
    assert.doesNotThrow(() => new Webhook(rolled).verify(last.body, last.headers));
    assert.throws(() => new Webhook(secret).verify(last.body, last.headers));
  });

  it('sends nothing for a paused subscription until it is resumed', async () => {
    const { subscription } = await watch('43600292573', '/ok');
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/watch/${subscription.id}`,
      headers: bearer(account.testKey),
      payload: { status: 'paused' },
    });
    const before = hook.received.length;
    await fire('43600292573');
    await worker.drain();
    assert.equal(hook.received.length, before);
    assert.equal((await changes('43600292573'))[0]?.delivery_status, 'paused');
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/watch/${subscription.id}`,
      headers: bearer(account.testKey),
      payload: { status: 'active' },
    });
    await worker.drain();
    assert.equal(hook.received.length, before + 1);
    assert.equal((await changes('43600292573'))[0]?.delivery_status, 'delivered');
  });

  it('a pause or a delete during an attempt shows at once, not as pending until the retry', async () => {
    // Retries an hour apart: without settling, the failed attempt would read `pending` for that hour.
    const hourly = new DeliveryWorker({
      store: t.store,
      log: t.app.log,
      config: { ...t.config, webhookRetrySchedule: [3600] },
      pollMs: 60_000,
    });
    try {
      for (const [identifier, change, expected] of [
        ['46600221663', { method: 'PATCH', payload: { status: 'paused' } }, 'paused'],
        ['39600231794', { method: 'DELETE' }, 'failed'],
      ] as const) {
        const { subscription } = await watch(identifier, '/held-fail');
        await fire(identifier);
        const drained = hourly.drain();
        // The attempt is under way, and its answer (a 500) waits until the change has landed.
        await until(() => hook.holding() === 1);
        const res = await t.app.inject({
          method: change.method,
          url: `/v1/watch/${subscription.id}`,
          headers: bearer(account.testKey),
          ...('payload' in change ? { payload: change.payload } : {}),
        });
        assert.equal(res.statusCode, 200, res.body);
        hook.release();
        await drained;
        const [entry] = await changes(identifier);
        assert.deepEqual([entry?.delivery_status, entry?.attempts, entry?.response_code], [expected, 1, 500]);
      }
    } finally {
      await hourly.stop();
    }
  });

  it('a delivery is parked only while the store says paused: a resume just before the park wins', async () => {
    const { subscription } = await watch('47600241923', '/ok');
    await fire('47600241923');
    // Event times are unique, so a new one may sit a moment past the store's clock: wait until due.
    let claimed: Awaited<ReturnType<typeof claimDue>>[number] | undefined;
    for (let i = 0; i < 100 && !claimed; i++) {
      const all = await claimDue(t.db, 60, 1000);
      claimed = all.find((d) => d.subscription_id === subscription.id);
      // Other tests' deliveries go straight back: this test holds only its own.
      for (const d of all) if (d !== claimed) await releaseClaim(t.db, d.id, d.claim_token);
      if (!claimed) await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(claimed, 'the delivery is leased, as a worker holds it');
    const status = (s: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/watch/${subscription.id}`,
        headers: bearer(account.testKey),
        payload: { status: s },
      });
    // The worker read the subscription as paused; before it parks the delivery, a resume lands.
    await status('paused');
    await status('active');
    assert.equal(await settleForSubscription(t.db, claimed.id, claimed.claim_token), false, 'not parked');
    await status('paused');
    assert.equal(
      await settleForSubscription(t.db, claimed.id, claimed.claim_token),
      true,
      'parked while paused',
    );
    assert.equal((await changes('47600241923'))[0]?.delivery_status, 'paused');
    await status('active');
    await worker.drain();
    assert.equal((await changes('47600241923'))[0]?.delivery_status, 'delivered');
  });

  it('two workers on one store send each delivery once', async () => {
    await watch('56600252051', '/ok');
    for (let i = 0; i < 40; i++) await fire('56600252051');
    const second = new DeliveryWorker({
      store: t.store,
      log: t.app.log,
      config: t.config,
      pollMs: 60_000,
      concurrency: 4,
    });
    const before = hook.received.length;
    await Promise.all([worker.drain(), second.drain()]);
    await second.stop();
    const ids = hook.received.slice(before).map((r) => r.headers['webhook-id']);
    assert.equal(ids.length, 40);
    assert.equal(new Set(ids).size, 40, 'no delivery sent twice');
  });

  it('a slow endpoint does not hold up the others', async () => {
    const slowWorker = new DeliveryWorker({
      store: t.store,
      log: t.app.log,
      config: t.config,
      pollMs: 60_000,
      concurrency: 4,
    });
    await watch('62600262235', '/held-ok');
    await watch('55600272366', '/ok');
    await fire('62600262235');
    for (let i = 0; i < 5; i++) await fire('55600272366');
    const before = hook.received.length;
    const drained = slowWorker.drain();
    // The slow endpoint has not answered (it answers only when released) while the other is served.
    await until(() => hook.received.slice(before).filter((r) => r.path === '/ok').length === 5);
    assert.equal(hook.holding(), 1, 'the slow endpoint is still answering');
    hook.release();
    await drained;
    await slowWorker.stop();
    const [slow] = await changes('62600262235');
    assert.deepEqual([slow?.delivery_status, slow?.attempts], ['delivered', 1]);
  });

  it('a delivery claimed before a roll but sent after it is signed with the new secret', async () => {
    // One slot, held by a slow endpoint: the second delivery is claimed and waits in the worker's queue.
    const queued = new DeliveryWorker({
      store: t.store,
      log: t.app.log,
      config: t.config,
      pollMs: 20,
      concurrency: 1,
    });
    await watch('48600140672', '/held-ok');
    const { subscription, secret } = await watch('58600171060', '/ok');
    await fire('48600140672');
    await fire('58600171060');
    const before = hook.received.length;
    queued.start();
    try {
      const claimed = async () =>
        (
          await t.db.get<{ n: number }>(
            'SELECT COUNT(*) AS n FROM deliveries WHERE subscription_id = ? AND locked_until IS NOT NULL',
            [subscription.id],
          )
        )?.n;
      await until(async () => hook.holding() === 1 && Number(await claimed()) === 1);
      // A subscription read with a claim serves it for 50 ms; this one waits in the queue longer.
      await new Promise((r) => setTimeout(r, 100));
      const rolled = (
        await t.app.inject({
          method: 'POST',
          url: `/v1/watch/${subscription.id}/roll`,
          headers: bearer(account.testKey),
        })
      ).json().secret as string;
      hook.release();
      await until(() => hook.received.slice(before).some((r) => r.path === '/ok'));
      const sent = hook.received.slice(before).find((r) => r.path === '/ok');
      assert.ok(sent, 'sent once the slot was free');
      assert.doesNotThrow(() => new Webhook(rolled).verify(sent.body, sent.headers));
      assert.throws(() => new Webhook(secret).verify(sent.body, sent.headers));
    } finally {
      await queued.stop();
    }
  });

  it('an answer longer than 64 KB still delivers on its status; one that never ends is a timeout', async () => {
    await watch('60600201401', '/big');
    await fire('60600201401');
    await worker.drain();
    const [big] = await changes('60600201401');
    assert.deepEqual([big?.delivery_status, big?.response_code, big?.attempts], ['delivered', 200, 1]);
    // Headers at once, then a byte now and then, forever: only the attempt's timeout can end it.
    await watch('53600211532', '/trickle');
    await fire('53600211532');
    await timeoutWorker.drain();
    const [trickle] = await changes('53600211532');
    assert.deepEqual([trickle?.delivery_status, trickle?.attempts], ['failed', 3]);
    assert.equal(hook.sent(trickle?.event_id), 3);
  });
});
