import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { DATASETS, type DatasetName } from '../src/registers/index.ts';
import { openStore } from '../src/store/open-store.ts';
import { CATALOGUE, type CatalogueEntry } from '../src/sync/catalogue.ts';
import { createHttp, DEFAULT_RETRY } from '../src/sync/http.ts';
import { SyncScheduler } from '../src/sync/scheduler.ts';
import { runAevs, type ServerProcess, startServerProcess } from './helpers/process.ts';
import { ckanPackage, type Publisher, resourcePath, startPublisher } from './helpers/publisher-fake.ts';
import { storeEnv, type TestStoreSettings, testStoreSettings } from './helpers/store.ts';
import { type VerifyingReceiver, verifyingReceiver } from './helpers/webhook-receiver.ts';
import { makeZip } from './helpers/zip.ts';

const PKG = {
  id: '7b8656f9-606d-4337-af29-66b89b2eeefb',
  name: 'asic-companies',
  title: 'ASIC - Company Dataset',
};
const CKAN = '/data/api/3/action/package_show?id=asic-companies';
/** Deregistered in the next fixture. */
const ACN = '600302707';

type Source = {
  dataset: string;
  loaded: boolean;
  last_sync_status: string | null;
  next_sync_at: string | null;
};

function publish(p: Publisher, month: string, csv: Buffer, lastModified: string) {
  const path = resourcePath(PKG.id, `zip-${month}`, `company_${month}.zip`);
  p.served.set(CKAN, {
    contentType: 'application/json',
    body: ckanPackage(p.base, PKG, [
      { id: `zip-${month}`, name: 'Company Dataset - Current', path, format: 'ZIP', lastModified },
      {
        id: 'help',
        name: 'Help File',
        path: resourcePath(PKG.id, 'help', 'company-dataset-help-file.pdf'),
        format: 'PDF',
        lastModified: null,
      },
    ]),
  });
  p.served.set(path, {
    body: makeZip([{ name: `company_${month}.csv`, content: csv }]),
    contentType: 'application/zip',
  });
  return path;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe('the sync scheduler (AEVS_SYNC=on)', () => {
  let store: TestStoreSettings;
  let publisher: Publisher;
  let hook: VerifyingReceiver;
  let env: Record<string, string>;
  let servers: ServerProcess[] = [];
  let liveKey: string;

  before(async () => {
    store = await testStoreSettings();
    publisher = await startPublisher();
    hook = await verifyingReceiver();
    const sourcesFile = join(store.dataDir, 'sources.json');
    // Only ASIC's companies, from the loopback publisher: every other dataset turned off.
    const entries: Record<string, unknown> = Object.fromEntries(DATASETS.map((d) => [d, null]));
    entries['asic-companies'] = { ckan: `${publisher.base}${CKAN}` };
    writeFileSync(sourcesFile, JSON.stringify(entries));
    env = {
      ...storeEnv(store),
      AEVS_SOURCES_FILE: sourcesFile,
      AEVS_SYNC: 'on',
      AEVS_ALLOW_PRIVATE_WEBHOOKS: '1',
    };
    const account = await runAevs(['accounts', 'create', '--name', 'sync test'], env);
    assert.equal(account.code, 0, account.stderr);
    const key = await runAevs(['keys', 'create', '--account', account.stdout.trim(), '--mode', 'live'], env);
    liveKey = key.stdout.trim();
  });
  after(async () => {
    for (const s of servers) await s.stop();
    await hook.close();
    await publisher.close();
    await store.cleanup();
  });

  const sourcesOf = async (server: ServerProcess) => {
    const response = await fetch(`${server.baseUrl}/v1/sources`, {
      headers: { authorization: `Bearer ${liveKey}` },
    });
    return new Map(((await response.json()) as { data: Source[] }).data.map((s) => [s.dataset, s]));
  };

  it('fills the live partition with one of two processes syncing, and a live watch hears the next file', async () => {
    const first = publish(
      publisher,
      '202611',
      readFileSync('fixtures/sandbox/asic-companies.csv'),
      '2026-11-17T22:41:12.345678',
    );
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const synced = await until('the first sync', async () => {
      const s = (await sourcesOf(a)).get('asic-companies');
      return s?.last_sync_status === 'synced' ? s : undefined;
    });
    assert.equal(synced.loaded, true);
    assert.ok(
      synced.next_sync_at && synced.next_sync_at > new Date().toISOString(),
      'the next look is scheduled',
    );
    assert.equal(
      (await sourcesOf(b)).get('asic-companies')?.last_sync_status,
      'synced',
      'both see one store',
    );
    // Both processes have looked by now (each looks as it starts): only one downloaded the file.
    await sleep(1_000);
    assert.equal(publisher.downloads(first), 1, 'one process synced');
    const logged = servers.map((s) => (s.stdout().match(/"msg":"sync synced"/g) ?? []).length);
    assert.deepEqual(logged.sort(), [0, 1]);

    const created = await fetch(`${a.baseUrl}/v1/watch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entities: [ACN], events: ['deregistration'], webhook_url: hook.url }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    hook.setSecret(((await created.json()) as { secret: string }).secret);

    publish(
      publisher,
      '202612',
      readFileSync('fixtures/sandbox/next/asic-companies.csv'),
      '2026-12-01T22:40:00.000000',
    );
    const run = await runAevs(['sync', 'asic-companies'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /asic-companies\s+synced\s+company_202612\.zip: .*events [1-9]/);
    await until('the deregistration webhook', async () =>
      [...hook.received.values()].some((n) => n > 0) ? true : undefined,
    );
    assert.equal(hook.rejected(), 0);
  });
});

describe('the sync scheduler’s timing and logs', () => {
  it('syncs a dataset when due, retries a failure an hour later, and logs it once', async () => {
    const settings = await testStoreSettings();
    const publisher = await startPublisher();
    const store = await openStore(settings);
    const http = createHttp(loadConfig({}).proxy, { ...DEFAULT_RETRY, attempts: 1 });
    const logs: Array<{ msg: string; level: number; dataset?: string; recovered?: boolean }> = [];
    const log = createLogger(
      'info',
      new Writable({
        write(chunk, _e, done) {
          for (const l of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(l));
          done();
        },
      }),
    );
    const catalogue = Object.fromEntries(
      DATASETS.map((d) => [d, { ...CATALOGUE[d], locator: null, reason: 'off' }]),
    ) as Record<DatasetName, CatalogueEntry>;
    catalogue.acnc = { ...CATALOGUE.acnc, locator: { url: `${publisher.base}/datadotgov_main.csv` } };
    publisher.served.set('/datadotgov_main.csv', { body: 'x', status: 403 });
    let now = new Date('2026-11-26T00:00:00Z');
    const scheduler = new SyncScheduler({ ctx: { store, clock: () => now }, http, catalogue, log });
    const minutes = (n: number) => {
      now = new Date(now.getTime() + n * 60_000);
    };
    try {
      const first = await scheduler.runDue();
      assert.deepEqual(
        first.map((o) => [o.dataset, o.status]),
        [['acnc', 'failed']],
      );
      assert.equal(
        first[0]?.next_sync_at,
        '2026-11-26T01:00:00.000Z',
        'a failure is tried again an hour later',
      );
      minutes(30);
      assert.deepEqual(await scheduler.runDue(), [], 'not due yet');
      minutes(31);
      assert.equal((await scheduler.runDue())[0]?.status, 'failed');
      const errors = logs.filter((l) => l.msg.startsWith('sync failed'));
      assert.equal(errors.length, 1, 'the same failure is logged once');
      assert.equal(errors[0]?.dataset, 'acnc');

      publisher.served.set('/datadotgov_main.csv', {
        body: readFileSync('fixtures/sandbox/acnc.csv'),
        contentType: 'text/csv',
      });
      minutes(61);
      const fixed = await scheduler.runDue();
      assert.equal(fixed[0]?.status, 'synced');
      assert.equal(fixed[0]?.next_sync_at, new Date(now.getTime() + 24 * 3_600_000).toISOString(), 'daily');
      assert.equal(logs.find((l) => l.msg === 'sync synced')?.recovered, true);
      assert.equal((await store.syncState.get('live', 'acnc'))?.last_sync_error, null);
    } finally {
      await scheduler.stop();
      await http.close();
      await store.close();
      await publisher.close();
      await settings.cleanup();
    }
  });
});
