import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

// README "Watches and webhooks": webhook_url is checked at create, at PATCH and on every delivery.
const PUBLIC_HOOK = 'https://93.184.216.34/aevs'; // a public IP literal: no DNS needed to allow it
const REFUSED = [
  'http://169.254.169.254/latest',
  'https://169.254.169.254/latest',
  'https://127.0.0.1/x',
  'https://10.1.2.3/x',
  'https://[::1]/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://localhost/x',
  'http://93.184.216.34/aevs', // public, but not https
];

type Subscription = { webhook_url: string; events: string[]; status: string };

async function createWatch(t: TestApp, key: string, webhookUrl: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/watch',
    headers: bearer(key),
    payload: { entities: ['44600110236'], events: ['name_change'], webhook_url: webhookUrl },
  });
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { subscription: { id: string } }).subscription.id;
}

const patch = (t: TestApp, key: string, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/v1/watch/${id}`, headers: bearer(key), payload });

describe('the webhook URL check at PATCH', () => {
  let t: TestApp;
  let account: TestAccount;
  before(async () => {
    t = await startTestApp();
    account = await t.newAccount();
  });
  after(() => t.close());

  const read = async (id: string) =>
    (
      (
        await t.app.inject({ method: 'GET', url: `/v1/watch/${id}`, headers: bearer(account.testKey) })
      ).json() as { subscription: Subscription }
    ).subscription;

  it('refuses an internal or non-https webhook_url with 400 webhook_url and changes nothing', async () => {
    const id = await createWatch(t, account.testKey, PUBLIC_HOOK);
    const unchanged = await read(id);
    assert.equal(unchanged.webhook_url, PUBLIC_HOOK);
    for (const url of REFUSED) {
      // The other fields ride along: a refused PATCH applies none of them.
      const res = await patch(t, account.testKey, id, {
        webhook_url: url,
        events: ['deregistration'],
        status: 'paused',
      });
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      const { error } = res.json() as { error: { type: string; code: string; param: string } };
      assert.deepEqual(
        [error.type, error.code, error.param],
        ['invalid_request', 'webhook_url', 'webhook_url'],
      );
      assert.deepEqual(await read(id), unchanged, url);
    }
  });

  it('accepts a public https webhook_url at PATCH', async () => {
    const id = await createWatch(t, account.testKey, PUBLIC_HOOK);
    const next = 'https://93.184.216.35/aevs';
    const res = await patch(t, account.testKey, id, { webhook_url: next });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await read(id)).webhook_url, next);
  });
});

describe('the webhook URL check at PATCH with AEVS_ALLOW_PRIVATE_WEBHOOKS=1', () => {
  it('accepts a loopback http webhook_url, for local development', async () => {
    const t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    try {
      const account = await t.newAccount();
      const id = await createWatch(t, account.testKey, PUBLIC_HOOK);
      const res = await patch(t, account.testKey, id, { webhook_url: 'http://127.0.0.1:9/hook' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(
        (res.json() as { subscription: Subscription }).subscription.webhook_url,
        'http://127.0.0.1:9/hook',
      );
    } finally {
      await t.close();
    }
  });
});
