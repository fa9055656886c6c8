import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows a full bucket, then refuses with a retry time', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    assert.deepEqual(
      [1, 2, 3].map(() => limiter.take('a').remaining),
      [2, 1, 0],
    );
    const refused = limiter.take('a');
    assert.equal(refused.allowed, false);
    assert.equal(refused.retryAfter, 20); // one token every 20 s at 3 a minute
    assert.equal(refused.reset, 60);
    now = 20_000;
    assert.equal(limiter.take('a').allowed, true);
    assert.equal(limiter.take('a').allowed, false);
  });

  it('refills continuously and never beyond the limit', () => {
    let now = 0;
    const limiter = new RateLimiter(60, () => now);
    for (let i = 0; i < 60; i++) assert.ok(limiter.take('a').allowed);
    assert.equal(limiter.take('a').allowed, false);
    now = 10_000; // ten tokens back
    for (let i = 0; i < 10; i++) assert.ok(limiter.take('a').allowed, `request ${i}`);
    assert.equal(limiter.take('a').allowed, false);
    now = 10_000_000;
    assert.equal(limiter.take('a').remaining, 59);
  });

  it('keeps one bucket per account', () => {
    const limiter = new RateLimiter(2, () => 0);
    limiter.take('a');
    limiter.take('a');
    assert.equal(limiter.take('a').allowed, false);
    assert.equal(limiter.take('b').allowed, true);
    assert.equal(limiter.take('b').remaining, 0);
  });
});
