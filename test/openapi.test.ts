import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument } from '../src/app.ts';
import { ERROR_TYPES } from '../src/errors.ts';
import { ROUTES } from '../src/http/routes/index.ts';
import { validateIdentifier } from '../src/identifiers/validate-identifier.ts';
import { ResolveRequest } from '../src/resolve/schemas.ts';
import { ScreenRequest } from '../src/screen/schemas.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }> }
    >
  >;
};

describe('OpenAPI document and reference page', () => {
  let t: TestApp;
  let doc: Doc;
  before(async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /application\/json/);
    doc = res.json();
  });
  after(() => t.close());

  it('is OpenAPI 3.1 and lists every route with its spec path template', () => {
    assert.equal(doc.openapi, '3.1.0');
    for (const route of ROUTES) {
      assert.ok(doc.paths[route.path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`);
    }
    assert.ok(doc.paths['/v1/validate/{identifier}']?.get);
  });

  it('gives every response an example, and documents 401 and 429 on authenticated routes', () => {
    for (const route of ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      assert.ok(op);
      for (const [status, response] of Object.entries(op.responses)) {
        // A success without a body (/mcp's 202) has nothing to show.
        if (route.alsoAnswers?.some((a) => String(a.status) === status)) continue;
        const examples = Object.values(response.content ?? {})[0]?.examples ?? {};
        assert.ok(Object.keys(examples).length > 0, `${route.path} ${status} has an example`);
      }
      if (route.auth) {
        assert.ok(op.responses['401'] && op.responses['429'], `${route.path} documents 401 and 429`);
      }
      assert.ok(op.responses['500'], `${route.path} documents 500`);
    }
  });

  it('matches the committed docs/openapi.json (npm run openapi regenerates it)', () => {
    const committed = JSON.parse(readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8'));
    assert.deepEqual(committed, openApiDocument());
    assert.deepEqual(doc, openApiDocument());
  });

  it('documents every error type, in the document and in the README', () => {
    const text = JSON.stringify(doc);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const type of Object.keys(ERROR_TYPES)) {
      assert.ok(text.includes(`\`${type}\``), `${type} in the OpenAPI document`);
      assert.ok(readme.includes(`\`${type}\``), `${type} in the README`);
    }
  });

  it('serves an HTML reference at /docs naming every route, without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    for (const route of ROUTES) assert.ok(res.body.includes(route.path), route.path);
    assert.doesNotMatch(res.body, /<script/i);
  });
});

describe('OpenAPI document read by tools nobody here wrote', () => {
  type Json = Record<string, unknown>;
  const doc = openApiDocument() as Json & { paths: Record<string, Record<string, Json>> };
  const operation = (path: string, method: string) => doc.paths[path]?.[method] as Json;
  const bodySchema = (path: string) =>
    (operation(path, 'post').requestBody as { content: { 'application/json': { schema: Json } } }).content[
      'application/json'
    ].schema;
  const walk = function* (value: unknown, at: string): Generator<[string, string, unknown]> {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, v] of Object.entries(value)) {
      yield [`${at}/${key}`, key, v];
      yield* walk(v, `${at}/${key}`);
    }
  };

  // Regression: zod's `#/$defs/…` references resolved from the document's root, where nothing is
  // defined, so Redocly, swagger-parser and openapi-typescript all refused the document.
  it('refers to shared schemas in components/schemas only, and every reference resolves', () => {
    const schemas = (doc.components as { schemas: Json }).schemas;
    let refs = 0;
    for (const [at, key, value] of walk(doc, '#')) {
      assert.notEqual(key, '$defs', `${at}: no $defs`);
      if (key !== '$ref') continue;
      refs++;
      const name = String(value).replace(/^#\/components\/schemas\//, '');
      assert.notEqual(name, value, `${at}: ${String(value)} points into components/schemas`);
      assert.ok(schemas[name], `${at}: ${String(value)} is defined`);
    }
    assert.ok(refs > 100);
    for (const name of ['Error', 'Candidate', 'Provenance', 'Subscription']) assert.ok(schemas[name], name);
  });

  // Regression: the bodies' refinements were invisible to the document, so a client built from it
  // sent two of abn, acn and name, or an ABN of letters, and was refused.
  it('documents the bodies of resolve and screen so that they accept what the server accepts', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const bodies: Json[] = [
      { abn: '44600110236' },
      { abn: '44 600 110 236' },
      { abn: ' 44600110236\t' },
      { abn: '44\u00a0600\u00a0110\u00a0236' },
      { abn: '44600110237' },
      { abn: '4460011023' },
      { abn: '446001102360' },
      { abn: '44-600-110-236' },
      { abn: '' },
      { acn: '600 110 236' },
      { acn: '60011023' },
      { acn: 'six' },
      { name: 'Sandbox North Trading Co' },
      { name: '   ' },
      { name: '' },
      {},
      { abn: '44600110236', name: 'Sandbox' },
      { abn: '44600110236', acn: '600110236' },
      { abn: '44600110236', acn: '600110236', name: 'Sandbox' },
      { abn: '44600110236', extra: true },
    ];
    for (const [path, schema, extra] of [
      ['/v1/resolve', ResolveRequest, { state: 'NSW', postcode: '2000', mode: 'exact' }],
      ['/v1/screen', ScreenRequest, { entity_type: 'individual', date_of_birth: '1970-01' }],
    ] as const) {
      const documented = ajv.compile(bodySchema(path));
      for (const body of [...bodies, { name: 'Sandbox', ...extra }]) {
        const accepted = schema.safeParse(body).success;
        assert.equal(
          documented(body),
          accepted,
          `${path} ${JSON.stringify(body)}: the server says ${accepted}`,
        );
      }
    }
  });

  it('documents the identifiers of watches, polling, sandbox events and validate as the server reads them', () => {
    const patterns = [
      ((bodySchema('/v1/watch').properties as Json).entities as { items: Json }).items.pattern,
      (bodySchema('/v1/sandbox/events').properties as { identifier: Json }).identifier.pattern,
      ...[operation('/v1/entity/{id}/changes', 'get'), operation('/v1/validate/{identifier}', 'get')].map(
        (op) =>
          (op.parameters as Array<{ in: string; schema: Json }>).find((p) => p.in === 'path')?.schema
            ?.pattern,
      ),
    ];
    const inputs = ['44600110236', '44 600 110 236', '600110236', ' 600 110 236 ', '51824753565'];
    const refused = ['4460011023', '44600110236 1', '44-600-110-236', 'abcdefghi', '', ' '];
    for (const pattern of patterns) {
      assert.equal(typeof pattern, 'string');
      for (const input of [...inputs, ...refused]) {
        const wellFormed = 'identifier_type' in validateIdentifier(input);
        assert.equal(
          new RegExp(String(pattern)).test(input),
          wellFormed,
          `${String(pattern)} on ${JSON.stringify(input)}`,
        );
      }
    }
  });

  it("lists what the routes answer beyond one success: the identity source's 502, /mcp's 202", () => {
    for (const path of ['/v1/resolve', '/v1/screen']) {
      const responses = operation(path, 'post').responses as Json;
      for (const status of ['200', '400', '401', '429', '500', '502', '503'])
        assert.ok(responses[status], `${path} ${status}`);
    }
    const mcp = operation('/mcp', 'post').responses as Json;
    for (const status of ['200', '202', '406']) assert.ok(mcp[status], `/mcp ${status}`);
  });
});
