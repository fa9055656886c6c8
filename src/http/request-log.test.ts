import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createLogger } from '../logger.ts';
import { redactUrl } from './authenticate.ts';
import { requestLogger } from './request-log.ts';

function capture(level: 'info' | 'warn' = 'info') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger(level, sink), lines };
}

describe('the request log line', () => {
  it('is the line pino itself writes for the same fields', async () => {
    const { log, lines } = capture();
    const fields = {
      request_id: 'req_abc',
      method: 'GET',
      url: '/v1/validate/49004028077?x="quoted"\\back\u2028',
      status: 200,
      ms: 0.4,
      account_id: 'acct_1',
    };
    log.info({ ...fields, url: redactUrl(fields.url) }, 'request');
    requestLogger(log)({
      requestId: fields.request_id,
      method: fields.method,
      url: fields.url,
      status: fields.status,
      ms: fields.ms,
      accountId: fields.account_id,
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(lines.length, 2);
    const [generic, fast] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.ok(generic && fast);
    assert.deepEqual(Object.keys(fast), Object.keys(generic), 'same fields in the same order');
    assert.deepEqual({ ...fast, time: 0 }, { ...generic, time: 0 });
    assert.ok(Math.abs((fast.time as number) - (generic.time as number)) < 1000);
  });

  it('redacts a key sent in the URL, leaves out a missing account, and respects the level', async () => {
    const { log, lines } = capture();
    const write = requestLogger(log);
    write({
      requestId: 'req_1',
      method: 'POST',
      url: '/v1/resolve?api_key=svc_sk_live_secret',
      status: 400,
      ms: 1,
      accountId: undefined,
    });
    await new Promise((resolve) => setImmediate(resolve));
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    assert.doesNotMatch(lines[0] ?? '', /svc_sk_live_secret/);
    assert.match(String(line.url), /api_key=REDACTED/);
    assert.equal('account_id' in line, false);

    const quiet = capture('warn');
    requestLogger(quiet.log)({
      requestId: 'req_2',
      method: 'GET',
      url: '/',
      status: 200,
      ms: 1,
      accountId: undefined,
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(quiet.lines, []);
  });
});
