import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { registersState } from '../src/entities/registers-state.ts';
import { newId } from '../src/ids.ts';
import { serialise } from '../src/ingest/prepare.ts';
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

// An entity's records, as a resolve reads them, are kept the same way.

const COMPANY = { abn: '51824753556', acn: '824753556' };

/** Writes the ABR's record of the company under `name` with an applied ingest, as a load does. */
async function storeCompany(store: Store, name: string, at: string) {
  await store.transaction(async (tx) => {
    const ingest = row('abr-bulk', at.slice(0, 10), at);
    await tx.ingests.insert(ingest);
    const record = {
      key: COMPANY.abn,
      abn: COMPANY.abn,
      acn: COMPANY.acn,
      name,
      names: [],
      status: 'ACT',
      asOf: at.slice(0, 10),
      data: { abn_status: 'ACT' },
    };
    const write = {
      partition: 'live' as const,
      dataset: 'abr-bulk',
      record,
      ...serialise(record),
      at,
      ingestId: ingest.id,
    };
    const [found] = await tx.records.find('live', 'abr-bulk', [COMPANY.abn]);
    if (found) await tx.records.replace(write);
    else await tx.records.insert([write]);
  });
}

/** Reads until the store shows the company under `name`, or gives up after 10 s. */
async function eventuallyNamed(store: Store, name: string): Promise<string | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const seen = (await store.entities.ofEntity('live', { acn: COMPANY.acn }))[0]?.name;
    if (seen === name || Date.now() > deadline) return seen;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until the process has heard of every ingest so far (PostgreSQL hears its own too, a moment after it commits). */
async function settled(db: Db) {
  for (let quiet = 0; quiet < 5; ) {
    const token = db.ingestsToken?.();
    await new Promise((r) => setTimeout(r, 40));
    quiet = db.ingestsToken?.() === token ? quiet + 1 : 0;
  }
}

test("an entity's records are kept between ingests, shared and frozen", async () => {
  await storeCompany(a, 'KEPT TRADING PTY LTD', '2026-11-23T01:00:00Z');
  await settled(dbA);
  // Kept once read a second time: a company asked for once is not kept.
  const once = await a.entities.ofEntity('live', { abn: COMPANY.abn });
  const first = await a.entities.ofEntity('live', { abn: COMPANY.abn });
  assert.notEqual(first, once);
  assert.deepEqual(first, once);
  assert.equal(first[0]?.name, 'KEPT TRADING PTY LTD');
  // Found by its ACN too: the ABR's record names it as the ASIC number.
  assert.equal((await a.entities.ofEntity('live', { acn: COMPANY.acn }))[0]?.abn, COMPANY.abn);
  assert.equal(await a.entities.ofEntity('live', { abn: COMPANY.abn }), first);
  // A caller cannot change what the next request will read.
  assert.throws(() => {
    (first[0] as { name: string }).name = 'CHANGED';
  }, TypeError);
  assert.throws(() => {
    (first[0]?.data as Record<string, unknown>).abn_status = 'CAN';
  }, TypeError);
  // Nothing is kept inside a transaction: it reads what the transaction wrote.
  await a
    .transaction(async (tx) => {
      await tx.records.markRemoved('live', 'abr-bulk', COMPANY.abn, '2026-11-23T02:00:00Z');
      assert.deepEqual(await tx.entities.ofEntity('live', { abn: COMPANY.abn }), []);
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  assert.equal((await a.entities.ofEntity('live', { abn: COMPANY.abn }))[0]?.name, 'KEPT TRADING PTY LTD');
});

test("an entity's records changed by this process's ingest are read at once", async () => {
  await storeCompany(a, 'KEPT TRADING PTY LTD', '2026-11-23T01:00:00Z');
  assert.equal((await a.entities.ofEntity('live', { abn: COMPANY.abn }))[0]?.name, 'KEPT TRADING PTY LTD');
  await storeCompany(a, 'RENAMED TRADING PTY LTD', '2026-11-24T01:00:00Z');
  assert.equal((await a.entities.ofEntity('live', { abn: COMPANY.abn }))[0]?.name, 'RENAMED TRADING PTY LTD');
});

test("an entity's records changed by another process's ingest are read again", async () => {
  assert.equal(await eventuallyNamed(b, 'RENAMED TRADING PTY LTD'), 'RENAMED TRADING PTY LTD');
  await storeCompany(a, 'THIRD NAME PTY LTD', '2026-11-25T01:00:00Z');
  assert.equal(await eventuallyNamed(b, 'THIRD NAME PTY LTD'), 'THIRD NAME PTY LTD');
});
