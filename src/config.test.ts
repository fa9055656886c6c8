import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('takes the defaults for variables not set, or set to nothing', () => {
    const blank = loadConfig({
      PORT: '',
      AEVS_MONTHLY_ALLOWANCE: ' ',
      AEVS_WEBHOOK_RETRY_SCHEDULE: '',
      AEVS_RATE_LIMIT_PER_MINUTE: '',
    });
    assert.equal(blank.port, 8080);
    assert.equal(blank.monthlyAllowance, 10000);
    assert.equal(blank.rateLimitPerMinute, 600);
    assert.deepEqual(blank.webhookRetrySchedule, loadConfig({}).webhookRetrySchedule);
    assert.equal(loadConfig({ PORT: '9090', AEVS_MONTHLY_ALLOWANCE: '0' }).port, 9090);
    assert.equal(loadConfig({ AEVS_MONTHLY_ALLOWANCE: '0' }).monthlyAllowance, 0);
    assert.deepEqual(
      loadConfig({ AEVS_WEBHOOK_RETRY_SCHEDULE: ' 1, 2 ,30' }).webhookRetrySchedule,
      [1, 2, 30],
    );
  });

  it('refuses numbers that are not whole decimal numbers in range, naming the variable', () => {
    for (const [name, value] of [
      ['PORT', '0x4a5c'],
      ['PORT', '1e3'],
      ['PORT', '80.5'],
      ['PORT', '70000'],
      ['PORT', '-1'],
      ['AEVS_RATE_LIMIT_PER_MINUTE', '0'],
      ['AEVS_WEBHOOK_TIMEOUT_MS', 'ten'],
      ['AEVS_WEBHOOK_RETRY_SCHEDULE', '1,,2'],
      ['AEVS_WEBHOOK_RETRY_SCHEDULE', '1e3'],
      ['AEVS_WEBHOOK_RETRY_SCHEDULE', '0x10,5'],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: unknown) => error instanceof ConfigError && error.message.includes(name),
        `${name}=${value}`,
      );
    }
  });
});
