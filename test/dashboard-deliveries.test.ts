import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { DeliveryWorker } from '../src/watch/delivery-worker.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';
import { switchableReceiver } from './helpers/webhook-receiver.ts';

type Entry = {
  event_id: string;
  delivery_status: string;
  attempts: number;
  response_code: number | null;
  created_at: string;
  next_attempt_at: string | null;
  entity: { abn: string | null; acn: string | null };
};

describe('deliveries of a subscription: list and resend', () => {
  let t: TestApp;
  let account: TestAccount;
  let other: TestAccount;
  let worker: DeliveryWorker;
  let hook: Awaited<ReturnType<typeof switchableReceiver>>;
  let subscriptionId: string;

  before(async () => {
    t = await startTestApp({
      env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1', AEVS_WEBHOOK_RETRY_SCHEDULE: '0' },
    });
    account = await t.newAccount();
    other = await t.newAccount('another');
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
    worker = new DeliveryWorker({ store: t.store, log: t.app.log, config: t.config, pollMs: 60_000 });
    hook = await switchableReceiver();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.testKey),
      payload: { entities: ['44600110236'], events: ['name_change'], webhook_url: hook.url },
    });
    assert.equal(created.statusCode, 201, created.body);
    subscriptionId = created.json().subscription.id;
    for (let i = 0; i < 3; i++) {
      const fired = await t.app.inject({
        method: 'POST',
        url: '/v1/sandbox/events',
        headers: bearer(account.testKey),
        payload: { identifier: '44600110236', type: 'name_change' },
      });
      assert.equal(fired.statusCode, 201, fired.body);
    }
    await worker.drain();
  });
  after(async () => {
    await worker.stop();
    hook.close();
    await t.close();
  });

  const list = (query = '', key = account.testKey, id = subscriptionId) =>
    t.app.inject({ method: 'GET', url: `/v1/watch/${id}/deliveries${query}`, headers: bearer(key) });
  const resend = (eventId: string, key = account.testKey, id = subscriptionId) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/watch/${id}/deliveries/${eventId}/resend`,
      headers: bearer(key),
    });

  it('lists deliveries newest first, a page at a time', async () => {
    const first = await list('?limit=2');
    assert.equal(first.statusCode, 200, first.body);
    const page1 = first.json() as { data: Entry[]; next_cursor: string | null };
    assert.equal(page1.data.length, 2);
    assert.ok(page1.next_cursor);
    const second = (await list(`?limit=2&cursor=${page1.next_cursor}`)).json() as {
      data: Entry[];
      next_cursor: string | null;
    };
    assert.equal(second.data.length, 1);
    assert.equal(second.next_cursor, null);
    const all = [...page1.data, ...second.data];
    const times = all.map((e) => e.created_at);
    assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
    assert.equal(new Set(all.map((e) => e.event_id)).size, 3);
    for (const e of all) {
      assert.equal(e.delivery_status, 'failed');
      assert.equal(e.attempts, 2, 'the first attempt and one retry');
      assert.equal(e.response_code, 500);
      assert.equal(e.entity.abn, '44600110236');
      assert.equal(e.next_attempt_at, null);
    }
  });

  it('refuses a cursor it did not give and a limit out of range', async () => {
    const bad = await list('?cursor=nonsense');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().error.param, 'cursor');
    assert.equal((await list('?limit=0')).statusCode, 400);
  });

  it('resends a failed delivery with the same webhook-id, once', async () => {
    const [latest] = ((await list('?limit=1')).json() as { data: Entry[] }).data;
    assert.ok(latest);
    const sentBefore = hook.ids.filter((id) => id === latest.event_id).length;
    const res = await resend(latest.event_id);
    assert.equal(res.statusCode, 200, res.body);
    const { delivery } = res.json() as { delivery: Entry };
    assert.equal(delivery.delivery_status, 'pending');
    assert.equal(delivery.event_id, latest.event_id);
    assert.ok(delivery.next_attempt_at);

    const again = await resend(latest.event_id);
    assert.equal(again.statusCode, 409, 'a pending delivery is not resent');
    assert.equal(again.json().error.code, 'not_failed');

    hook.accept();
    await worker.drain();
    assert.equal(hook.ids.filter((id) => id === latest.event_id).length, sentBefore + 1);
    const [after] = ((await list('?limit=1')).json() as { data: Entry[] }).data;
    assert.deepEqual(
      [after?.event_id, after?.delivery_status, after?.attempts, after?.response_code],
      [latest.event_id, 'delivered', 3, 200],
    );
    const delivered = await resend(latest.event_id);
    assert.equal(delivered.statusCode, 409, 'a delivered delivery is not resent');
  });

  it('keeps a resent delivery paused while its subscription is paused', async () => {
    const { data } = (await list()).json() as { data: Entry[] };
    const failed = data.find((e) => e.delivery_status === 'failed');
    assert.ok(failed);
    const patch = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/watch/${subscriptionId}`,
        headers: bearer(account.testKey),
        payload: { status },
      });
    assert.equal((await patch('paused')).statusCode, 200);
    const res = await resend(failed.event_id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().delivery.delivery_status, 'paused');
    assert.equal((await patch('active')).statusCode, 200);
    await worker.drain();
    const entry = ((await list()).json() as { data: Entry[] }).data.find(
      (e) => e.event_id === failed.event_id,
    );
    assert.equal(entry?.delivery_status, 'delivered');
  });

  it("answers 404 for another account's subscription, the other partition and an unknown delivery", async () => {
    const [entry] = ((await list('?limit=1')).json() as { data: Entry[] }).data;
    assert.ok(entry);
    assert.equal((await list('', other.testKey)).statusCode, 404);
    assert.equal((await resend(entry.event_id, other.testKey)).statusCode, 404);
    assert.equal((await list('', account.liveKey)).statusCode, 404, 'live keys see live subscriptions only');
    assert.equal((await list('', account.testKey, 'wsub_nope')).statusCode, 404);
    const unknown = await resend('evt_nope');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error.param, 'event_id');
    assert.equal((await list('', 'svc_sk_test_wrong')).statusCode, 401);
  });
});
