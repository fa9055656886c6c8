import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Webhook } from 'standardwebhooks';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { DeliveryWorker } from '../src/watch/delivery-worker.ts';
import { startAbrFake } from './helpers/abr-fake.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

const SANDBOX_ABN = '44600110236'; // company_active
const ATO_ABN = '51824753556'; // answered by the loopback ABR web service for live keys

type Rest = { statusCode: number; json: () => unknown };

/** The REST answer and the tool's answer for the same query are the same JSON (the request id aside). */
function assertSame(result: CallToolResult, rest: Rest) {
  const text = (result.content[0] as { type: string; text: string }).text;
  if (rest.statusCode < 300) {
    assert.ok(!result.isError, `tool failed where REST answered ${rest.statusCode}: ${text}`);
    assert.deepEqual(result.structuredContent, rest.json());
    assert.deepEqual(JSON.parse(text), rest.json(), 'the text content is the same JSON');
    return;
  }
  assert.equal(result.isError, true, `tool succeeded where REST answered ${rest.statusCode}`);
  assert.equal(result.structuredContent, undefined);
  const envelope = JSON.parse(text) as { error: { request_id: string } };
  const restEnvelope = rest.json() as { error: { request_id: string } };
  assert.match(envelope.error.request_id, /^req_/);
  assert.deepEqual(
    { error: { ...envelope.error, request_id: 'x' } },
    { error: { ...restEnvelope.error, request_id: 'x' } },
  );
}

