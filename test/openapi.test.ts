import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { openApiDocument } from '../src/app.ts';
import { ERROR_TYPES } from '../src/errors.ts';
import { ROUTES } from '../src/http/routes/index.ts';
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
