// Screenshots of each dashboard page for README (docs/screenshots/*.png): `npm run screenshots`.
// A server on a throwaway store in a temporary folder, driven by Debian's chromium through
// playwright-core (AEVS_CHROMIUM to use another build).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { chromium, type Page } from 'playwright-core';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';

const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'aevs-screens-'));

const hook = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(500).end());
});
await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;

let banner = '';
const out = new PassThrough();
out.on('data', (d) => {
  banner += d;
});
const app = await startServer(
  loadConfig({
    PORT: '0',
    AEVS_DATA_DIR: dataDir,
    AEVS_ALLOW_PRIVATE_WEBHOOKS: '1',
    AEVS_WEBHOOK_RETRY_SCHEDULE: '0',
    AEVS_LOG_LEVEL: 'warn',
  }),
  out,
);
const base = /Dashboard: (http:\/\/[^/]+)/.exec(banner)?.[1] ?? '';
const link = /Dashboard: (\S+)/.exec(banner)?.[1] ?? '';
const liveKey = /svc_sk_live_\w+/.exec(banner)?.[0] ?? '';
for (let i = 0; i < 7; i++)
  await fetch(`${base}/v1/validate/49004028077`, { headers: { authorization: `Bearer ${liveKey}` } });

const browser = await chromium.launch({
  executablePath: process.env.AEVS_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page: Page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
page.on('dialog', (d) => void d.accept());
const shoot = (name: string, fullPage = true) =>
  page.screenshot({ path: join(OUT, `${name}.png`), fullPage });

await page.goto(link);
await page.fill('#password', 'a long enough passphrase');
await page.click('text=Set password and sign in');
await page.waitForURL(`${base}/dashboard`);

await page.goto(`${base}/dashboard/watches`);
await page.fill('#entities', '44600110236, 600110236');
await page.check('input[value="name_change"]');
await page.check('input[value="deregistration"]');
await page.fill('#webhook_url', hookUrl);
await page.click('text=Create subscription');
await page.click('a:has-text("Open wsub_")');
const watchUrl = page.url();
await page.click('text=Send test event');
for (;;) {
  await page.goto(watchUrl);
  if ((await page.content()).includes('status-failed')) break;
  await page.waitForTimeout(200);
}
await page.click('text=Send test event');
await shoot('watch');
await page.goto(`${base}/dashboard/watches`);
await shoot('watches');

await page.goto(`${base}/dashboard/keys`);
await page.click('text=Create test key');
await shoot('keys');
await page.goto(`${base}/dashboard/team`);
await page.fill('#invite-email', 'ops@example.com');
await page.click('button:has-text("Invite")');
await shoot('team');
await page.goto(`${base}/dashboard/registers`);
await shoot('registers', false); // the first screenful: the page lists every register twice
await page.goto(`${base}/dashboard/activity`);
await shoot('activity');
await new Promise((r) => setTimeout(r, 5500)); // the usage meter writes every 5 seconds
await page.goto(`${base}/dashboard`);
await shoot('overview');
await page.click('text=Sign out');
await shoot('sign-in');

await browser.close();
await app.close();
hook.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(`screenshots written to ${OUT}`);
process.exit(0);
