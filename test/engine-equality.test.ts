import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { loadSandbox, SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { REGISTERS } from '../src/registers/index.ts';
import type { Db } from '../src/store/db.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

/**
 * Loads the sandbox and then its next/ snapshots into one store: what the ingests add up to, the
 * change events they raise, and the records they leave, in an order both engines share.
 */
async function loadBoth(db: Db) {
  const ctx = { store: createStore(db), clock: () => new Date() };
  const first = await loadSandbox({ ctx });
  const next = [];
  // Lists matched by name go last, as the sandbox loads them, so their matches see every register.
  for (const adapter of [...REGISTERS].sort(
    (a, b) => Number(!!a.nameMatchEvent) - Number(!!b.nameMatchEvent),
  )) {
    const paths = await sandboxFiles(join(SANDBOX_DIR, 'next'), adapter.dataset);
    if (paths.length === 0) continue;
    const inputs = await resolveInputs(paths);
    try {
      next.push(await ingest({ ctx, input: { adapter, files: inputs.files, partition: 'sandbox' } }));
    } finally {
      await inputs.close();
    }
  }
  const counts = [...first, ...next].map((s) => ({
    dataset: s.dataset,
    rows_read: s.rows_read,
    inserted: s.inserted,
    updated: s.updated,
    unchanged: s.unchanged,
    removed: s.removed,
    rejected: s.rejected,
    events: s.events,
    events_by_type: s.events_by_type,
  }));
  const events = (
    await db.all<Record<string, unknown>>(
      'SELECT dataset, source, type, abn, acn, entity_name, changes, as_of FROM change_events',
    )
  )
    .map((e) => JSON.stringify(e))
    .sort();
  const records = (
    await db.all<Record<string, unknown>>(
      `SELECT dataset, record_key, abn, acn, name, names, status, as_of, data, removed_at IS NULL AS current
       FROM source_records`,
    )
  )
    .map((r) => JSON.stringify({ ...r, current: Boolean(r.current) }))
    .sort();
  const names = (
    await db.all<Record<string, unknown>>(
      `SELECT r.dataset, r.record_key, n.name, n.name_type, n.name_key
       FROM source_names n JOIN source_records r ON r.id = n.record_id`,
    )
  )
    .map((n) => JSON.stringify(n))
    .sort();
  return { counts, events, records, names };
}

// SQLite compares a chunk of records at a time; PostgreSQL stages the whole snapshot and compares it
// set-wise. Both must come to the same records, names and change events from the same files.
describe('both engines, the same files', { skip: testEngine() !== 'postgres' }, () => {
  let postgres: TestStoreSettings;
  let sqlite: TestStoreSettings;
  before(async () => {
    postgres = await testStoreSettings();
    const base = await testStoreSettings();
    // The same kind of folder, without the PostgreSQL URL: an SQLite store.
    sqlite = { ...base, databaseUrl: undefined };
  });
  after(async () => {
    await postgres?.cleanup();
    await sqlite?.cleanup();
  });

  it('the sandbox and its next snapshots give identical events, records and names', async () => {
    const pgDb = await openDb(postgres);
    const liteDb = await openDb(sqlite);
    try {
      assert.equal(pgDb.engine, 'postgres');
      assert.equal(liteDb.engine, 'sqlite');
      const [pg, lite] = [await loadBoth(pgDb), await loadBoth(liteDb)];
      assert.ok(
        lite.events.length >= 13,
        `the next snapshots raise events of every type (${lite.events.length})`,
      );
      assert.deepEqual(pg.counts, lite.counts);
      assert.deepEqual(pg.events, lite.events);
      assert.deepEqual(pg.records, lite.records);
      assert.deepEqual(pg.names, lite.names);
    } finally {
      await pgDb.close();
      await liteDb.close();
    }
  });
});
