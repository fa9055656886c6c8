import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { resumeSession, SESSION_IDLE_MS, SESSION_MAX_MS, signIn } from '../src/dashboard/sessions.ts';
import { hashToken } from '../src/dashboard/tokens.ts';
import { acceptInvitation, inviteUser } from '../src/dashboard/users.ts';
import { openStore } from '../src/store/open-store.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { runAevs } from './helpers/process.ts';
import { storeEnv, type TestStoreSettings, testStoreSettings } from './helpers/store.ts';

describe('aevs users invite|list|remove', () => {
  let store: TestStoreSettings;
  let env: Record<string, string>;
  before(async () => {
    store = await testStoreSettings();
    env = { ...storeEnv(store), PORT: '9123', HOST: '0.0.0.0' };
  });
  after(() => store.cleanup());

  it('prints a one-time link, lists the users who joined, and removes one', async () => {
    const created = await runAevs(['accounts', 'create', '--name', 'Acme'], env);
    assert.equal(created.code, 0, created.stderr);
    const account = created.stdout.trim();
    const invite = await runAevs(
      ['users', 'invite', '--account', account, '--email', 'ops@example.com'],
      env,
    );
    assert.equal(invite.code, 0, invite.stderr);
    assert.match(invite.stdout.trim(), /^http:\/\/127\.0\.0\.1:9123\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/);

    const bad = await runAevs(['users', 'invite', '--account', account, '--email', 'not-an-email'], env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /is not an email address/);
    const unknown = await runAevs(
      ['users', 'invite', '--account', 'acct_nope', '--email', 'a@example.com'],
      env,
    );
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /No account acct_nope/);

    const none = await runAevs(['users', 'list', '--account', account], env);
    assert.equal(none.stdout, '', 'an invitation is not a user until it is used');
    const removeMissing = await runAevs(
      ['users', 'remove', '--account', account, '--email', 'ops@example.com'],
      env,
    );
    assert.equal(removeMissing.code, 1);
    assert.match(removeMissing.stderr, /No user ops@example\.com/);
    // The invited user chooses a password (as the dashboard's invitation page does).
    const opened = await openStore(loadConfig(env));
    try {
      const token = invite.stdout.trim().split('/').pop() ?? '';
      await acceptInvitation({
        ctx: { store: opened, clock: () => new Date() },
        input: { token, password: 'twelve chars ok' },
      });
    } finally {
      await opened.close();
    }
    const listed = await runAevs(['users', 'list', '--account', account], env);
    assert.match(listed.stdout, /^ops@example\.com {2}\d{4}-/);
    const removed = await runAevs(
      ['users', 'remove', '--account', account, '--email', 'OPS@example.com'],
      env,
    );
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(removed.stdout, 'removed ops@example.com\n');
    assert.equal((await runAevs(['users', 'list', '--account', account], env)).stdout, '');
    const help = await runAevs(['users'], env);
    assert.equal(help.code, 2);
    assert.match(help.stderr, /aevs users invite/);
  });
});

describe('dashboard sessions', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('end after 12 hours idle and after 7 days at most, and with the user', async () => {
    const account = await t.newAccount();
    const start = Date.now();
    let now = start;
    const ctx = { store: t.store, clock: () => new Date(now) };
    const invitation = await inviteUser({
      ctx,
      input: { accountId: account.id, email: 's@example.com', actor: 'test' },
    });
    await acceptInvitation({ ctx, input: { token: invitation.token, password: 'twelve chars ok' } });
    const signin = () =>
      signIn({ ctx, input: { email: 's@example.com', password: 'twelve chars ok', client: '::1' } });

    const idle = (await signin()).token;
    now = start + SESSION_IDLE_MS - 60_000;
    assert.ok(await resumeSession({ ctx, input: { token: idle } }), 'used within 12 hours');
    now += SESSION_IDLE_MS - 60_000;
    assert.ok(await resumeSession({ ctx, input: { token: idle } }), 'each use moves the idle limit');
    now += SESSION_IDLE_MS;
    assert.equal(await resumeSession({ ctx, input: { token: idle } }), null, '12 hours idle');

    now = start;
    const busy = (await signin()).token;
    for (now = start; now < start + SESSION_MAX_MS; now += SESSION_IDLE_MS / 2)
      assert.ok(await resumeSession({ ctx, input: { token: busy } }));
    assert.equal(await resumeSession({ ctx, input: { token: busy } }), null, '7 days at most');

    // A sign-in drops failures past the window and sessions past their end.
    now = start;
    await assert.rejects(
      signIn({ ctx, input: { email: 's@example.com', password: 'wrong password', client: '::1' } }),
    );
    const stale = (await signin()).token;
    now = start + SESSION_MAX_MS + 60_000;
    await signin();
    const rows = async (table: string) =>
      Number((await t.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n);
    assert.equal(await rows('dashboard_sign_in_failures'), 0);
    assert.equal(
      await t.db.get('SELECT token_hash FROM dashboard_sessions WHERE token_hash = ?', [hashToken(stale)]),
      undefined,
    );

    const removed = (await signin()).token;
    assert.ok(await resumeSession({ ctx, input: { token: removed } }));
    const user = await t.store.dashboard.findUserByEmail('s@example.com');
    assert.ok(user);
    await t.store.dashboard.removeUser(account.id, user.id);
    assert.equal(await resumeSession({ ctx, input: { token: removed } }), null);
  });

  it('set a Secure cookie behind a proxy that says the request came over HTTPS (AEVS_TRUST_PROXY=1)', async () => {
    const proxied = await startTestApp({ env: { AEVS_TRUST_PROXY: '1' } });
    try {
      const account = await proxied.newAccount();
      const ctx = { store: proxied.store, clock: () => new Date() };
      const invitation = await inviteUser({
        ctx,
        input: { accountId: account.id, email: 'p@example.com', actor: 'test' },
      });
      const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
      const form = await proxied.app.inject({ method: 'GET', url: invitation.path, headers });
      const presession = form.cookies.find((c) => c.name === 'aevs_presession');
      assert.equal(presession?.secure, true);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
      const res = await proxied.app.inject({
        method: 'POST',
        url: invitation.path,
        headers: {
          ...headers,
          cookie: `aevs_presession=${presession?.value}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ _csrf: csrf, password: 'twelve chars ok' }).toString(),
      });
      assert.equal(res.statusCode, 303, res.body);
      assert.equal(res.cookies.find((c) => c.name === 'aevs_session')?.secure, true);
    } finally {
      await proxied.close();
    }
  });
});
