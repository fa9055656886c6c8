import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runAevs, startServerProcess } from './helpers/process.ts';
import { storeEnv, type TestStoreSettings, testStoreSettings } from './helpers/store.ts';

const KEY = /svc_sk_(test|live)_[0-9A-Za-z]{32,}/g;

describe('the server process and the CLI, on one store', () => {
  let store: TestStoreSettings;
  let env: Record<string, string>;
  before(async () => {
    store = await testStoreSettings();
    env = { ...storeEnv(store), AEVS_LOG_LEVEL: 'info' };
  });
  after(() => store.cleanup());

  it('prints a demo account with a test and a live key on the first start, once, and keeps them across a restart', async () => {
    const first = await startServerProcess(env);
    let testKey: string;
    let liveKey: string;
    try {
      const banner = first.stdout();
      const keys = banner.match(KEY) ?? [];
      testKey = keys.find((k) => k.startsWith('svc_sk_test_')) ?? '';
      liveKey = keys.find((k) => k.startsWith('svc_sk_live_')) ?? '';
      assert.ok(testKey && liveKey, banner);
      assert.match(banner, /account "demo" \(acct_/);
      assert.match(banner, /AEVS_SECRET_KEY is not set: webhook signing secrets are stored in clear/);
      assert.ok(banner.includes(`curl -H "Authorization: Bearer ${testKey}" ${first.baseUrl}/v1/validate/`));
      // The keys appear only in the one-time banner, never in a JSON log line.
      for (const line of banner.split('\n').filter((l) => l.startsWith('{'))) {
        assert.ok(!KEY.test(line), line);
      }
      const res = await fetch(`${first.baseUrl}/v1/validate/49004028077`, {
        headers: { authorization: `Bearer ${testKey}` },
      });
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { valid: boolean }).valid, true);
    } finally {
      await first.stop();
    }

    const second = await startServerProcess({
      ...env,
      AEVS_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
    });
    try {
      assert.doesNotMatch(second.stdout(), KEY, 'no new keys on a restart');
      assert.doesNotMatch(second.stdout(), /AEVS_SECRET_KEY is not set/, 'no warning with a key set');
      for (const key of [testKey, liveKey]) {
        const res = await fetch(`${second.baseUrl}/v1/usage`, {
          headers: { authorization: `Bearer ${key}` },
        });
        assert.equal(res.status, 200, 'accounts and keys survive the restart');
      }
      const usage = (await (
        await fetch(`${second.baseUrl}/v1/usage`, { headers: { authorization: `Bearer ${liveKey}` } })
      ).json()) as { live_requests: number };
      // Two live-key usage calls on this server; the first server saw only the test key.
      assert.equal(usage.live_requests, 2);
    } finally {
      await second.stop();
    }
  });

  it('accepts a key made by the CLI, then refuses it once revoked, and never lists the key itself', async () => {
    const created = await runAevs(['accounts', 'create', '--name', 'Acme Lending'], env);
    assert.equal(created.code, 0, created.stderr);
    const accountId = created.stdout.trim();
    assert.match(accountId, /^acct_[0-9A-Za-z]{22}$/);

    const keyRun = await runAevs(['keys', 'create', '--account', accountId, '--mode', 'live'], env);
    assert.equal(keyRun.code, 0, keyRun.stderr);
    const key = keyRun.stdout.trim();
    assert.match(key, /^svc_sk_live_[0-9A-Za-z]{32,}$/, 'stdout is only the key');

    const server = await startServerProcess(env);
    try {
      const ok = await fetch(`${server.baseUrl}/v1/validate/004028077`, {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('ratelimit-limit'), '600');
    } finally {
      await server.stop();
    }

    const list = await runAevs(['keys', 'list', '--account', accountId], env);
    assert.equal(list.code, 0, list.stderr);
    assert.ok(!list.stdout.includes(key));
    assert.ok(list.stdout.includes(key.slice(-4)));
    const keyId = /key_[0-9A-Za-z]{22}/.exec(list.stdout)?.[0];
    assert.ok(keyId);
    assert.match(list.stdout, /live\s+svc_sk_live_/);
    assert.match(list.stdout, /\d{4}-\d\d-\d\dT[\d:.]+Z\s+\d{4}-/, 'last used is recorded');

    const rolled = await runAevs(['keys', 'roll', '--account', accountId, '--key', keyId], env);
    assert.equal(rolled.code, 0, rolled.stderr);
    const newKey = rolled.stdout.trim();
    assert.match(newKey, /^svc_sk_live_/);
    assert.notEqual(newKey, key);

    const again = await runAevs(['keys', 'revoke', '--account', accountId, '--key', keyId], env);
    assert.equal(again.code, 1, 'a revoked key cannot be revoked twice');
    assert.match(again.stderr, /was revoked/);

    const restarted = await startServerProcess(env);
    try {
      const old = await fetch(`${restarted.baseUrl}/v1/usage`, {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(old.status, 401);
      assert.equal(((await old.json()) as { error: { type: string } }).error.type, 'invalid_api_key');
      const fresh = await fetch(`${restarted.baseUrl}/v1/usage`, {
        headers: { authorization: `Bearer ${newKey}` },
      });
      assert.equal(fresh.status, 200);
    } finally {
      await restarted.stop();
    }

    const usage = await runAevs(['usage', '--account', accountId, '--json'], env);
    assert.equal(usage.code, 0, usage.stderr);
    const counted = JSON.parse(usage.stdout) as { live_requests: number; allowance: number; period: string };
    assert.equal(counted.live_requests, 2, 'the validate call and the usage call with a live key');
    assert.equal(counted.allowance, 10000);
    assert.match(counted.period, /^\d{4}-\d\d$/);
  });

  it('exits non-zero with a clear message on bad arguments', async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['keys', 'create', '--account', 'acct_x', '--mode', 'prod'], 2, /--mode must be one of: test, live/],
      [['keys', 'create', '--mode', 'test'], 2, /--account is required/],
      [['accounts', 'create'], 2, /--name is required/],
      [['accounts', 'create', '--name', 'x', '--colour', 'red'], 2, /Unknown option '--colour'/],
      [['keys', 'create', '--account', 'acct_missing', '--mode', 'test'], 1, /No account acct_missing/],
      [['accounts', 'create', '--name', '   '], 2, /--name must not be blank/],
      [['frobnicate'], 2, /unknown command "frobnicate"/],
      [['keys'], 2, /aevs keys create/],
    ];
    for (const [args, code, message] of cases) {
      const run = await runAevs(args, env);
      assert.equal(run.code, code, args.join(' '));
      assert.match(run.stderr, message, args.join(' '));
      assert.equal(run.stdout, '', 'nothing on stdout when it fails');
    }
  });

  it('never echoes a key given where an id belongs', async () => {
    const key = `svc_sk_live_${'Q'.repeat(40)}`;
    for (const args of [
      ['keys', 'revoke', '--account', 'acct_missing', '--key', key],
      ['keys', 'list', '--account', key],
      ['usage', '--account', key],
    ]) {
      const run = await runAevs(args, env);
      assert.equal(run.code, 1, args.join(' '));
      assert.doesNotMatch(run.stderr, /QQQQ/, args.join(' '));
      assert.match(run.stderr, /an API key, which is not shown/);
    }
  });

  it('has --help on every command', async () => {
    const top = await runAevs(['--help'], env);
    assert.equal(top.code, 0);
    for (const command of [
      'serve',
      'accounts create',
      'keys create',
      'keys list',
      'keys roll',
      'keys revoke',
      'usage',
    ]) {
      assert.ok(top.stdout.includes(command), command);
      const help = await runAevs([...command.split(' '), '--help'], env);
      assert.equal(help.code, 0, command);
      assert.match(help.stdout, new RegExp(`^Usage: aevs ${command}`), command);
    }
  });

  it('refuses to start with invalid configuration, saying which variable', async () => {
    const run = await runAevs(['serve'], { ...env, AEVS_RATE_LIMIT_PER_MINUTE: 'lots' });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /AEVS_RATE_LIMIT_PER_MINUTE/);
  });
});
