import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../config.ts';
import { classifyAttempt, nextAttemptAt } from './retry-policy.ts';

describe('classifyAttempt', () => {
  for (const status of [200, 201, 202, 204, 299]) {
    it(`delivers on ${status}`, () => assert.equal(classifyAttempt({ status }), 'delivered'));
  }
  // 3xx: redirects are not followed, so the event never reached the receiver.
  for (const status of [100, 301, 302, 307, 308, 400, 401, 404, 410, 429, 500, 502, 503, 504]) {
    it(`retries on ${status}`, () => assert.equal(classifyAttempt({ status }), 'retry'));
  }
  for (const error of ['timeout', 'connection', 'dns', 'blocked'] as const) {
    it(`retries on ${error}`, () => assert.equal(classifyAttempt({ error }), 'retry'));
  }
  it('retries when an error follows a 2xx status line (the body timed out)', () => {
    assert.equal(classifyAttempt({ status: 200, error: 'timeout' }), 'retry');
  });
  it('retries when there is neither a status nor an error', () => {
    assert.equal(classifyAttempt({}), 'retry');
  });
});

describe('nextAttemptAt', () => {
  const now = new Date('2025-03-01T00:00:00.000Z');
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  it('makes the first attempt now', () => {
    assert.deepEqual(nextAttemptAt(0, now, [5, 300]), now);
  });

  it('waits schedule[n-1] seconds after attempt n', () => {
    assert.deepEqual(nextAttemptAt(1, now, [5, 300]), at(5));
    assert.deepEqual(nextAttemptAt(2, now, [5, 300]), at(300));
  });

  it('returns null once the schedule is exhausted', () => {
    assert.equal(nextAttemptAt(3, now, [5, 300]), null);
    assert.equal(nextAttemptAt(10, now, [5, 300]), null);
  });

  it('with an empty schedule allows one attempt only', () => {
    assert.deepEqual(nextAttemptAt(0, now, []), now);
    assert.equal(nextAttemptAt(1, now, []), null);
  });

  it('refuses a negative or fractional attempt count', () => {
    assert.throws(() => nextAttemptAt(-1, now, [5]), RangeError);
    assert.throws(() => nextAttemptAt(1.5, now, [5]), RangeError);
  });

  it('gives 8 attempts in total with the default AEVS_WEBHOOK_RETRY_SCHEDULE', () => {
    const schedule = loadConfig({}).webhookRetrySchedule;
    assert.deepEqual(schedule, [5, 300, 1800, 7200, 18000, 36000, 36000]);
    const times: Date[] = [];
    let clock = now;
    for (let made = 0; ; made++) {
      const next = nextAttemptAt(made, clock, schedule);
      if (next === null) break;
      times.push(next);
      clock = next;
    }
    assert.equal(times.length, 8);
    const elapsed = times.map((t) => (t.getTime() - now.getTime()) / 1000);
    assert.deepEqual(elapsed, [0, 5, 305, 2105, 9305, 27305, 63305, 99305]);
  });
});
