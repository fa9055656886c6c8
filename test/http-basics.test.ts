import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { z } from 'zod';
import { defineRoute } from '../src/http/route.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

const REQUEST_ID = /^req_[0-9A-Za-z]{22}$/;

function assertEnvelope(
  response: { json: () => unknown; headers: Record<string, unknown> },
  type: string,
  code?: string,
) {
  const body = response.json() as { error: Record<string, unknown> };
  assert.equal(body.error.type, type);
  if (code) assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  assert.match(String(body.error.request_id), REQUEST_ID);
  assert.equal(body.error.request_id, response.headers['request-id']);
  return body.error;
}

describe('HTTP basics: error envelope on every non-2xx, Request-Id on every response', () => {
  let t: TestApp;
  let account: TestAccount;
  before(async () => {
    // Routes for the paths no product route reaches yet: a body to parse, and a failure with internals.
    const extraRoutes = [
      defineRoute({
        method: 'POST',
        path: '/v1/echo',
        operationId: 'echo',
        summary: 'echo',
        tag: 'Test',
        auth: true,
        body: z.object({ name: z.string().min(1) }),
        response: { status: 200, description: 'echo', examples: {} },
        handler: async ({ body }) => body,
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/explode',
        operationId: 'explode',
        summary: 'explode',
        tag: 'Test',
        auth: false,
        response: { status: 200, description: 'never', examples: {} },
        handler: async () => {
          throw new Error('SELECT secret FROM vault WHERE path = /var/lib/aevs');
        },
      }),
    ];
    t = await startTestApp({ deps: { extraRoutes } });
    account = await t.newAccount();
  });
  after(() => t.close());

  it('404 for an unknown route, with the envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/nothing-here',
      headers: bearer(account.testKey),
    });
    assert.equal(res.statusCode, 404);
    assertEnvelope(res, 'not_found', 'route_not_found');
  });

  it('405 for a known path with another method, naming the allowed ones', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/v1/validate/49004028077',
      headers: bearer(account.testKey),
    });
    assert.equal(res.statusCode, 405);
    assertEnvelope(res, 'invalid_request', 'method_not_allowed');
    assert.equal(res.headers.allow, 'GET, HEAD');
  });

  it('400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/echo',
      headers: { ...bearer(account.testKey), 'content-type': 'application/json' },
      payload: '{"name": "Acme',
    });
    assert.equal(res.statusCode, 400);
    assertEnvelope(res, 'invalid_request', 'invalid_json');
  });

  it('400 naming the field when the body fails its schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/echo',
      headers: bearer(account.testKey),
      payload: { name: '' },
    });
    assert.equal(res.statusCode, 400);
    assert.equal(assertEnvelope(res, 'invalid_request').param, 'name');
    const missing = await t.app.inject({ method: 'POST', url: '/v1/echo', headers: bearer(account.testKey) });
    assert.equal(missing.statusCode, 400);
  });

  it('413 for a body over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/echo',
      headers: bearer(account.testKey),
      payload: { name: 'x'.repeat(1024 * 1024) },
    });
    assert.equal(res.statusCode, 413);
    assertEnvelope(res, 'invalid_request', 'body_too_large');
  });

  it('415 for a body that is not JSON', async () => {
    for (const type of ['text/csv', 'text/plain', 'text/plain; charset=utf-8']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/echo',
        headers: { ...bearer(account.testKey), 'content-type': type },
        payload: 'name\nAcme',
      });
      assert.equal(res.statusCode, 415, type);
      assertEnvelope(res, 'invalid_request', 'unsupported_media_type');
    }
  });

  it('500 without internals; the detail goes to the log only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/explode' });
    assert.equal(res.statusCode, 500);
    const error = assertEnvelope(res, 'internal_error');
    assert.doesNotMatch(res.body, /SELECT|vault|\/var\/lib|Error:|at /);
    assert.match(String(error.message), /Internal error/);
    assert.ok(
      t.logs.some(
        (line) => line.includes('SELECT secret FROM vault') && line.includes(String(error.request_id)),
      ),
    );
  });

  it('puts a unique Request-Id on success, client errors and unauthenticated responses alike', async () => {
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/v1/validate/49004028077', headers: bearer(account.testKey) }),
      t.app.inject({ method: 'GET', url: '/v1/validate/49004028077' }),
      t.app.inject({ method: 'GET', url: '/nope' }),
    ]);
    const ids = responses.map((r) => String(r.headers['request-id']));
    for (const id of ids) assert.match(id, REQUEST_ID);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('414 for a path parameter over the length limit, with the envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/validate/${'1'.repeat(300)}`,
      headers: bearer(account.testKey),
    });
    assert.equal(res.statusCode, 414);
    assertEnvelope(res, 'invalid_request', 'uri_too_long');
  });

  it('400 for a URL that is not correctly percent-encoded', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/validate/%E0%A4%A',
      headers: bearer(account.testKey),
    });
    assert.equal(res.statusCode, 400);
    assertEnvelope(res, 'invalid_request', 'bad_url');
  });

  it('writes one JSON log line per request with its request id, method, path and status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const line = t.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.request_id === res.headers['request-id'] && l.msg === 'request');
    assert.ok(line, 'request log line');
    assert.equal(line.method, 'GET');
    assert.equal(line.url, '/healthz');
    assert.equal(line.status, 200);
  });
});

