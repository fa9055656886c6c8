import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { abnFromAcn } from '../src/identifiers/check-digits.ts';
import { IngestError, type IngestSummary, type InputFile, ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { SANDBOX_DIR } from '../src/ingest/load-sandbox.ts';
import { nameKey } from '../src/names/name-key.ts';
import { adapter as abrBulk } from '../src/registers/abr-bulk/parse.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import { col, readTable } from '../src/registers/tabular.ts';
import type { ParseItem, RegisterAdapter } from '../src/registers/types.ts';
import { startFreshLoad } from '../src/store/bulk-load.ts';
import { eventsOfIngest } from '../src/store/change-events.ts';
import type { Db } from '../src/store/db.ts';
import { nameCandidates } from '../src/store/name-search.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

// A roll of companies: enough rows that a first load sets the store's indexes aside (20,000+).
const rollAdapter: RegisterAdapter = {
  dataset: 'npii',
  title: 'Test roll',
  source: 'afsa',
  async *parse(input, { fileName }): AsyncGenerator<ParseItem> {
    for await (const item of readTable(input, { fileName, required: ['abn', 'name'] })) {
      if (item.kind === 'rejected') {
        yield item;
        continue;
      }
      const abn = col(item.row, 'abn');
      const name = col(item.row, 'name');
      const record = { key: abn, abn, acn: null, name, names: [], status: 'ACT', asOf: null, data: {} };
      yield { kind: 'record', record, line: item.line };
    }
  },
  diff: (before, after) =>
    before && after && before.name !== after.name
      ? [
          {
            type: 'name_change',
            entity: { abn: after.abn, name: after.name },
            changes: [{ field: 'name', old: before.name, new: after.name }],
          },
        ]
      : [],
};

const ROWS = 25_000;
const abnOf = (i: number) => abnFromAcn(String(200_000_000 + i * 7));
const rollFile = (rows: string[], failAfter?: number): InputFile => ({
  name: 'roll.csv',
  open: async () =>
    Readable.from(
      (async function* () {
        yield Buffer.from('abn,name\n');
        for (let i = 0; i < rows.length; i++) {
          if (i === failAfter) throw new Error('connection reset while reading');
          yield Buffer.from(`${rows[i]}\n`);
        }
      })(),
    ),
});
const rows = (n: number, name = (i: number) => `ROLL COMPANY NUMBER ${i} PTY LTD`) =>
  Array.from({ length: n }, (_, i) => `${abnOf(i)},${name(i)}`);

const ctxOf = (db: Db) => ({ store: createStore(db), clock: () => new Date() });

/** The store's indexes and triggers, as the engine describes them. */
const schema = (db: Db) =>
  db.engine === 'sqlite'
    ? db.all("SELECT type, name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY name")
    : db.all(
        'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname',
      );

/** PostgreSQL: a first load gave the records their ids itself; the sequence must have moved past them all. */
async function assertIdsPastLoad(db: Db) {
  const ids = await db.get<{ top: number; next: number }>(
    "SELECT (SELECT MAX(id) FROM source_records) AS top, nextval(pg_get_serial_sequence('source_records', 'id')) AS next",
  );
  assert.ok(Number(ids?.next) > Number(ids?.top), JSON.stringify(ids));
}

describe(`first loads in bulk (${testEngine()})`, () => {
  let settings: TestStoreSettings;
  let db: Db;
  let fresh: unknown[];
  before(async () => {
    settings = await testStoreSettings();
    db = await openDb(settings);
    fresh = await schema(db);
  });
  after(async () => {
    await db.close();
    await settings.cleanup();
  });

  it('applies nothing of a large first load that fails half way, and leaves every index in place', async () => {
    await assert.rejects(
      ingest({
        ctx: ctxOf(db),
        input: { adapter: rollAdapter, files: [rollFile(rows(ROWS), 22_000)], partition: 'live' },
      }),
      (error: unknown) => error instanceof IngestError && /roll\.csv: connection reset/.test(error.message),
    );
    const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM source_records');
    assert.equal(Number(count?.n), 0);
    assert.deepEqual(await schema(db), fresh);
  });

  it('applies nothing of a large first load that fails while its records are being sent straight in', async () => {
    // Long names, so that rounds of records have gone to the store before the file fails.
    const long = (i: number) =>
      `ROLL COMPANY NUMBER ${i} ${'WITH A VERY LONG TRADING NAME '.repeat(12)}PTY LTD`;
    for (const failAt of [12_000, 21_000]) {
      await assert.rejects(
        ingest({
          ctx: ctxOf(db),
          input: { adapter: rollAdapter, files: [rollFile(rows(ROWS, long), failAt)], partition: 'live' },
        }),
        (error: unknown) => error instanceof IngestError && /Nothing was applied/.test(error.message),
      );
      const counts = await db.get<{ records: number; names: number }>(
        'SELECT (SELECT COUNT(*) FROM source_records) AS records, (SELECT COUNT(*) FROM source_names) AS names',
      );
      assert.deepEqual([Number(counts?.records), Number(counts?.names)], [0, 0], `failing at ${failAt}`);
      assert.deepEqual(await schema(db), fresh);
    }
  });

  it('fails, and does not hang, on a value the store refuses just before the load goes straight in', {
    skip: testEngine() !== 'postgres',
    timeout: 60_000,
  }, async () => {
    // PostgreSQL refuses a NUL in text: the COPY into the stage fails as the load switches over,
    // while the file's reader is still full of rows.
    const all = rows(ROWS, (i) => (i === 4_990 ? 'NUL\u0000COMPANY' : `ROLL COMPANY NUMBER ${i} PTY LTD`));
    await assert.rejects(
      ingest({ ctx: ctxOf(db), input: { adapter: rollAdapter, files: [rollFile(all)], partition: 'live' } }),
      (error: unknown) => error instanceof IngestError && /Nothing was applied/.test(error.message),
    );
    const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM source_records');
    assert.equal(Number(count?.n), 0);
    assert.deepEqual(await schema(db), fresh);
  });

  it('loads a large first snapshot whole: duplicates rejected, indexes rebuilt as they were, names searchable', async () => {
    // Copies of a key among the first rows (written through the indexes, or staged), between the
    // first rows and the last (sent after the indexes are set aside), and among the last rows.
    const all = rows(ROWS);
    all.splice(10, 0, `${abnOf(1)},AN EARLY SECOND COPY`);
    all.push(`${abnOf(5)},A SECOND COPY`, `${abnOf(ROWS - 3)},A LATE SECOND COPY`);
    const s = await ingest({
      ctx: ctxOf(db),
      input: { adapter: rollAdapter, files: [rollFile(all)], partition: 'live' },
    });
    assert.deepEqual([s.inserted, s.rejected, s.events], [ROWS, 3, 0]);
    const twice = (abn: string) => `record ${abn} appears twice in this snapshot; the first is kept`;
    assert.deepEqual(s.rejected_examples, [
      { file: 'roll.csv', line: 12, reason: twice(abnOf(1)) },
      { file: 'roll.csv', line: ROWS + 3, reason: twice(abnOf(5)) },
      { file: 'roll.csv', line: ROWS + 4, reason: twice(abnOf(ROWS - 3)) },
    ]);
    // The first copy of each stays, with its names alone; the later copies left nothing behind.
    for (const i of [1, 5, ROWS - 3]) {
      const kept = await db.all<{ name: string; names: number }>(
        'SELECT r.name, (SELECT COUNT(*) FROM source_names n WHERE n.record_id = r.id) AS names FROM source_records r WHERE r.abn = ?',
        [abnOf(i)],
      );
      assert.deepEqual(
        kept.map((k) => [k.name, Number(k.names)]),
        [[`ROLL COMPANY NUMBER ${i} PTY LTD`, 1]],
      );
    }
    const counts = await db.get<{ records: number; names: number }>(
      'SELECT (SELECT COUNT(*) FROM source_records) AS records, (SELECT COUNT(*) FROM source_names) AS names',
    );
    assert.deepEqual([Number(counts?.records), Number(counts?.names)], [ROWS, ROWS]);
    assert.deepEqual(await nameCandidates(db, 'live', ['SECOND', 'COPY']), []);
    assert.deepEqual(await schema(db), fresh);
    if (db.engine === 'sqlite')
      await db.run("INSERT INTO source_names_fts (source_names_fts, rank) VALUES ('integrity-check', 1)");
    else await assertIdsPastLoad(db);
    // The first rows went in through the indexes, the last after they were set aside.
    for (const i of [3, ROWS - 1]) {
      const found = await nameCandidates(db, 'live', nameKey(`ROLL COMPANY NUMBER ${i}`).split(' '));
      assert.equal(found[0]?.abn, abnOf(i));
    }
  });

  it('then compares the next snapshot record by record: unchanged, changed with events', async () => {
    const again = await ingest({
      ctx: ctxOf(db),
      input: { adapter: rollAdapter, files: [rollFile(rows(ROWS))], partition: 'live' },
    });
    assert.deepEqual([again.inserted, again.updated, again.unchanged, again.events], [0, 0, ROWS, 0]);
    const renamed = await ingest({
      ctx: ctxOf(db),
      input: {
        adapter: rollAdapter,
        files: [
          rollFile(rows(ROWS, (i) => (i === 7 ? 'RENAMED PTY LTD' : `ROLL COMPANY NUMBER ${i} PTY LTD`))),
        ],
        partition: 'live',
      },
    });
    assert.deepEqual([renamed.updated, renamed.unchanged, renamed.events], [1, ROWS - 1, 1]);
    const found = await nameCandidates(db, 'live', ['RENAMED']);
    assert.equal(found[0]?.abn, abnOf(7));
  });
});

describe(`a large first load holding each key once (${testEngine()})`, () => {
  it('is stored whole, its indexes built as they were, and its words found even misspelt', async () => {
    const settings = await testStoreSettings();
    const db = await openDb(settings);
    try {
      const fresh = await schema(db);
      // A word only a row sent after the indexes were set aside holds.
      const all = rows(ROWS, (i) =>
        i === ROWS - 2 ? 'ZANZIBAR SPICE TRADERS PTY LTD' : `ROLL COMPANY NUMBER ${i} PTY LTD`,
      );
      const s = await ingest({
        ctx: ctxOf(db),
        input: { adapter: rollAdapter, files: [rollFile(all)], partition: 'live' },
      });
      assert.deepEqual([s.inserted, s.rejected, s.events], [ROWS, 0, 0]);
      const counts = await db.get<{ records: number; names: number; keys: number }>(
        `SELECT (SELECT COUNT(*) FROM source_records) AS records, (SELECT COUNT(*) FROM source_names) AS names,
           (SELECT COUNT(DISTINCT record_key) FROM source_records) AS keys`,
      );
      assert.deepEqual(
        [Number(counts?.records), Number(counts?.names), Number(counts?.keys)],
        [ROWS, ROWS, ROWS],
      );
      assert.deepEqual(await schema(db), fresh);
      const found = await nameCandidates(db, 'live', ['ZANZIBAR']);
      assert.deepEqual(
        found.map((c) => c.abn),
        [abnOf(ROWS - 2)],
      );
      if (db.engine === 'postgres') {
        // A typo in the first letters, found among the words the names sent straight in hold.
        const typo = await nameCandidates(db, 'live', ['ZNAZIBAR']);
        assert.deepEqual(
          typo.map((c) => c.abn),
          [abnOf(ROWS - 2)],
        );
        await assertIdsPastLoad(db);
        // Into empty tables, the rows were written frozen: their pages are all-visible already (as the
        // statistics gathered at the end count them), where rows written as usual have none so.
        const pages = await db.get<{ pages: number; visible: number }>(
          "SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE oid = 'source_records'::regclass",
        );
        assert.ok(Number(pages?.visible) >= 0.7 * Number(pages?.pages), JSON.stringify(pages));
      }
    } finally {
      await db.close();
      await settings.cleanup();
    }
  });

  it('keeps another dataset’s rows when the tables it goes straight into are not empty', async () => {
    const settings = await testStoreSettings();
    const db = await openDb(settings);
    try {
      await db.run(
        `INSERT INTO source_records (partition, dataset, record_key, name, names, data, fingerprint, first_seen_at, updated_at)
         VALUES ('live', 'other', 'k1', 'OTHER NAME', '[]', '{}', 'f', '2026-11-26', '2026-11-26')`,
      );
      await db.run(
        "INSERT INTO source_names (record_id, name, name_type, name_key) SELECT id, 'OTHER NAME', 'main', 'OTHER NAME' FROM source_records",
      );
      const s = await ingest({
        ctx: ctxOf(db),
        input: { adapter: rollAdapter, files: [rollFile(rows(ROWS))], partition: 'live' },
      });
      assert.equal(s.inserted, ROWS);
      const other = await db.get<{ records: number; names: number }>(
        `SELECT (SELECT COUNT(*) FROM source_records WHERE dataset = 'other') AS records,
           (SELECT COUNT(*) FROM source_names WHERE name = 'OTHER NAME') AS names`,
      );
      assert.deepEqual([Number(other?.records), Number(other?.names)], [1, 1]);
    } finally {
      await db.close();
      await settings.cleanup();
    }
  });
});

describe('a first load next to a table with no statistics yet', { skip: testEngine() !== 'postgres' }, () => {
  it('counts the rows the table holds, and keeps its indexes for a load not much larger', async () => {
    const settings = await testStoreSettings();
    const db = await openDb(settings);
    try {
      // Rows of another dataset written without statistics being gathered (as after a restore).
      await db.run(
        `INSERT INTO source_records (partition, dataset, record_key, name, names, data, first_seen_at, updated_at)
         SELECT 'live', 'other', 'k' || g, 'NAME ' || g, '[]', '{}', '2026-11-26', '2026-11-26'
         FROM generate_series(1, 1000) g`,
      );
      const indexes = () =>
        db.all(
          "SELECT indexrelid::bigint AS id FROM pg_index WHERE indrelid = 'source_records'::regclass ORDER BY 1",
        );
      const before = await indexes();
      const s = await ingest({
        ctx: ctxOf(db),
        input: { adapter: rollAdapter, files: [rollFile(rows(6_000))], partition: 'live' },
      });
      assert.equal(s.inserted, 6_000);
      assert.deepEqual(await indexes(), before, 'the indexes were kept up, not set aside and built again');
    } finally {
      await db.close();
      await settings.cleanup();
    }
  });
});

describe('a fresh load’s name index built while the load waits (sqlite)', () => {
  it('gives the same index as one built at the end', async (t) => {
    if (testEngine() !== 'sqlite') return t.skip('SQLite only: PostgreSQL has no fresh-load path');
    const settings = await testStoreSettings();
    const db = await openDb(settings);
    try {
      await db.transaction(async (tx) => {
        const load = await startFreshLoad(tx, {
          partition: 'live',
          dataset: 'npii',
          at: 'now',
          ingestId: 'ing_1',
        });
        assert.ok(load);
        const add = (i: number) =>
          load.insert({
            key: abnOf(i),
            abn: abnOf(i),
            acn: null,
            name: `WAITING NAME ${i}`,
            status: null,
            asOf: null,
            namesJson: '[]',
            dataJson: '{}',
            fingerprint: `fingerprint ${i}`,
            names: [
              { name: `WAITING NAME ${i}`, type: 'main', key: `NAME WAITING ${i}` },
              { name: `OTHER ${i}`, type: 'trading', key: `OTHER ${i}` },
            ],
          });
        for (let i = 0; i < 6_000; i++) add(i);
        await load.afterBatch();
        assert.equal(load.whileWaiting(), false, 'every name so far went in through the triggers');
        for (let i = 6_000; i < 20_000; i++) add(i);
        let steps = 0;
        while (load.whileWaiting()) steps++;
        assert.equal(steps, 3, '28,000 names in steps of 10,000');
        for (let i = 20_000; i < 20_100; i++) add(i);
        await load.finish();
      });
      await db.run("INSERT INTO source_names_fts (source_names_fts, rank) VALUES ('integrity-check', 1)");
      for (const i of [10, 5_999, 6_000, 19_999, 20_050]) {
        const found = await nameCandidates(db, 'live', ['OTHER', String(i)]);
        assert.equal(found[0]?.abn, abnOf(i));
      }
    } finally {
      await db.close();
      await settings.cleanup();
    }
  });
});

describe(`the ABN Bulk Extract parsed on its own thread (${testEngine()})`, () => {
  const first = join(SANDBOX_DIR, 'abr-bulk');
  const next = join(SANDBOX_DIR, 'next', 'abr-bulk');
  const stores: Array<{ settings: TestStoreSettings; db: Db }> = [];
  const open = async () => {
    const settings = await testStoreSettings();
    const db = await openDb(settings);
    stores.push({ settings, db });
    return db;
  };
  after(async () => {
    for (const s of stores) {
      await s.db.close();
      await s.settings.cleanup();
    }
  });

  const load = async (db: Db, path: string, parseInWorker: boolean) => {
    const inputs = await resolveInputs([path]);
    try {
      return await ingest({
        ctx: ctxOf(db),
        input: { adapter: abrBulk, files: inputs.files, partition: 'live', parseInWorker },
      });
    } finally {
      await inputs.close();
    }
  };
  const stable = (s: IngestSummary) => ({ ...s, id: '', seconds: 0 });
  const stored = (db: Db) =>
    db.all(
      'SELECT record_key, abn, acn, name, names, status, as_of, data, removed_at FROM source_records ORDER BY record_key',
    );

  it('stores and reports the same as when parsed on the ingest’s thread, first load and changes', async () => {
    const [here, there] = [await open(), await open()];
    assert.deepEqual(stable(await load(there, first, true)), stable(await load(here, first, false)));
    const changedThere = await load(there, next, true);
    const changedHere = await load(here, next, false);
    assert.deepEqual(stable(changedThere), stable(changedHere));
    assert.ok(changedThere.events > 0);
    const types = async (s: IngestSummary, db: Db) =>
      (await eventsOfIngest(db, s.id)).map((e) => [e.type, e.abn, e.changes]);
    assert.deepEqual(await types(changedThere, there), await types(changedHere, here));
    assert.deepEqual(await stored(there), await stored(here));
  });

  it('finds every register’s parser where the parsing thread looks for it', async () => {
    // The thread loads `registers/<dataset>/parse.ts` alone, not the registry of every parser.
    for (const [dataset, adapter] of Object.entries(ADAPTERS)) {
      const module = (await import(`../src/registers/${dataset}/parse.ts`)) as { adapter: unknown };
      assert.equal(module.adapter, adapter, dataset);
    }
  });

  it('reads a file that is no plain file (a zip entry, a download) through the same thread', async () => {
    const db = await open();
    const [path] = (await resolveInputs([first])).files.map((f) => f.name);
    const bytes = readFileSync(path as string);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) =>
      bytes.subarray(i * 1000, i * 1000 + 1000),
    );
    const s = await ingest({
      ctx: ctxOf(db),
      input: {
        adapter: abrBulk,
        files: [{ name: 'part.xml', open: async () => Readable.from(chunks) }],
        partition: 'live',
        parseInWorker: true,
      },
    });
    assert.equal(s.inserted, 30);
    assert.equal(s.as_of, '2026-11-18');
  });

  it('fails a truncated file with its name and line, and applies nothing', async () => {
    const db = await open();
    const [path] = (await resolveInputs([first])).files.map((f) => f.name);
    const text = readFileSync(path as string, 'utf8');
    const cut = text.slice(0, text.indexOf('<ABR', text.length / 2) + 30);
    await assert.rejects(
      ingest({
        ctx: ctxOf(db),
        input: {
          adapter: abrBulk,
          files: [{ name: '20261118Public01.xml', open: async () => Readable.from([Buffer.from(cut)]) }],
          partition: 'live',
          parseInWorker: true,
        },
      }),
      (error: unknown) =>
        error instanceof IngestError &&
        /20261118Public01\.xml:\d+:\d+: the file ends inside/.test(error.message) &&
        /Nothing was applied/.test(error.message),
    );
    const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM source_records');
    assert.equal(Number(count?.n), 0);
  });

  it('fails a truncated next snapshot over a stored copy, which stays as it was, events and loaded copy included', async () => {
    const db = await open();
    const loaded = await load(db, first, true);
    const before = {
      records: await stored(db),
      events: await db.all('SELECT id FROM change_events ORDER BY id'),
      copies: await createStore(db).ingests.loadedCopies('live'),
    };
    const [path] = (await resolveInputs([next])).files.map((f) => f.name);
    const text = readFileSync(path as string, 'utf8');
    const cut = text.slice(0, text.indexOf('<ABR', text.length / 2) + 30);
    await assert.rejects(
      ingest({
        ctx: ctxOf(db),
        input: {
          adapter: abrBulk,
          files: [{ name: '20261125Public01.xml', open: async () => Readable.from([Buffer.from(cut)]) }],
          partition: 'live',
          parseInWorker: true,
        },
      }),
      (error: unknown) => error instanceof IngestError && /Nothing was applied/.test(error.message),
    );
    assert.deepEqual(await stored(db), before.records);
    assert.deepEqual(await db.all('SELECT id FROM change_events ORDER BY id'), before.events);
    assert.deepEqual(await createStore(db).ingests.loadedCopies('live'), before.copies);
    // The whole file then applies as if the cut one had never been tried.
    const whole = await load(db, next, true);
    assert.ok(whole.events > 0 && whole.updated + whole.inserted + whole.removed > 0);
    assert.notEqual(whole.id, loaded.id);
  });
});
