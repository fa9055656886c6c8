import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import type { Db } from '../src/store/db.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { startServerProcess } from './helpers/process.ts';
import { waitForLog, waitUntilReady } from './helpers/server-ready.ts';
import { storeEnv, testStoreSettings } from './helpers/store.ts';

const sandboxIngests = async (db: Db) =>
  (await db.all<{ id: string }>("SELECT id FROM ingests WHERE partition = 'sandbox' ORDER BY id")).map(
    (r) => r.id,
  );

describe('the sandbox load at server start', () => {
  // README "The sandbox": a dataset already loaded is not reloaded at start, so changes survive restarts.
  it('does not reload a dataset already in the sandbox, and keeps a newer copy ingested between starts', async () => {
    const settings = await testStoreSettings();
    const env = { ...storeEnv(settings), AEVS_LOG_LEVEL: 'info' };
    let db: Db | undefined;
    try {
      const first = await startServerProcess(env);
      try {
        await waitUntilReady(first);
        const loaded = await waitForLog(first, 'sandbox loaded');
        assert.ok((loaded.datasets as string[]).includes('asic-companies'), 'the first start loads it');
      } finally {
        await first.stop();
      }

      // A newer copy, as README's `aevs ingest … --partition sandbox` over fixtures/sandbox/next does.
      db = await openDb(settings);
      const inputs = await resolveInputs(await sandboxFiles(join(SANDBOX_DIR, 'next'), 'asic-companies'));
      const newer = await ingest({
        ctx: { store: createStore(db), clock: () => new Date() },
        input: { adapter: ADAPTERS['asic-companies'], files: inputs.files, partition: 'sandbox' },
      }).finally(() => inputs.close());
      assert.ok(newer.events > 0, 'the newer copy changes something');
      const before = await sandboxIngests(db);

      const second = await startServerProcess(env);
      try {
        assert.deepEqual(await waitUntilReady(second), {
          status: 'ready',
          checks: { store: 'ok', sandbox: 'ok' },
        });
        const loaded = await waitForLog(second, 'sandbox loaded');
        assert.deepEqual([loaded.datasets, loaded.events], [[], 0], 'nothing loaded again');
        assert.deepEqual(await sandboxIngests(db), before, 'no new sandbox ingest');
        const latest = await createStore(db).ingests.latest('sandbox');
        assert.equal(
          latest.find((i) => i.dataset === 'asic-companies')?.id,
          newer.id,
          'the newer copy stays',
        );
      } finally {
        await second.stop();
      }
    } finally {
      await db?.close();
      await settings.cleanup();
    }
  });
});