describe('requests Node cannot parse', () => {
  /** What the server answers to these raw bytes before it closes the connection. */
  async function rawExchange(port: number, bytes: string): Promise<string> {
    const socket = connect(port, '127.0.0.1');
    socket.write(bytes);
    let answer = '';
    for await (const chunk of socket) answer += String(chunk);
    return answer;
  }

  it('answer in the envelope with a Request-Id, and never log the raw request, even at trace level', async () => {
    const t = await startTestApp({ logLevel: 'trace' });
    try {
      const account = await t.newAccount();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const cases: Array<[string, number, string]> = [
        [
          `GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${account.liveKey}\r\nX-Bad: a\u0001b\r\n\r\n`,
          400,
          'malformed_request',
        ],
        [
          `GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${account.liveKey}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
          431,
          'headers_too_large',
        ],
      ];
      for (const [bytes, status, code] of cases) {
        const answer = await rawExchange(port, bytes);
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        assert.match(head, new RegExp(`^HTTP/1.1 ${status} `), code);
        const requestId = /\r\nRequest-Id: (req_\w+)/i.exec(head)?.[1];
        assert.match(String(requestId), REQUEST_ID);
        const error = (JSON.parse(body) as { error: Record<string, unknown> }).error;
        assert.deepEqual([error.type, error.code, error.request_id], ['invalid_request', code, requestId]);
      }
      assert.ok(
        t.logs.some((line) => line.includes('client error')),
        'the refusal is logged',
      );
      for (const line of t.logs)
        assert.ok(!line.includes(account.liveKey), `key in log: ${line.slice(0, 200)}`);
    } finally {
      await t.close();
    }
  });
});

describe('health', () => {
  it('/healthz and /readyz answer without a key; /readyz fails with 503 when a check fails', async () => {
    let sandboxLoaded = false;
    const t = await startTestApp({
      deps: { readiness: [{ name: 'sandbox', check: async () => sandboxLoaded }] },
    });
    try {
      assert.deepEqual((await t.app.inject({ method: 'GET', url: '/healthz' })).json(), { status: 'ok' });
      const notReady = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(notReady.statusCode, 503);
      assertEnvelope(notReady, 'service_unavailable', 'not_ready');
      assert.match(notReady.body, /sandbox/);
      sandboxLoaded = true;
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json(), { status: 'ready', checks: { store: 'ok', sandbox: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('/readyz is 503 when the store is unreachable', async () => {
    const t = await startTestApp();
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 503);
    assert.match(res.body, /store/);
    await t.app.close();
  });
});

describe('the favicon', () => {
  it('is served from our own origin without a key, and is not part of the API document', async () => {
    const t = await startTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/x-icon');
      assert.match(String(res.headers['cache-control']), /max-age=86400/);
      // An ICO directory of one image, which is a PNG.
      assert.deepEqual([...res.rawPayload.subarray(0, 6)], [0, 0, 1, 0, 1, 0]);
      assert.equal(res.rawPayload.subarray(22, 26).toString('latin1'), '\x89PNG');
      assert.ok(res.rawPayload.length < 1024, 'tiny');
      const head = await t.app.inject({ method: 'HEAD', url: '/favicon.ico' });
      assert.equal(head.statusCode, 200);
      const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
        paths: Record<string, unknown>;
      };
      assert.ok(!('/favicon.ico' in document.paths));
      // The reference page asks nothing of another origin for its icon.
      const page = (await t.app.inject({ method: 'GET', url: '/docs' })).body;
      assert.doesNotMatch(page, /rel="(?:shortcut )?icon"[^>]*https?:/);
    } finally {
      await t.close();
    }
  });
});
