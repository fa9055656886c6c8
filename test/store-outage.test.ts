import assert from 'node:assert/strict';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createAccount } from '../src/accounts/create-account.ts';
import { createKey } from '../src/accounts/keys.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { AppError } from '../src/errors.ts';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { createLogger } from '../src/logger.ts';
import { openDb, openStore } from '../src/store/open-store.ts';
import type { Store } from '../src/store/store.ts';
import { bearer } from './helpers/app.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

/** A TCP relay to PostgreSQL that can be cut: every connection dropped, new ones refused at once. */
async function relay(target: URL) {
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    cut: () => {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      down = false;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe(`a store that cannot be reached (${testEngine()})`, () => {
  let settings: TestStoreSettings;
  let store: Store;
  let app: FastifyInstance;
  let key: string;
  let cutOff: { cut: () => void; restore: () => void; close: () => void } | undefined;
  const logs: string[] = [];
  before(async () => {
    settings = await testStoreSettings();
    let databaseUrl = settings.databaseUrl;
    if (databaseUrl) {
      const url = new URL(databaseUrl);
      const r = await relay(new URL(databaseUrl));
      cutOff = r;
      url.hostname = '127.0.0.1';
      url.port = String(r.port);
      databaseUrl = url.toString();
    }
    const config = { ...loadConfig({}), dataDir: settings.dataDir, databaseUrl };
    store = await openStore(config);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ config, store, log: createLogger('info', sink) });
    const clock = () => new Date();
    await loadSandbox({ ctx: { store, clock } });
    const account = await createAccount({ ctx: { store, clock }, input: { name: 'outage' } });
    key = (await createKey({ ctx: { store, clock }, input: { accountId: account.id, mode: 'test' } })).key;
  });
  after(async () => {
    await app.close();
    await store.close();
    cutOff?.close();
    await settings.cleanup();
  });

  const outageLines = () => logs.filter((l) => l.includes('the store cannot be reached')).length;

  it('PostgreSQL gone: a request that needs it is a 503 with Retry-After, logged once, and it recovers', {
    skip: testEngine() !== 'postgres',
  }, async () => {
    const resolve = () =>
      app.inject({
        method: 'POST',
        url: '/v1/resolve',
        headers: bearer(key),
        payload: { abn: '44600110236' },
      });
    assert.equal((await resolve()).statusCode, 200);
    cutOff?.cut();
    for (let i = 0; i < 3; i++) {
      const res = await resolve();
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.json().error.type, 'service_unavailable');
      assert.equal(res.json().error.code, 'store_unavailable');
      assert.equal(res.headers['retry-after'], '5');
    }
    // A call that needs no store (the key is held in memory a while) still answers.
    const validate = await app.inject({
      method: 'GET',
      url: '/v1/validate/49004028077',
      headers: bearer(key),
    });
    assert.equal(validate.statusCode, 200);
    assert.equal(outageLines(), 1, 'the outage is logged once, not once per request');
    cutOff?.restore();
    assert.equal((await resolve()).statusCode, 200);
    assert.ok(logs.some((l) => l.includes('the store answers again')));
  });

  it('SQLite locked past its busy timeout: a write is a 503 with Retry-After, reads go on, logged once', {
    skip: testEngine() !== 'sqlite',
  }, async () => {
    const other = new DatabaseSync(join(settings.dataDir, 'aevs.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    try {
      let writeAnswered = false;
      const writing = app.inject({
        method: 'POST',
        url: '/v1/watch',
        headers: bearer(key),
        payload: {
          entities: ['44600110236'],
          events: ['name_change'],
          webhook_url: 'https://93.184.216.34/hook',
        },
      });
      writing.then(() => {
        writeAnswered = true;
      });
      // The write waits for the lock without holding up the process: a read is answered meanwhile.
      const read = await app.inject({
        method: 'POST',
        url: '/v1/resolve',
        headers: bearer(key),
        payload: { abn: '44600110236' },
      });
      assert.equal(read.statusCode, 200, 'readers are not held up by a writer');
      assert.equal(writeAnswered, false, 'the read was answered while the write waited');
      const watch = await writing;
      assert.equal(watch.statusCode, 503, watch.body);
      assert.equal(watch.json().error.code, 'store_unavailable');
      assert.equal(watch.headers['retry-after'], '5');
      assert.equal(outageLines(), 1);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });
});

describe('PostgreSQL tables held locked by a load', { skip: testEngine() !== 'postgres' }, () => {
  it('a read outside a transaction is a 503 once the lock timeout passes; a transaction waits', async () => {
    const settings = await testStoreSettings();
    const db = await openDb(settings);
    const holder = new pg.Client({ connectionString: settings.databaseUrl });
    await holder.connect();
    try {
      // What a large first load holds from setting the indexes aside until it commits.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE source_records IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      await assert.rejects(
        db.all('SELECT COUNT(*) AS n FROM source_records'),
        (error: unknown) => error instanceof AppError && error.code === 'store_unavailable',
      );
      const waited = performance.now() - started;
      assert.ok(waited >= 4_500 && waited < 15_000, `failed after ${waited.toFixed(0)} ms`);
      let done = false;
      const inTransaction = db
        .transaction((tx) => tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM source_records'))
        .then((row) => {
          done = true;
          return row;
        });
      await sleep(6_000);
      assert.equal(done, false, 'the transaction is still waiting for the lock');
      await holder.query('COMMIT');
      assert.equal(Number((await inTransaction)?.n), 0);
      assert.equal(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM source_records'))?.n), 0);
    } finally {
      await holder.end();
      await db.close();
      await settings.cleanup();
    }
  });
});
