import assert from 'node:assert/strict';
import { connect, createServer, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb } from '../src/store/open-store.ts';
import { startServerProcess } from './helpers/process.ts';
import { logLines, waitForLog, waitUntilReady } from './helpers/server-ready.ts';
import { storeEnv, testEngine, testStoreSettings } from './helpers/store.ts';

// README "Health": /healthz while the process runs; /readyz once the store is reachable and the sandbox is in.
type Envelope = { error: { type: string; code: string; message: string } };

async function assertNotReady(baseUrl: string, failing: string) {
  const res = await fetch(`${baseUrl}/readyz`);
  assert.equal(res.status, 503);
  const { error } = (await res.json()) as Envelope;
  assert.deepEqual([error.type, error.code], ['service_unavailable', 'not_ready']);
  assert.equal(error.message, `Not ready: ${failing}.`);
}

/** A TCP relay to the PostgreSQL server that the test can cut (refusing connections) and restore. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(target.port, target.host);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
  const port = await listen(0);
  return {
    port,
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    restore: () => listen(port),
    close: () =>
      new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

describe('the server process: health and readiness', () => {
  it('answers /healthz at once, and /readyz 200 with the store and sandbox checks once the sandbox is in', async () => {
    const settings = await testStoreSettings();
    try {
      const server = await startServerProcess({ ...storeEnv(settings), AEVS_LOG_LEVEL: 'info' });
      try {
        // The first request after listening: no waiting for start-up loading.
        const health = await fetch(`${server.baseUrl}/healthz`);
        assert.equal(health.status, 200);
        assert.deepEqual(await health.json(), { status: 'ok' });
        assert.deepEqual(await waitUntilReady(server), {
          status: 'ready',
          checks: { store: 'ok', sandbox: 'ok' },
        });
        const loaded = await waitForLog(server, 'sandbox loaded');
        assert.ok((loaded.datasets as string[]).length > 0);
        // docs/screening.md: the sandbox's screening lists are read into their indexes once loaded,
        // before any request screens against them.
        const deadline = Date.now() + 60_000;
        for (;;) {
          assert.ok(Date.now() < deadline, 'the sandbox lists were not indexed within a minute of its load');
          const indexed = logLines(server).filter((l) => l.msg === 'screening list indexed');
          const datasets = indexed.map((l) => `${l.partition}|${l.dataset}`).sort();
          if (datasets.length >= 3) {
            assert.deepEqual(datasets, [
              'sandbox|asic-banned-orgs',
              'sandbox|asic-banned-persons',
              'sandbox|dfat',
            ]);
            assert.ok(indexed.every((l) => (l.parties as number) > 0));
            break;
          }
          await sleep(50);
        }
      } finally {
        await server.stop();
      }
    } finally {
      await settings.cleanup();
    }
  });

  it('answers /readyz 503 not_ready naming the sandbox when the sandbox load fails', async () => {
    const settings = await testStoreSettings();
    const db = await openDb(settings);
    try {
      // The store refuses every ingest record, so the sandbox load, which writes one per dataset,
      // cannot complete. (Holding the store's lock instead would stall the whole SQLite server.)
      await db.exec(
        db.engine === 'postgres'
          ? `CREATE FUNCTION refuse_ingest() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
             CREATE TRIGGER refuse_ingests BEFORE INSERT ON ingests FOR EACH ROW EXECUTE FUNCTION refuse_ingest();`
          : `CREATE TRIGGER refuse_ingests BEFORE INSERT ON ingests BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;`,
      );
      const server = await startServerProcess({ ...storeEnv(settings), AEVS_LOG_LEVEL: 'info' });
      try {
        await assertNotReady(server.baseUrl, 'sandbox');
        // Still not ready once the load has given up: a failed load is never taken for a done one.
        await waitForLog(server, 'sandbox load failed');
        await assertNotReady(server.baseUrl, 'sandbox');
        assert.equal((await fetch(`${server.baseUrl}/healthz`)).status, 200, 'the process still runs');
        // Once the store takes ingests again, the load is tried again and the server becomes ready.
        await db.exec(`DROP TRIGGER refuse_ingests${db.engine === 'postgres' ? ' ON ingests' : ''}`);
        assert.deepEqual(await waitUntilReady(server, { allowFailedLoad: true }), {
          status: 'ready',
          checks: { store: 'ok', sandbox: 'ok' },
        });
      } finally {
        await server.stop();
      }
    } finally {
      await db.close();
      await settings.cleanup();
    }
  });

  it('answers /readyz 503 not_ready naming the store while the store is unreachable, and 200 once it is back', {
    skip:
      testEngine() === 'sqlite' &&
      'SQLite is in the process and cannot become unreachable: runs with AEVS_TEST_DATABASE_URL',
  }, async () => {
    const settings = await testStoreSettings();
    const url = new URL(settings.databaseUrl ?? '');
    const relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    try {
      const server = await startServerProcess({
        ...storeEnv(settings),
        AEVS_DATABASE_URL: url.toString(),
        AEVS_LOG_LEVEL: 'info',
      });
      try {
        await waitUntilReady(server);
        await relay.cut();
        await assertNotReady(server.baseUrl, 'store');
        assert.equal((await fetch(`${server.baseUrl}/healthz`)).status, 200, 'the process still runs');
        await relay.restore();
        // The pool connects again on its next query.
        let back = await fetch(`${server.baseUrl}/readyz`);
        while (back.status !== 200) {
          await back.arrayBuffer();
          await sleep(100);
          back = await fetch(`${server.baseUrl}/readyz`);
        }
        assert.deepEqual(await back.json(), { status: 'ready', checks: { store: 'ok', sandbox: 'ok' } });
      } finally {
        await server.stop();
      }
    } finally {
      await relay.close();
      await settings.cleanup();
    }
  });
});
