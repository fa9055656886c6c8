import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pino from 'pino';
import { AppError } from '../errors.ts';
import { toToolError, toToolResult } from './to-tool-result.ts';

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('tool results', () => {
  it('carries the body as structured content and as the same JSON text', () => {
    const result = toToolResult({ valid: true, when: new Date('2026-11-23T00:00:00Z'), gone: undefined });
    assert.deepEqual(result.structuredContent, { valid: true, when: '2026-11-23T00:00:00.000Z' });
    assert.deepEqual(JSON.parse(text(result)), result.structuredContent);
    assert.equal(result.isError, undefined);
  });

  it('turns a known error into isError with the REST envelope', () => {
    const result = toToolError(
      new AppError('not_found', 'No subscription wsub_x for this account.', { param: 'id' }),
      'req_1',
      pino({ enabled: false }),
    );
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    assert.deepEqual(JSON.parse(text(result)), {
      error: {
        type: 'not_found',
        message: 'No subscription wsub_x for this account.',
        param: 'id',
        request_id: 'req_1',
      },
    });
  });

  it('never echoes an unknown error: the detail goes to the log only', () => {
    const lines: string[] = [];
    const log = pino({}, { write: (line: string) => lines.push(line) });
    const result = toToolError(new Error('relation "api_keys" at /var/lib/secret'), 'req_2', log);
    assert.equal(result.isError, true);
    const body = text(result);
    assert.doesNotMatch(body, /api_keys|secret/);
    assert.deepEqual(JSON.parse(body).error.type, 'internal_error');
    assert.match(lines.join(''), /api_keys/);
    assert.match(lines.join(''), /req_2/);
  });
});
