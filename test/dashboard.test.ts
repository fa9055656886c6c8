import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inviteUser, removeUser } from '../src/dashboard/users.ts';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';
import { DashboardClient } from './helpers/dashboard-client.ts';

const PASSWORD = 'correct horse battery staple';

describe('the account dashboard', () => {
  let t: TestApp;
  let account: TestAccount;
  let other: TestAccount;
  let ip = 1;
  /** Each test signs in from its own client address, so throttling by address stays its own. */
  const client = () => new DashboardClient(t.app, `10.0.0.${ip++}`);
  const ctx = (clock = () => new Date()) => ({ store: t.store, clock });

  /** A user invited by the CLI's verb who has chosen a password: a client signed in. */
  async function signedIn(email: string, accountId = account.id) {
    const invitation = await inviteUser({ ctx: ctx(), input: { accountId, email, actor: 'test' } });
    const c = client();
    assert.equal((await c.get(invitation.path)).statusCode, 200);
    const res = await c.submit(invitation.path, { password: PASSWORD });
    assert.equal(res.statusCode, 303, res.body);
    return c;
  }
  const keyCount = async (accountId = account.id) => (await t.store.apiKeys.list(accountId)).length;

  before(async () => {
    t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    account = await t.newAccount();
    other = await t.newAccount('another');
    await loadSandbox({ ctx: ctx() });
  });
  after(() => t.close());

  it('takes an invitation link to a password and a session cookie, once', async () => {
    const invitation = await inviteUser({
      ctx: ctx(),
      input: { accountId: account.id, email: 'Ops@Example.com', actor: 'test' },
    });
    assert.equal(invitation.email, 'ops@example.com');
    const c = client();
    const page = await c.get(invitation.path);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /ops@example\.com/);

    const short = await c.submit(invitation.path, { password: 'elevenchars' });
    assert.equal(short.statusCode, 400);
    assert.match(short.body, /at least 12 characters/);
    assert.equal(await t.store.dashboard.findUserByEmail('ops@example.com'), undefined, 'nothing made');

    const res = await c.submit(invitation.path, { password: PASSWORD });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/dashboard');
    const cookie = res.cookies.find((k) => k.name === 'aevs_session');
    assert.ok(cookie);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    assert.equal(cookie.path, '/dashboard');
    assert.notEqual(cookie.secure, true, 'not Secure over plain HTTP');
    const sessions = await t.db.all<{ token_hash: string }>('SELECT token_hash FROM dashboard_sessions');
    assert.ok(
      sessions.every((s) => s.token_hash !== cookie.value),
      'the session is stored hashed',
    );
    assert.equal((await c.get('/dashboard')).statusCode, 200);

    const again = await client().get(invitation.path);
    assert.equal(again.statusCode, 404);
    assert.match(again.body, /expired or has been used/);
    assert.ok(
      t.logs.some((l) => l.includes('/dashboard/invite/REDACTED')),
      'the request is logged',
    );
    assert.ok(!t.logs.some((l) => l.includes(invitation.token)), 'never the invitation token');
    const stored = await t.db.all<{ token_hash: string }>('SELECT token_hash FROM dashboard_invitations');
    assert.ok(
      stored.every((i) => !invitation.token.includes(i.token_hash) && i.token_hash !== invitation.token),
    );
  });

  it('refuses an invitation past 24 hours, and one for an email that already signs in', async () => {
    const old = await inviteUser({
      ctx: ctx(() => new Date(Date.now() - 25 * 3600_000)),
      input: { accountId: account.id, email: 'late@example.com', actor: 'test' },
    });
    const res = await client().get(old.path);
    assert.equal(res.statusCode, 404);
    assert.match(res.body, /expired or has been used/);
    await signedIn('taken@example.com');
    await assert.rejects(
      inviteUser({ ctx: ctx(), input: { accountId: other.id, email: 'taken@example.com', actor: 'test' } }),
      /already has a dashboard user/,
    );
  });

  it('sends the security headers and no-store on every page', async () => {
    const c = await signedIn('headers@example.com');
    for (const url of ['/dashboard/sign-in', '/dashboard', '/dashboard/keys', '/dashboard/nowhere']) {
      const res = await c.get(url);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      assert.ok(scriptSrc.includes("'self'") && !scriptSrc.includes('unsafe-inline'), `${url}: ${csp}`);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.equal(res.headers['cache-control'], 'no-store');
    }
    assert.equal((await c.get('/dashboard/nowhere')).statusCode, 404);
    const script = await c.get('/dashboard/assets/dashboard.js');
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /javascript/);
  });

  it('redirects to sign-in without a session, and a POST without one changes nothing', async () => {
    const c = client();
    for (const url of ['/dashboard', '/dashboard/keys', '/dashboard/watches', '/dashboard/activity']) {
      const res = await c.get(url);
      assert.equal(res.statusCode, 303, url);
      assert.equal(res.headers.location, '/dashboard/sign-in');
    }
    const before = await keyCount();
    const res = await c.post('/dashboard/keys', { mode: 'test' });
    assert.equal(res.statusCode, 303);
    assert.equal(await keyCount(), before);
    const page = await c.get('/dashboard/sign-in');
    assert.match(page.body, /<button type="submit" class="primary">Sign in<\/button>/);
  });

  it('the API takes no session cookie, and the dashboard no API key', async () => {
    const c = await signedIn('doors@example.com');
    const api = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { cookie: c.cookieHeader } });
    assert.equal(api.statusCode, 401);
    const dash = await t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(account.testKey) });
    assert.equal(dash.statusCode, 303);
  });

  it('signs in with the same message for a wrong password and an unknown email', async () => {
    await signedIn('signin@example.com');
    const c = client();
    await c.get('/dashboard/sign-in');
    const wrong = await c.submit('/dashboard/sign-in', {
      email: 'signin@example.com',
      password: 'not the password',
    });
    const unknown = await c.submit('/dashboard/sign-in', {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    assert.equal(wrong.statusCode, 400);
    assert.equal(unknown.statusCode, 400);
    const message = (body: string) => /role="alert">([^<]*)</.exec(body)?.[1];
    assert.equal(message(wrong.body), 'The email or password is not right.');
    assert.equal(message(unknown.body), message(wrong.body));
    const ok = await c.submit('/dashboard/sign-in', { email: 'SignIn@example.com', password: PASSWORD });
    assert.equal(ok.statusCode, 303);
    assert.equal((await c.get('/dashboard')).statusCode, 200);
  });

  it('refuses sign-in after 5 failures for an email, the right password included', async () => {
    await signedIn('throttled@example.com');
    const c = client();
    await c.get('/dashboard/sign-in');
    for (let i = 0; i < 5; i++) {
      const res = await c.submit('/dashboard/sign-in', {
        email: 'throttled@example.com',
        password: `wrong ${i}`,
      });
      assert.equal(res.statusCode, 400);
    }
    const right = await c.submit('/dashboard/sign-in', {
      email: 'throttled@example.com',
      password: PASSWORD,
    });
    assert.equal(right.statusCode, 429);
    assert.match(right.body, /Too many failed sign-ins\. Wait 15 minutes/);
    assert.equal(
      right.cookies.find((k) => k.name === 'aevs_session'),
      undefined,
    );
    // Another address is refused too: the limit is the email's.
    const elsewhere = client();
    await elsewhere.get('/dashboard/sign-in');
    const res = await elsewhere.submit('/dashboard/sign-in', {
      email: 'throttled@example.com',
      password: PASSWORD,
    });
    assert.equal(res.statusCode, 429);
  });

  it('refuses sign-in from a client address after 20 failures across emails', async () => {
    await signedIn('address@example.com');
    const c = client();
    await c.get('/dashboard/sign-in');
    for (let i = 0; i < 20; i++) {
      const res = await c.submit('/dashboard/sign-in', {
        email: `guess${i}@example.com`,
        password: 'wrong password',
      });
      assert.equal(res.statusCode, 400);
    }
    const res = await c.submit('/dashboard/sign-in', { email: 'address@example.com', password: PASSWORD });
    assert.equal(res.statusCode, 429);
    const elsewhere = client();
    await elsewhere.get('/dashboard/sign-in');
    const ok = await elsewhere.submit('/dashboard/sign-in', {
      email: 'address@example.com',
      password: PASSWORD,
    });
    assert.equal(ok.statusCode, 303, 'another address signs in');
  });

  it('refuses a POST without a valid CSRF token, and changes nothing', async () => {
    const c = await signedIn('csrf@example.com');
    const d = await signedIn('csrf2@example.com');
    await c.get('/dashboard/keys');
    await d.get('/dashboard/keys');
    const before = await keyCount();
    const fields = c.formFields('/dashboard/keys');
    const missing = await c.post('/dashboard/keys', { mode: 'test', _form: fields._form ?? '' });
    assert.equal(missing.statusCode, 403);
    assert.match(missing.body, /security token/);
    const othersToken = d.formFields('/dashboard/keys')._csrf ?? '';
    const wrong = await c.post('/dashboard/keys', {
      mode: 'test',
      _form: fields._form ?? '',
      _csrf: othersToken,
    });
    assert.equal(wrong.statusCode, 403, "another session's token");
    assert.equal(await keyCount(), before);
    const signIn = await client().post('/dashboard/sign-in', {
      email: 'csrf@example.com',
      password: PASSWORD,
    });
    assert.equal(signIn.statusCode, 403, 'sign-in without the form’s token');
  });

  it('shows a created key once: it works on the API, and neither a reload nor a second submit shows it', async () => {
    const c = await signedIn('keys@example.com');
    await c.get('/dashboard/keys');
    const form = c.formFields('/dashboard/keys');
    const created = await c.post('/dashboard/keys', { ...form, mode: 'test' });
    assert.equal(created.statusCode, 200);
    const key = /svc_sk_test_[A-Za-z0-9]+/.exec(created.body)?.[0];
    assert.ok(key);
    assert.match(created.body, /will not be shown again/);
    const api = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(key) });
    assert.equal(api.statusCode, 200);
    const list = await c.get('/dashboard/keys');
    assert.ok(!list.body.includes(key), 'the key list never shows the key');
    assert.ok(list.body.includes(key.slice(-4)), 'its last four are shown');
    const before = await keyCount();
    const twice = await c.post('/dashboard/keys', { ...form, mode: 'test' });
    assert.equal(twice.statusCode, 409);
    assert.match(twice.body, /already submitted/);
    assert.ok(!twice.body.includes(key));
    assert.equal(await keyCount(), before, 'no second key');
    const activity = await c.get('/dashboard/activity');
    assert.match(activity.body, /key created/);
    assert.ok(!activity.body.includes(key), 'never a key in the activity log');
  });

  it('rolls a key (the old one is refused by the API) and revokes one', async () => {
    const c = await signedIn('roll@example.com');
    await c.get('/dashboard/keys');
    const created = await c.submit('/dashboard/keys', { mode: 'live' });
    const key = /svc_sk_live_[A-Za-z0-9]+/.exec(created.body)?.[0];
    assert.ok(key);
    const keys = await t.store.apiKeys.list(account.id);
    const row = keys.find((k) => key.endsWith(k.last_four) && !k.revoked_at && k.mode === 'live');
    assert.ok(row);
    await c.get('/dashboard/keys');
    assert.match(c.lastPage, /data-confirm="Roll the live key/);
    const rolled = await c.submit(`/dashboard/keys/${row.id}/roll`);
    assert.equal(rolled.statusCode, 200);
    const replacement = /svc_sk_live_[A-Za-z0-9]+/.exec(rolled.body)?.[0];
    assert.ok(replacement && replacement !== key);
    // The old key was never used, so no process has it cached: refused at once.
    assert.equal(
      (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(key) })).statusCode,
      401,
    );
    assert.equal(
      (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: bearer(replacement) })).statusCode,
      200,
    );
    await c.get('/dashboard/keys');
    const next = (await t.store.apiKeys.list(account.id)).find(
      (k) => replacement.endsWith(k.last_four) && !k.revoked_at,
    );
    assert.ok(next);
    const revoked = await c.submit(`/dashboard/keys/${next.id}/revoke`);
    assert.equal(revoked.statusCode, 200);
    assert.ok((await t.store.apiKeys.find(account.id, next.id))?.revoked_at);
  });

  it("answers 404 for another account's key, subscription and user", async () => {
    const c = await signedIn('cross@example.com');
    const theirs = await signedIn('theirs@example.com', other.id);
    await theirs.get('/dashboard/watches');
    const created = await theirs.submit('/dashboard/watches', {
      mode: 'test',
      entities: '44600110236',
      events: ['name_change'],
      webhook_url: 'http://127.0.0.1:9/hook',
    });
    assert.equal(created.statusCode, 200, created.body);
    const subscriptionId = /\/dashboard\/watches\/(wsub_\w+)/.exec(created.body)?.[1];
    assert.ok(subscriptionId);
    const theirKey = (await t.store.apiKeys.list(other.id))[0];
    assert.ok(theirKey);
    assert.equal((await c.get(`/dashboard/watches/${subscriptionId}`)).statusCode, 404);
    assert.equal((await c.get('/dashboard/watches/wsub_missing')).statusCode, 404);
    await c.get('/dashboard/keys');
    const fields = c.formFields('/dashboard/keys');
    const roll = await c.post(`/dashboard/keys/${theirKey.id}/roll`, {
      _csrf: fields._csrf ?? '',
      _form: 'x'.repeat(43),
    });
    assert.equal(roll.statusCode, 404);
    assert.equal((await t.store.apiKeys.find(other.id, theirKey.id))?.revoked_at, null);
    const pause = await c.post(`/dashboard/watches/${subscriptionId}/pause`, {
      _csrf: fields._csrf ?? '',
      _form: 'y'.repeat(43),
    });
    assert.equal(pause.statusCode, 404);
    const theirUser = await t.store.dashboard.findUserByEmail('theirs@example.com');
    assert.ok(theirUser);
    const remove = await c.post(`/dashboard/team/${theirUser.id}/remove`, {
      _csrf: fields._csrf ?? '',
      _form: 'z'.repeat(43),
    });
    assert.equal(remove.statusCode, 404);
    assert.ok(await t.store.dashboard.findUserByEmail('theirs@example.com'));
  });

  it('creates a watch (secret once), pauses, resumes, rolls its secret, sends a test event and deletes it', async () => {
    const c = await signedIn('watches@example.com');
    await c.get('/dashboard/watches');
    const bad = await c.submit('/dashboard/watches', {
      mode: 'test',
      entities: '44600110237',
      events: ['name_change'],
      webhook_url: 'http://127.0.0.1:9/hook',
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /check digit does not match/);
    assert.match(bad.body, /44600110237/, 'the form keeps what was typed');
    const created = await c.submit('/dashboard/watches', {
      mode: 'test',
      entities: '44600110236, 600110236',
      events: ['name_change', 'deregistration'],
      webhook_url: 'http://127.0.0.1:9/hook',
    });
    assert.equal(created.statusCode, 200, created.body);
    assert.match(created.body, /whsec_[A-Za-z0-9+/=]+/);
    const id = /\/dashboard\/watches\/(wsub_\w+)/.exec(created.body)?.[1];
    assert.ok(id);
    const list = await c.get('/dashboard/watches');
    assert.ok(list.body.includes(id));
    assert.ok(!/whsec_/.test(list.body), 'the secret is shown once');
    const api = await t.app.inject({
      method: 'GET',
      url: `/v1/watch/${id}`,
      headers: bearer(account.testKey),
    });
    assert.equal(api.statusCode, 200, 'the API sees the subscription the dashboard made');

    await c.get(`/dashboard/watches/${id}`);
    assert.equal((await c.submit(`/dashboard/watches/${id}/pause`)).statusCode, 303);
    const paused = await c.get(`/dashboard/watches/${id}`);
    assert.match(paused.body, /class="status-paused">paused/);
    assert.match(paused.body, />Resume</);
    assert.equal((await c.submit(`/dashboard/watches/${id}/resume`)).statusCode, 303);
    assert.match((await c.get(`/dashboard/watches/${id}`)).body, />Pause</);

    const rolled = await c.submit(`/dashboard/watches/${id}/roll-secret`);
    assert.equal(rolled.statusCode, 200);
    assert.match(rolled.body, /New signing secret/);
    const test = await c.submit(`/dashboard/watches/${id}/test-event`);
    assert.equal(test.statusCode, 200, test.body);
    assert.match(test.body, /1 deliveries/);
    assert.match(test.body, /evt_\w+/, 'the delivery is listed');

    assert.match(test.body, /data-confirm="Delete this subscription/);
    assert.equal((await c.submit(`/dashboard/watches/${id}/delete`)).statusCode, 303);
    assert.equal((await c.get(`/dashboard/watches/${id}`)).statusCode, 404);
    const activity = (await c.get('/dashboard/activity')).body;
    for (const action of [
      'subscription created',
      'subscription changed',
      'secret rolled',
      'subscription deleted',
    ])
      assert.ok(activity.includes(action), action);
    assert.ok(!/whsec_/.test(activity));
  });

  it('invites from the Team page, and a removed user’s session ends', async () => {
    const c = await signedIn('team@example.com');
    await c.get('/dashboard/team');
    const invited = await c.submit('/dashboard/team/invite', { email: 'new@example.com' });
    assert.equal(invited.statusCode, 200);
    const link = /http:\/\/[^<"]+\/dashboard\/invite\/[A-Za-z0-9_-]+/.exec(invited.body)?.[0];
    assert.ok(link);
    const joined = client();
    const path = new URL(link).pathname;
    await joined.get(path);
    assert.equal((await joined.submit(path, { password: PASSWORD })).statusCode, 303);
    assert.equal((await joined.get('/dashboard/team')).statusCode, 200);
    await removeUser({
      ctx: ctx(),
      input: { accountId: account.id, email: 'new@example.com', actor: 'test' },
    });
    const after = await joined.get('/dashboard/team');
    assert.equal(after.statusCode, 303, 'the removed user is signed out');
    const activity = (await c.get('/dashboard/activity')).body;
    assert.match(activity, /user invited/);
    assert.match(activity, /user removed/);
  });

  it('shows usage, registers and signs out', async () => {
    const c = await signedIn('overview@example.com');
    await t.app.inject({ method: 'GET', url: '/v1/validate/49004028077', headers: bearer(account.liveKey) });
    const overview = await c.get('/dashboard');
    assert.match(overview.body, /<svg class="chart"/);
    const today = new Date().toISOString().slice(0, 10);
    assert.match(overview.body, new RegExp(`<title>${today}: [1-9]\\d*</title>`), "today's live requests");
    assert.match(overview.body, /The last 12 months/);
    const registers = await c.get('/dashboard/registers');
    assert.match(registers.body, /abr-bulk/);
    assert.match(registers.body, /Sandbox \(test keys\)/);
    await c.get('/dashboard');
    const out = await c.submit('/dashboard/sign-out');
    assert.equal(out.statusCode, 303);
    assert.equal((await c.get('/dashboard')).statusCode, 303);
  });
});
