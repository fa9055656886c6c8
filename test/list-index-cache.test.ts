import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { REVIEW_THRESHOLD } from '../src/names/align-names.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import { ListIndex, ListIndexCache } from '../src/screen/list-index.ts';
import type { Db } from '../src/store/db.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore, type Store } from '../src/store/store.ts';
import { type TestStoreSettings, testStoreSettings } from './helpers/store.ts';

// docs/screening.md: a list is read into its index once per loaded copy, by one build that every
// request arriving meanwhile waits for, and the build leaves the event loop free between slices.
describe('screening list indexes', () => {
  let settings: TestStoreSettings;
  let db: Db;
  let store: Store;

  before(async () => {
    settings = await testStoreSettings();
    db = await openDb(settings);
    store = createStore(db);
    const inputs = await resolveInputs(await sandboxFiles(SANDBOX_DIR, 'dfat'));
    try {
      await ingest({
        ctx: { store, clock: () => new Date() },
        input: { adapter: ADAPTERS.dfat, files: inputs.files, partition: 'sandbox' },
      });
    } finally {
      await inputs.close();
    }
  });
  after(async () => {
    await db.close();
    await settings.cleanup();
  });

  it('requests arriving together share one build, and a newer copy gets its own', async () => {
    const cache = new ListIndexCache();
    const [a, b, c] = await Promise.all([
      cache.get(store, 'sandbox', 'dfat', 'v1'),
      cache.get(store, 'sandbox', 'dfat', 'v1'),
      cache.get(store, 'sandbox', 'dfat', 'v1'),
    ]);
    assert.equal(a, b);
    assert.equal(a, c);
    assert.equal(await cache.get(store, 'sandbox', 'dfat', 'v1'), a);
    const newer = await cache.get(store, 'sandbox', 'dfat', 'v2');
    assert.notEqual(newer, a);
    assert.equal(newer.entries.length, a.entries.length);
  });

  it('builds a slice at a time, the event loop free meanwhile, into the same index', async () => {
    const listed = await store.records.current('sandbox', 'dfat');
    assert.ok(listed.length > 0);
    // Copies under other keys, enough for several slices.
    const records = Array.from({ length: Math.ceil(1_000 / listed.length) }, (_, k) =>
      listed.map((r) => ({ ...r, key: `${r.key}-${k}` })),
    ).flat();
    let turned = false;
    const building = ListIndex.build(records);
    setImmediate(() => {
      turned = true;
    });
    const built = await building;
    assert.ok(turned, 'another turn of the event loop ran before the build finished');
    const whole = new ListIndex(records);
    assert.equal(built.entries.length, whole.entries.length);
    for (const r of listed) {
      const keys = (i: ListIndex) => i.match(r.name, REVIEW_THRESHOLD).map((m) => m.entry.record.key);
      assert.deepEqual(keys(built), keys(whole), r.name);
    }
  });
});
