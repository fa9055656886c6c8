import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import { type AevsClient, createAevsClient } from '../client/aevs-client.ts';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

describe('a client generated from the served document works against the running server', () => {
  let t: TestApp;
  let account: TestAccount;
  let base: string;
  let aevs: AevsClient;
  before(async () => {
    t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    account = await t.newAccount();
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    aevs = createAevsClient({ baseUrl: base, key: account.testKey });
  });
  after(() => t.close());

  it('its types are those of the document the server serves', async () => {
    const served = await (await fetch(`${base}/v1/openapi.json`)).text();
    const committed = readFileSync(new URL('../client/schema.d.ts', import.meta.url), 'utf8');
    assert.ok(committed.endsWith(astToString(await openapiTS(served))), 'npm run openapi regenerates it');
  });

  it('resolves an ABN written with spaces to the canonical record', async () => {
    const { data, error, response } = await aevs.POST('/v1/resolve', { body: { abn: '44 600 110 236' } });
    assert.equal(response.status, 200, JSON.stringify(error));
    const candidate = data?.candidates[0];
    assert.equal(candidate?.canonical.abn.value, '44600110236');
    assert.equal(candidate?.canonical.acn.value, '600110236');
    assert.equal(candidate?.match_confidence, 100);
    assert.equal(response.headers.get('ratelimit-limit'), String(t.config.rateLimitPerMinute));
  });

  it('reads a refusal as the error envelope', async () => {
    const { data, error, response } = await aevs.POST('/v1/resolve', { body: { abn: '51824753565' } });
    assert.equal(response.status, 400);
    assert.equal(data, undefined);
    assert.equal(error?.error.type, 'invalid_request');
    assert.equal(error?.error.code, 'checksum');
    assert.match(error?.error.request_id ?? '', /^req_/);
  });

  it('does not compile a body with two of abn, acn and name', async () => {
    const { response } = await aevs.POST('/v1/resolve', {
      // @ts-expect-error the document says exactly one of abn, acn or name
      body: { abn: '44600110236', name: 'SANDBOX ACTIVE HOLDINGS PTY LTD' },
    });
    assert.equal(response.status, 400);
  });

  it('screens a name against the lists', async () => {
    const { data, response } = await aevs.POST('/v1/screen', { body: { name: 'Sandbox North Trading Co' } });
    assert.equal(response.status, 200);
    assert.equal(data?.overall, 'review');
    assert.equal(data?.results.dfat_sanctions.status, 'review');
    assert.ok(data?.results.dfat_sanctions.matches.some((m) => m.reference === '9001'));
  });

  it('validates an ABN in the path, spaces and all', async () => {
    const { data } = await aevs.GET('/v1/validate/{identifier}', {
      params: { path: { identifier: '49 004 028 077' } },
    });
    assert.deepEqual(data, {
      identifier_type: 'abn',
      input: '49 004 028 077',
      normalized: '49004028077',
      valid: true,
    });
  });

  it('creates a watch and finds it in the list, without its secret', async () => {
    const created = await aevs.POST('/v1/watch', {
      body: {
        entities: ['44 600 110 236'],
        events: ['name_change', 'deregistration'],
        webhook_url: 'http://127.0.0.1:9/aevs',
      },
    });
    assert.equal(created.response.status, 201, JSON.stringify(created.error));
    const subscription = created.data?.subscription;
    assert.match(created.data?.secret ?? '', /^whsec_/);
    assert.deepEqual(subscription?.entities, [{ identifier: '44600110236', id_type: 'abn' }]);

    const listed = await aevs.GET('/v1/watch', { params: { query: { limit: 10 } } });
    assert.equal(listed.response.status, 200);
    assert.deepEqual(
      listed.data?.data.map((s) => s.id),
      [subscription?.id],
    );
    assert.equal(listed.data?.next_cursor, null);
    assert.ok(!JSON.stringify(listed.data).includes('whsec_'));
  });
});