describe('MCP tool server at /mcp', () => {
  let t: TestApp;
  let mine: TestAccount;
  let theirs: TestAccount;
  let base: string;
  let abr: Awaited<ReturnType<typeof startAbrFake>>;
  const clients: Client[] = [];

  before(async () => {
    abr = await startAbrFake();
    t = await startTestApp({
      env: { AEVS_ABR_GUID: '11111111-2222-3333-4444-555555555555', AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' },
      deps: { abrBaseUrl: abr.url },
    });
    mine = await t.newAccount('mine');
    theirs = await t.newAccount('theirs');
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
    await abr.close();
  });

  /** A stock SDK client with only the URL and a bearer header. */
  const connect = async (key: string) => {
    const client = new Client({ name: 'aevs-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    // Listing the tools makes the client check every result against the tool's output schema.
    await client.listTools();
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const rest = async (key: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });

  it('lists exactly the six tools, with schemas and annotations, and none takes an account', async () => {
    const client = await connect(mine.testKey);
    assert.equal(client.getServerVersion()?.name, 'aevs');
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      'list_watches',
      'resolve_entity',
      'screen_entity',
      'validate_abn',
      'validate_acn',
      'watch_entity',
    ]);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.ok(tool.outputSchema?.properties, `${tool.name}: the output schema's fields are at its root`);
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        assert.ok((property as { description?: string }).description, `${tool.name}.${name} is described`);
      }
      assert.ok((tool.description ?? '').length > 80, `${tool.name} explains itself`);
      assert.equal(tool.annotations?.readOnlyHint, tool.name !== 'watch_entity', tool.name);
      const args = Object.keys(tool.inputSchema.properties ?? {});
      assert.ok(!args.some((a) => /account/i.test(a)), `${tool.name} takes no account argument`);
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    assert.equal(byName.get('resolve_entity')?.annotations?.openWorldHint, true);
    assert.equal(byName.get('validate_abn')?.annotations?.openWorldHint, false);
    assert.match(byName.get('screen_entity')?.description ?? '', /not a clearance/);
    assert.match(byName.get('resolve_entity')?.description ?? '', /advisory/);
  });

  it('resolve_entity answers as POST /v1/resolve, for good and bad arguments', async () => {
    const client = await connect(mine.testKey);
    const queries: Record<string, unknown>[] = [
      { abn: SANDBOX_ABN },
      { acn: '600110236', include: ['licences'] },
      { name: 'sandbox active holdings' },
      { name: 'sandbox', state: 'NSW', mode: 'exact' },
      { abn: '51824753565' }, // check digits wrong
      { abn: SANDBOX_ABN, name: 'both' },
      {},
      { abn: SANDBOX_ABN, account_id: 'acct_other' },
      { name: 'x', state: 'XX' },
    ];
    for (const args of queries) {
      assertSame(
        await call(client, 'resolve_entity', args),
        await rest(mine.testKey, 'POST', '/v1/resolve', args),
      );
    }
    const found = await call(client, 'resolve_entity', { abn: SANDBOX_ABN });
    const candidates = (
      found.structuredContent as { candidates: { canonical: { abn: { value: string } } }[] }
    ).candidates;
    assert.equal(candidates[0]?.canonical.abn.value, SANDBOX_ABN);
  });

  it('screen_entity answers as POST /v1/screen, for good and bad arguments', async () => {
    const client = await connect(mine.testKey);
    const queries: Record<string, unknown>[] = [
      { name: 'Sandbox Northern Trading Co' },
      { abn: SANDBOX_ABN },
      { name: 'Alex Sandpiper', entity_type: 'individual', date_of_birth: '1980' },
      { name: 'a', abn: SANDBOX_ABN },
      { name: '' },
      { acn: '12345' },
    ];
    for (const args of queries) {
      assertSame(
        await call(client, 'screen_entity', args),
        await rest(mine.testKey, 'POST', '/v1/screen', args),
      );
    }
    const review = await call(client, 'screen_entity', { name: 'Sandbox Northern Trading Co' });
    assert.equal((review.structuredContent as { overall: string }).overall, 'review');
  });

  it('validate_abn and validate_acn answer as GET /v1/validate, and hold to their kind', async () => {
    const client = await connect(mine.liveKey);
    const cases: [string, string, string][] = [
      ['validate_abn', 'abn', '49 004 028 077'],
      ['validate_abn', 'abn', '51824753565'],
      ['validate_acn', 'acn', '004 028 077'],
      ['validate_acn', 'acn', '004028078'],
    ];
    for (const [tool, arg, value] of cases) {
      assertSame(
        await call(client, tool, { [arg]: value }),
        await rest(mine.liveKey, 'GET', `/v1/validate/${encodeURIComponent(value)}`),
      );
    }
    // A wrong length or a letter is the same `format` error as REST, named by the tool's argument.
    const format = await call(client, 'validate_abn', { abn: '12345' });
    const restFormat = (await rest(mine.liveKey, 'GET', '/v1/validate/12345')).json() as {
      error: Record<string, unknown>;
    };
    assert.equal(format.isError, true);
    const envelope = JSON.parse((format.content[0] as { text: string }).text) as {
      error: Record<string, unknown>;
    };
    assert.deepEqual(
      { ...envelope.error, request_id: 'x' },
      { ...restFormat.error, param: 'abn', request_id: 'x' },
    );
    // An ACN given to validate_abn (and the reverse) is refused rather than validated as the other kind.
    for (const [tool, args, hint] of [
      ['validate_abn', { abn: '004028077' }, /validate_acn/],
      ['validate_acn', { acn: '49004028077' }, /validate_abn/],
    ] as const) {
      const result = await call(client, tool, args);
      assert.equal(result.isError, true);
      const { error } = JSON.parse((result.content[0] as { text: string }).text) as {
        error: { type: string; code: string; message: string };
      };
      assert.deepEqual([error.type, error.code], ['invalid_request', 'format']);
      assert.match(error.message, hint);
    }
    const missing = await call(client, 'validate_acn', {});
    assert.equal(missing.isError, true);
    assert.match((missing.content[0] as { text: string }).text, /"param":"acn"/);
  });

  it('takes identifiers as whole JSON numbers too, as the MCP Inspector sends them; REST stays strings', async () => {
    const own = await t.newAccount('numbers'); // its watch must not show in the other tests' lists
    const client = await connect(own.testKey);
    // A number answers exactly as its digits as a string do over REST.
    for (const [tool, args, method, url, payload] of [
      ['validate_abn', { abn: 49004028077 }, 'GET', '/v1/validate/49004028077', undefined],
      ['validate_acn', { acn: 600110236 }, 'GET', '/v1/validate/600110236', undefined],
      ['resolve_entity', { abn: 44600110236 }, 'POST', '/v1/resolve', { abn: '44600110236' }],
      ['resolve_entity', { acn: 600110236 }, 'POST', '/v1/resolve', { acn: '600110236' }],
      ['screen_entity', { abn: 44600110236 }, 'POST', '/v1/screen', { abn: '44600110236' }],
    ] as const) {
      assertSame(await call(client, tool, args), await rest(own.testKey, method, url, payload));
    }
    const resolved = await call(client, 'resolve_entity', { abn: 44600110236 });
    assert.equal(
      (resolved.structuredContent as { candidates: unknown[] }).candidates.length,
      1,
      'found, not an empty answer',
    );
    const watched = await call(client, 'watch_entity', {
      entities: [44600110236, '600110236'],
      events: ['name_change'],
      webhook_url: 'http://127.0.0.1:9/hook',
    });
    assert.ok(!watched.isError, JSON.stringify(watched.content));
    assert.deepEqual(
      (watched.structuredContent as { subscription: { entities: unknown[] } }).subscription.entities,
      [
        { identifier: '44600110236', id_type: 'abn' },
        { identifier: '600110236', id_type: 'acn' },
      ],
    );

    // An ACN that starts with 0 loses it as a number: refused as `format`, saying why.
    const errorOf = (result: CallToolResult) => {
      assert.equal(result.isError, true);
      return JSON.parse((result.content[0] as { text: string }).text).error as {
        type: string;
        code: string;
        message: string;
        param: string;
      };
    };
    for (const [tool, args, param] of [
      ['validate_acn', { acn: 4028077 }, 'acn'],
      ['resolve_entity', { acn: 4028077 }, 'acn'],
      [
        'watch_entity',
        {
          entities: ['44600110236', 4028077],
          events: ['name_change'],
          webhook_url: 'http://127.0.0.1:9/hook',
        },
        'entities.1',
      ],
    ] as const) {
      const error = errorOf(await call(client, tool, args));
      assert.equal(error.type, 'invalid_request', tool);
      assert.equal(error.param, param, tool);
      assert.match(error.message, /came as the number 4028077.*send ABNs and ACNs as strings/, tool);
    }
    // Only whole, non-negative numbers are read as digits.
    for (const abn of [44600110236.5, -44600110236]) {
      const error = errorOf(await call(client, 'validate_abn', { abn }));
      assert.deepEqual([error.code, error.param], ['invalid_body', 'abn']);
      assert.doesNotMatch(error.message, /came as the number/);
    }
    // The REST API's schemas are unchanged: a number there is still a 400.
    const restNumber = await rest(own.testKey, 'POST', '/v1/resolve', { abn: 44600110236 });
    assert.equal(restNumber.statusCode, 400);
  });

  it('a test key sees the sandbox fixtures and a live key the live registers, never the other', async () => {
    const test = await connect(mine.testKey);
    const live = await connect(mine.liveKey);
    const names = async (client: Client, abn: string) => {
      const result = await call(client, 'resolve_entity', { abn });
      assert.ok(!result.isError, JSON.stringify(result.content));
      return (
        result.structuredContent as { candidates: { canonical: { entity_name: { value: string } } }[] }
      ).candidates.map((c) => c.canonical.entity_name.value);
    };
    assert.deepEqual(await names(test, SANDBOX_ABN), ['SANDBOX ACTIVE HOLDINGS PTY LTD']);
    assert.deepEqual(await names(test, ATO_ABN), []);
    assert.deepEqual(await names(live, SANDBOX_ABN), []);
    assert.deepEqual(await names(live, ATO_ABN), ['AUSTRALIAN TAXATION OFFICE']);
    for (const [key, abn] of [
      [mine.liveKey, SANDBOX_ABN],
      [mine.liveKey, ATO_ABN],
    ] as const) {
      assertSame(
        await call(live, 'resolve_entity', { abn }),
        await rest(key, 'POST', '/v1/resolve', { abn }),
      );
    }
    // An outage of the live identity source is the REST 502 envelope, as a tool error.
    assertSame(
      await call(live, 'resolve_entity', { abn: '49004028077' }),
      await rest(mine.liveKey, 'POST', '/v1/resolve', { abn: '49004028077' }),
    );
  });

  it('watch_entity returns a secret that signs the webhooks; list_watches shows only the caller’s', async () => {
    const received: { headers: Record<string, string>; body: string }[] = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const worker = new DeliveryWorker({ store: t.store, log: t.app.log, config: t.config, pollMs: 60_000 });
    try {
      const client = await connect(mine.testKey);
      const created = await call(client, 'watch_entity', {
        entities: [SANDBOX_ABN],
        events: ['name_change', 'deregistration'],
        webhook_url: url,
      });
      assert.ok(!created.isError, JSON.stringify(created.content));
      const { subscription, secret } = created.structuredContent as {
        subscription: { id: string; account_id: string };
        secret: string;
      };
      assert.match(secret, /^whsec_/);
      assert.equal(subscription.account_id, mine.id);

      // Theirs, made over REST, must not show up in my list.
      const other = await rest(theirs.testKey, 'POST', '/v1/watch', {
        entities: [SANDBOX_ABN],
        events: ['name_change'],
        webhook_url: url,
      });
      assert.equal(other.statusCode, 201, other.body);

      const listed = await call(client, 'list_watches', {});
      assertSame(listed, await rest(mine.testKey, 'GET', '/v1/watch'));
      assert.deepEqual(
        (listed.structuredContent as { data: { id: string }[] }).data.map((s) => s.id),
        [subscription.id],
      );
      const theirList = await call(await connect(theirs.testKey), 'list_watches', {});
      assert.ok(
        !(theirList.structuredContent as { data: { id: string }[] }).data.some(
          (s) => s.id === subscription.id,
        ),
      );
      // My live partition holds no subscription: the test key's watch lives in the sandbox.
      const liveList = await call(await connect(mine.liveKey), 'list_watches', {});
      assert.deepEqual((liveList.structuredContent as { data: unknown[] }).data, []);

      // Bad arguments are the REST 400s.
      for (const args of [
        { entities: ['44600110237'], events: ['name_change'], webhook_url: url },
        { entities: [SANDBOX_ABN], events: ['nothing'], webhook_url: url },
        { entities: [], events: ['name_change'], webhook_url: url },
        { entities: [SANDBOX_ABN], events: ['name_change'], webhook_url: 'not a url' },
      ]) {
        assertSame(
          await call(client, 'watch_entity', args),
          await rest(mine.testKey, 'POST', '/v1/watch', args),
        );
      }

      const event = await rest(mine.testKey, 'POST', '/v1/sandbox/events', {
        identifier: SANDBOX_ABN,
        type: 'name_change',
      });
      assert.equal(event.statusCode, 201, event.body);
      await worker.drain();
      const mineReceived = received.filter((r) => r.body.includes(subscription.id));
      assert.equal(mineReceived.length, 1);
      const delivery = mineReceived[0] as { headers: Record<string, string>; body: string };
      const verified = new Webhook(secret).verify(delivery.body, delivery.headers) as { type: string };
      assert.equal(verified.type, 'name_change');
      assert.throws(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
          delivery.body,
          delivery.headers,
        ),
      );
    } finally {
      await worker.stop();
      receiver.close();
    }
  });

  it('counts each live tools/call once against the allowance, and test calls not at all', async () => {
    const usage = async () =>
      ((await rest(theirs.liveKey, 'GET', '/v1/usage')).json() as { live_requests: number }).live_requests;
    const before = await usage(); // this request counts itself
    const live = await connect(theirs.liveKey); // initialize and its notification: not tool calls
    await live.listTools();
    await call(live, 'validate_abn', { abn: '49004028077' });
    await call(live, 'validate_acn', { acn: '1' }); // a failed call is still a call
    const test = await connect(theirs.testKey);
    await call(test, 'validate_abn', { abn: '49004028077' });
    assert.equal(await usage(), before + 1 + 2);
  });

  it('refuses at the HTTP layer, in the REST envelope, before any MCP processing', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const post = (headers: Record<string, string>, body: string = JSON.stringify(message)) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body,
      });
    const envelope = async (res: Response) =>
      ((await res.json()) as { error: { type: string; code?: string } }).error;

    const none = await post({});
    assert.equal(none.status, 401);
    assert.equal((await envelope(none)).type, 'authentication_required');
    assert.match(none.headers.get('request-id') ?? '', /^req_/);

    assert.equal(none.headers.get('www-authenticate'), 'Bearer realm="aevs"');

    const bad = await post({ authorization: 'Bearer svc_sk_test_notakeyatallnotakeyatallnotakey00' });
    assert.equal(bad.status, 401);
    assert.equal((await envelope(bad)).type, 'invalid_api_key');
    assert.match(bad.headers.get('www-authenticate') ?? '', /^Bearer realm="aevs", error="invalid_token"/);

    const inUrl = await fetch(`${base}/mcp?api_key=${mine.testKey}`, { method: 'POST', body: '{}' });
    assert.equal(inUrl.status, 400);
    assert.ok(!t.logs.some((line) => line.includes(mine.testKey)), 'the key is never logged');

    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${base}/mcp`, {
        method,
        headers: { authorization: `Bearer ${mine.testKey}` },
      });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'POST');
      assert.equal((await envelope(res)).code, 'method_not_allowed');
    }

    for (const accept of ['application/json', '*/*']) {
      const noAccept = await post({ authorization: `Bearer ${mine.testKey}`, accept });
      assert.equal(noAccept.status, 406, accept);
      assert.equal((await envelope(noAccept)).code, 'not_acceptable');
    }

    const oldVersion = await post({
      authorization: `Bearer ${mine.testKey}`,
      'mcp-protocol-version': '1999-01-01',
    });
    assert.equal(oldVersion.status, 400);
    assert.equal((await envelope(oldVersion)).code, 'unsupported_protocol_version');

    // A batch would take one token from the rate limit for many calls: one message per request.
    const batch = await post(
      { authorization: `Bearer ${mine.testKey}` },
      JSON.stringify([message, { ...message, id: 2 }]),
    );
    assert.equal(batch.status, 400);
    assert.equal((await envelope(batch)).code, 'invalid_body');

    const noMethod = await post({ authorization: `Bearer ${mine.testKey}` }, '{"jsonrpc":"2.0","id":1}');
    assert.equal(noMethod.status, 400);
    assert.equal((await envelope(noMethod)).code, 'invalid_jsonrpc');

    const notJson = await post({ authorization: `Bearer ${mine.testKey}` }, '{"jsonrpc":');
    assert.equal(notJson.status, 400);
    assert.equal((await envelope(notJson)).code, 'invalid_json');

    const notRpc = await post({ authorization: `Bearer ${mine.testKey}` }, '{"hello":"world"}');
    assert.equal(notRpc.status, 400);
    assert.equal((await envelope(notRpc)).type, 'invalid_request');

    // A good request carries the REST headers too, and no session id (stateless).
    const ok = await post({ authorization: `Bearer ${mine.testKey}` });
    assert.equal(ok.status, 200);
    assert.ok(ok.headers.get('ratelimit-limit'));
    assert.match(ok.headers.get('request-id') ?? '', /^req_/);
    assert.equal(ok.headers.get('mcp-session-id'), null);
    assert.equal(((await ok.json()) as { result: { tools: unknown[] } }).result.tools.length, 6);
  });

  it('a stock SDK client given a bad or no key raises our 401 error, and looks for no OAuth server', async () => {
    for (const [authorization, type, message] of [
      [
        'Bearer svc_sk_test_notakeyatallnotakeyatallnotakey00',
        'invalid_api_key',
        'The API key is not valid. It may have been revoked or rolled.',
      ],
      [undefined, 'authentication_required', 'Send your API key in the Authorization header'],
    ] as const) {
      const asked: string[] = [];
      const client = new Client({ name: 'aevs-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        ...(authorization ? { requestInit: { headers: { authorization } } } : {}),
        fetch: (url, init) => {
          asked.push(`${init?.method ?? 'GET'} ${String(url)}`);
          return fetch(url, init);
        },
      });
      await assert.rejects(client.connect(transport), (error: unknown) => {
        assert.ok(error instanceof StreamableHTTPError, String(error));
        assert.equal(error.code, 401);
        assert.ok(error.message.includes(`"type":"${type}"`), error.message);
        assert.ok(error.message.includes(message), error.message);
        return true;
      });
      // The initialize POST only: no /.well-known/oauth-* discovery, no client registration.
      assert.deepEqual(asked, [`POST ${base}/mcp`]);
    }
  });

  it('answers tools/call with malformed params as invalid params (-32602), without internals', async () => {
    for (const params of [undefined, { arguments: {} }, { name: 'validate_abn', arguments: 'x' }]) {
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${mine.testKey}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          ...(params === undefined ? {} : { params }),
        }),
      });
      assert.equal(res.status, 200);
      const answer = (await res.json()) as { id: number; error?: { code: number; message: string } };
      assert.equal(answer.id, 7);
      assert.equal(answer.error?.code, -32602, JSON.stringify(params));
      assert.doesNotMatch(answer.error?.message ?? '', /expected|received|path/i, 'no parser detail');
    }
  });

  it('answers an unknown tool with a protocol error', async () => {
    const client = await connect(mine.testKey);
    await assert.rejects(
      client.callTool({ name: 'delete_watch', arguments: {} }),
      /Unknown tool delete_watch/,
    );
  });
});

describe('MCP and the per-account rate limit', () => {
  it('shares the REST bucket: 429 in the envelope with Retry-After', async () => {
    const t = await startTestApp({ env: { AEVS_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const account = await t.newAccount();
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/v1/validate/49004028077',
          headers: bearer(account.testKey),
        });
        assert.equal(res.statusCode, 200);
      }
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${account.testKey}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
      assert.equal(((await res.json()) as { error: { type: string } }).error.type, 'rate_limited');
    } finally {
      await t.close();
    }
  });
});
