import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { registersState } from '../src/entities/registers-state.ts';
import { newId } from '../src/ids.ts';
import type { Db } from '../src/store/db.ts';
import type { IngestRow } from '../src/store/ingests.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore, type Store } from '../src/store/store.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

// Each process keeps the registers' loaded copies it read until an ingest is applied, by itself or
// by another process on the same store (docs/architecture.md, what a process keeps): a resolve must
// never answer from a copy older than the last applied ingest.

let settings: TestStoreSettings;
let dbA: Db;
let dbB: Db;
let a: Store;
let b: Store;

before(async () => {
  settings = await testStoreSettings();
  dbA = await openDb(settings);
  dbB = await openDb(settings);
  a = createStore(dbA);
  b = createStore(dbB);
});

after(async () => {
  await dbA.close();
  await dbB.close();
  await settings.cleanup();
});

const row = (dataset: string, asOf: string, finishedAt: string): IngestRow => ({
  id: newId('ing'),
  partition: 'live',
  dataset,
  files: '[]',
  status: 'applied',
  as_of: asOf,
  started_at: finishedAt,
  finished_at: finishedAt,
  rows_read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  removed: 0,
  rejected: 0,
  rejected_examples: '[]',
  events: 0,
  error: null,
});

/** Reads until the store shows `asOf` for the dataset, or gives up after 10 s (an announcement is asynchronous). */
async function eventuallyAsOf(store: Store, dataset: string, asOf: string): Promise<string | null> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const seen = (await registersState(store, 'live')).asOf(dataset);
    if (seen === asOf || Date.now() > deadline) return seen;
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('an ingest applied by this process is seen by its next read', async () => {
  await a.transaction((tx) => tx.ingests.insert(row('dfat-sanctions', '2026-11-01', '2026-11-01T01:00:00Z')));
  assert.equal((await registersState(a, 'live')).asOf('dfat-sanctions'), '2026-11-01');
  await a.transaction((tx) => tx.ingests.insert(row('dfat-sanctions', '2026-11-08', '2026-11-08T01:00:00Z')));
  assert.equal((await registersState(a, 'live')).asOf('dfat-sanctions'), '2026-11-08');
});

test('an ingest rolled back leaves the kept copy as it was', async () => {
  const before = (await registersState(a, 'live')).version('dfat-sanctions');
  await assert.rejects(
    a.transaction(async (tx) => {
      await tx.ingests.insert(row('dfat-sanctions', '2026-11-15', '2026-11-15T01:00:00Z'));
      throw new Error('the file was cut short');
    }),
    /cut short/,
  );
  const state = await registersState(a, 'live');
  assert.equal(state.asOf('dfat-sanctions'), '2026-11-08');
  assert.equal(state.version('dfat-sanctions'), before);
});

test('an ingest applied by another process is seen by this one', async () => {
  // Both have read (and kept) the current copy.
  assert.equal((await registersState(a, 'live')).asOf('dfat-sanctions'), '2026-11-08');
  assert.equal((await registersState(b, 'live')).asOf('dfat-sanctions'), '2026-11-08');
  await b.transaction((tx) => tx.ingests.insert(row('dfat-sanctions', '2026-11-22', '2026-11-22T01:00:00Z')));
  assert.equal(await eventuallyAsOf(a, 'dfat-sanctions', '2026-11-22'), '2026-11-22');
  // And a dataset loaded for the first time elsewhere.
  await b.transaction((tx) => tx.ingests.insert(row('asic-banned', '2026-11-20', '2026-11-22T02:00:00Z')));
  assert.equal(await eventuallyAsOf(a, 'asic-banned', '2026-11-20'), '2026-11-20');
});

test('between ingests, reads are answered from the kept copy', async () => {
  // PostgreSQL keeps nothing until its listening connection has heard its own probe.
  const deadline = Date.now() + 10_000;
  while (dbA.ingestsToken?.() === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.notEqual(
    dbA.ingestsToken?.(),
    null,
    `${testEngine()}: the store cannot tell when an ingest is applied`,
  );
  const first = await a.ingests.loadedCopies('live');
  assert.equal(await a.ingests.loadedCopies('live'), first);
});
