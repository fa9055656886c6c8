import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { startServerProcess } from './helpers/process.ts';
import { storeEnv, type TestStoreSettings, testStoreSettings } from './helpers/store.ts';

const ENTITY = '44600110236';

describe('a server killed mid-delivery loses no event', () => {
  let store: TestStoreSettings;
  before(async () => {
    store = await testStoreSettings();
  });
  after(() => store.cleanup());

  it('resumes after SIGKILL: every event is delivered (verified) or visible by polling', async (t) => {
    // The receiver holds every request open until told to answer, so deliveries are in flight when the server dies.
    let answering = false;
    const held: Array<() => void> = [];
    const got = new Map<string, number>();
    let secret = '';
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const reply = () => {
          try {
            const event = new Webhook(secret).verify(body, req.headers as Record<string, string>) as {
              id: string;
            };
            got.set(event.id, (got.get(event.id) ?? 0) + 1);
            res.writeHead(200).end();
          } catch {
            res.writeHead(400).end();
          }
        };
        if (answering) reply();
        else held.push(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const env = {
      ...storeEnv(store),
      AEVS_ALLOW_PRIVATE_WEBHOOKS: '1',
      AEVS_WEBHOOK_TIMEOUT_MS: '1500',
      AEVS_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
    };

    const first = await startServerProcess(env);
    // Whatever happens, no server process or receiver outlives the test.
    t.after(() => {
      first.child.kill('SIGKILL');
      receiver.close();
    });
    const key = /svc_sk_test_[0-9A-Za-z]+/.exec(first.stdout())?.[0] ?? '';
    const api = (base: string, path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      });
    for (let i = 0; i < 50 && (await (await fetch(`${first.baseUrl}/readyz`)).status) !== 200; i++)
      await new Promise((r) => setTimeout(r, 200));
    const created = (await (
      await api(first.baseUrl, '/v1/watch', {
        method: 'POST',
        body: JSON.stringify({ entities: [ENTITY], events: ['name_change'], webhook_url: hookUrl }),
      })
    ).json()) as { secret: string };
    secret = created.secret;
    const events: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = (await (
        await api(first.baseUrl, '/v1/sandbox/events', {
          method: 'POST',
          body: JSON.stringify({ identifier: ENTITY, type: 'name_change' }),
        })
      ).json()) as { deliveries: number };
      assert.equal(r.deliveries, 1);
    }
    // Wait until attempts are in flight, then kill the process without a chance to clean up.
    for (let i = 0; i < 50 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(held.length > 0, 'deliveries were in flight');
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    for (const drop of held.splice(0)) drop();

    answering = true;
    const second = await startServerProcess(env);
    t.after(() => second.child.kill('SIGKILL'));
    try {
      let changes: Array<{ event_id: string; delivery_status: string }> = [];
      for (let i = 0; i < 150; i++) {
        changes = (
          (await (
            await api(second.baseUrl, `/v1/entity/${ENTITY}/changes?since=1970-01-01T00:00:00Z&limit=200`)
          ).json()) as { changes: typeof changes }
        ).changes;
        if (changes.length === 20 && changes.every((c) => c.delivery_status === 'delivered')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      events.push(...changes.map((c) => c.event_id));
      assert.equal(events.length, 20, 'every event is visible by polling');
      assert.deepEqual(
        changes.map((c) => c.delivery_status),
        Array(20).fill('delivered'),
      );
      for (const id of events) assert.ok(got.has(id), `${id} reached the receiver, verified`);
    } finally {
      await second.stop();
      receiver.close();
    }
  });
});
