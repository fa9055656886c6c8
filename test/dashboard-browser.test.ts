import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { runAevs, type ServerProcess, startServerProcess } from './helpers/process.ts';
import { storeEnv, type TestStoreSettings, testStoreSettings } from './helpers/store.ts';
import { switchableReceiver } from './helpers/webhook-receiver.ts';

// Debian's chromium package, driven by playwright-core (which never downloads a browser).
const CHROMIUM = process.env.AEVS_CHROMIUM ?? '/usr/bin/chromium';
const required = process.env.AEVS_REQUIRE_BROWSER === '1';
const skip = existsSync(CHROMIUM)
  ? false
  : `no browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium) to run this test`;
if (skip && required) throw new Error(`AEVS_REQUIRE_BROWSER=1 but ${skip}`);

const PASSWORD = 'a long enough passphrase';

/** Reloads `url` until `text` is on the page (the delivery worker runs in the server, on its own time). */
async function untilShown(page: Page, url: string, text: string) {
  for (;;) {
    await page.goto(url);
    if ((await page.content()).includes(text)) return;
    await page.waitForTimeout(200);
  }
}

describe('the dashboard in a real browser', { skip }, () => {
  let store: TestStoreSettings;
  let server: ServerProcess;
  let browser: Browser;
  let hook: Awaited<ReturnType<typeof switchableReceiver>>;
  let env: Record<string, string>;

  before(async () => {
    store = await testStoreSettings();
    hook = await switchableReceiver();
    env = {
      ...storeEnv(store),
      AEVS_ALLOW_PRIVATE_WEBHOOKS: '1',
      AEVS_WEBHOOK_RETRY_SCHEDULE: '0',
      AEVS_LOG_LEVEL: 'warn',
    };
    server = await startServerProcess({ ...env, AEVS_LOG_LEVEL: 'info' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    hook?.close();
    await store?.cleanup();
  });

  it('from the printed invitation link to keys, a watch, its deliveries and sign-out', async () => {
    const link = /Dashboard: (http:\/\/\S+\/dashboard\/invite\/\S+)/.exec(server.stdout())?.[1];
    assert.ok(link, server.stdout());
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('dialog', (d) => void d.accept());
    const base = server.baseUrl;
    const api = (key: string, path = '/v1/usage') =>
      fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

    // The invitation: a password, and the overview.
    await page.goto(link);
    await page.fill('#password', PASSWORD);
    await page.click('text=Set password and sign in');
    await page.waitForURL(`${base}/dashboard`);
    assert.equal(await page.textContent('h1'), 'Overview');

    // Create test key: shown once, works on the API, gone when the page is opened again.
    await page.click('text=API keys');
    await page.click('text=Create test key');
    const key = (await page.textContent('#new-key'))?.trim() ?? '';
    assert.match(key, /^svc_sk_test_/);
    assert.match((await page.textContent('.notice.secret')) ?? '', /will not be shown again/);
    assert.equal(await api(key), 200);
    await page.goto(`${base}/dashboard/keys`);
    assert.ok(!(await page.content()).includes(key), 'not shown again');

    // Roll (confirmed): the replacement is shown once and the old key is refused (within 10 s).
    await page.click(`tr:has-text("${key.slice(-4)}") >> text=Roll`);
    const replacement = (await page.textContent('#new-key'))?.trim() ?? '';
    assert.match(replacement, /^svc_sk_test_/);
    assert.notEqual(replacement, key);
    while ((await api(key)) !== 401) await page.waitForTimeout(250);
    assert.equal(await api(replacement), 200);

    // A watch made in the dashboard, on a receiver that fails at first.
    await page.click('text=Watches');
    await page.fill('#entities', '44600110236');
    await page.check('input[value="name_change"]');
    await page.fill('#webhook_url', hook.url);
    await page.click('text=Create subscription');
    assert.match((await page.textContent('#new-secret')) ?? '', /^whsec_/);
    await page.click('a:has-text("Open wsub_")');
    const watchUrl = page.url();
    assert.match(watchUrl, /\/dashboard\/watches\/wsub_/);

    // Its deliveries: a test event, failed after its attempts.
    await page.click('text=Send test event');
    await untilShown(page, watchUrl, 'class="status-failed"');
    const eventId = (await page.textContent('tr:has(.status-failed) td.mono'))?.trim() ?? '';
    assert.match(eventId, /^evt_/);
    const sentBefore = hook.ids.filter((id) => id === eventId).length;
    assert.equal(sentBefore, 2, 'the first attempt and one retry');

    // Pause, Resume.
    await page.click('button:has-text("Pause")');
    assert.match((await page.textContent('table')) ?? '', /paused/);
    await page.click('button:has-text("Resume")');
    await page.waitForSelector('button:has-text("Pause")');

    // Resend of the failed delivery: the same webhook-id arrives again.
    hook.accept();
    await page.click(`tr:has-text("${eventId}") >> button:has-text("Resend")`);
    await untilShown(page, watchUrl, 'class="status-delivered"');
    assert.equal(hook.ids.filter((id) => id === eventId).length, sentBefore + 1);
    assert.deepEqual(problems, [], 'no console errors on the way');

    // Another account's subscription is not found, like a missing one.
    const created = await runAevs(['accounts', 'create', '--name', 'someone else'], env);
    const otherKey = (
      await runAevs(['keys', 'create', '--account', created.stdout.trim(), '--mode', 'test'], env)
    ).stdout.trim();
    const theirs = await fetch(`${base}/v1/watch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${otherKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entities: ['44600110236'], events: ['name_change'], webhook_url: hook.url }),
    }).then((r) => r.json() as Promise<{ subscription: { id: string } }>);
    const cross = await page.goto(`${base}/dashboard/watches/${theirs.subscription.id}`);
    assert.equal(cross?.status(), 404);

    // A form whose CSRF token was tampered with is refused, and nothing changes.
    await page.goto(`${base}/dashboard/keys`);
    const keysBefore = await page.locator('tbody tr').count();
    await page
      .locator('form[action="/dashboard/keys"] input[name="_csrf"]')
      .first()
      .evaluate((input: { setAttribute: (name: string, value: string) => void }) =>
        input.setAttribute('value', 'forged'),
      );
    const [refused] = await Promise.all([
      page.waitForResponse(/\/dashboard\/keys$/),
      page.click('text=Create test key'),
    ]);
    assert.equal(refused.status(), 403);
    await page.goto(`${base}/dashboard/keys`);
    assert.equal(await page.locator('tbody tr').count(), keysBefore);

    // Sign out; then five wrong passwords and the right one is refused for a while.
    await page.click('text=Sign out');
    await page.waitForURL(`${base}/dashboard/sign-in`);
    for (let i = 0; i < 5; i++) {
      await page.fill('#email', 'demo@example.com');
      await page.fill('#password', `wrong password ${i}`);
      await page.click('button:has-text("Sign in")');
      assert.match((await page.textContent('[role=alert]')) ?? '', /email or password is not right/);
    }
    await page.fill('#email', 'demo@example.com');
    await page.fill('#password', PASSWORD);
    const [throttled] = await Promise.all([
      page.waitForResponse(/\/dashboard\/sign-in$/),
      page.click('button:has-text("Sign in")'),
    ]);
    assert.equal(throttled.status(), 429);
    assert.match((await page.textContent('[role=alert]')) ?? '', /Wait 15 minutes/);

    // The refusals above are answers the test asked for; anything else in the console is a fault.
    const unexpected = problems.filter((p) => !/status of (400|403|404|429)/.test(p));
    assert.deepEqual(unexpected, []);
  });
});
