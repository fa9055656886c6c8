import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { UsageMeter, usagePeriod } from '../src/accounts/usage-meter.ts';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { createLogger } from '../src/logger.ts';
import { nameKey } from '../src/names/name-key.ts';
import { IDENTITY_DATASETS } from '../src/registers/index.ts';
import { findAccount, insertAccount } from '../src/store/accounts.ts';
import type { Db } from '../src/store/db.ts';
import { ONE_IDENTIFIER_SQL } from '../src/store/entity-records.ts';
import { MIGRATIONS, migrate } from '../src/store/migrations.ts';
import { nameCandidates } from '../src/store/name-search.ts';
import { openDb } from '../src/store/open-store.ts';
import { PostgresDb } from '../src/store/postgres.ts';
import { entitiesNamed } from '../src/store/source-records.ts';
import { SqliteDb } from '../src/store/sqlite.ts';
import { createStore } from '../src/store/store.ts';
import { liveRequestsIn } from '../src/store/usage.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

describe(`store (${testEngine()})`, () => {
  let settings: TestStoreSettings;
  let db: Db;
  before(async () => {
    settings = await testStoreSettings();
    db = await openDb(settings);
  });
  after(async () => {
    await db.close();
    await settings.cleanup();
  });

  const account = (id: string) => ({ id, name: id, created_at: new Date().toISOString() });

  it('uses the engine the settings select', () => {
    assert.equal(db.engine, testEngine());
  });

  it('migrates once: a second run applies nothing', async () => {
    assert.deepEqual(await migrate(db), []);
    const rows = await db.all<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    assert.deepEqual(
      rows.map((r) => Number(r.id)),
      MIGRATIONS.map((m) => m.id),
    );
  });

  it('a failed transaction leaves nothing behind', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        await insertAccount(tx, account('acct_rolled_back'));
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(await findAccount(db, 'acct_rolled_back'), undefined);
  });

  it("keeps another caller's write out of an open transaction that then fails", async () => {
    // The transaction has written and is still open when the other caller writes; then it fails.
    let written!: () => void;
    const inside = new Promise<void>((resolve) => {
      written = resolve;
    });
    let fail!: () => void;
    const failNow = new Promise<void>((resolve) => {
      fail = resolve;
    });
    const failing = db.transaction(async (tx) => {
      await insertAccount(tx, account('acct_in_failing_tx'));
      written();
      await failNow;
      throw new Error('late failure');
    });
    const failed = assert.rejects(failing, /late failure/);
    await inside;
    const outside = insertAccount(db, account('acct_outside'));
    // SQLite's other callers wait for the open transaction to end; PostgreSQL's write beside it.
    await Promise.race([outside, sleep(20)]);
    fail();
    await outside;
    await failed;
    assert.equal(await findAccount(db, 'acct_in_failing_tx'), undefined);
    assert.equal((await findAccount(db, 'acct_outside'))?.id, 'acct_outside');
  });

  it('runs concurrent transactions one after another without losing either', async () => {
    await insertAccount(db, account('acct_counter'));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const period = '2026-01';
          const current = await liveRequestsIn(tx, 'acct_counter', period);
          await sleep(1);
          await tx.run(
            `INSERT INTO usage_monthly (account_id, period, live_requests) VALUES (?, ?, ?)
             ON CONFLICT (account_id, period) DO UPDATE SET live_requests = excluded.live_requests`,
            ['acct_counter', period, current + 1],
          );
        }),
      ),
    );
    // SQLite serialises transactions; PostgreSQL runs them side by side under READ COMMITTED, where a
    // read-then-write may lose updates but must not fail.
    const total = await liveRequestsIn(db, 'acct_counter', '2026-01');
    if (db.engine === 'sqlite') assert.equal(total, 20);
    else assert.ok(total >= 1 && total <= 20);
  });

  it('keeps usage counts when a flush fails and writes them on the next one', async () => {
    const meter = new UsageMeter(createStore(db), createLogger('silent'));
    const caller = {
      accountId: 'acct_not_yet',
      keyId: 'key_x',
      mode: 'live' as const,
      partition: 'live' as const,
    };
    const now = new Date();
    meter.record(caller, now);
    meter.record(caller, now);
    meter.record({ ...caller, mode: 'test', partition: 'sandbox' }, now);
    await meter.flush(); // the account does not exist yet: the foreign key refuses the row
    assert.equal(meter.pending('acct_not_yet', usagePeriod(now)), 2);
    await insertAccount(db, account('acct_not_yet'));
    await meter.flush();
    assert.equal(meter.pending('acct_not_yet', usagePeriod(now)), 0);
    assert.equal(await liveRequestsIn(db, 'acct_not_yet', usagePeriod(now)), 2);
  });
});

describe('PostgreSQL named statements', { skip: testEngine() !== 'postgres' }, () => {
  it('names an API query once per connection, plans it for its values unless its plan is the same for any, and goes on unnamed when the server loses them', async () => {
    const settings = await testStoreSettings();
    // A fresh connection pool: queries made one after another use its one connection.
    const db = new PostgresDb(settings.databaseUrl as string);
    try {
      for (let i = 1; i <= 8; i++) {
        const one = await db.get<{ n: number }>('SELECT ?::int AS n', [i]);
        assert.equal(one?.n, i);
      }
      type Kept = { name: string; statement: string; generic_plans: number; custom_plans: number };
      const kept = await db.all<Kept>(
        'SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements',
      );
      const lookup = kept.find((k) => k.name.startsWith('aevs_') && k.statement === 'SELECT $1::int AS n');
      assert.ok(lookup, `the query is kept by the server under its name (${JSON.stringify(kept)})`);
      // Planned for its values each time, however often it runs.
      assert.deepEqual([Number(lookup.generic_plans), Number(lookup.custom_plans)], [0, 8]);
      // A statement whose plan is the same for any value keeps one plan, on connections of its own.
      for (let i = 1; i <= 3; i++) {
        const one = await db.get<{ n: number }>('SELECT ?::int + 10 AS n', [i], { samePlan: true });
        assert.equal(one?.n, i + 10);
      }
      const keptOnce = await db.all<Kept>(
        'SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements',
        [],
        { samePlan: true },
      );
      const samePlan = keptOnce.find((k) => k.statement === 'SELECT $1::int + 10 AS n');
      assert.ok(samePlan, JSON.stringify(keptOnce));
      assert.deepEqual([Number(samePlan.generic_plans), Number(samePlan.custom_plans)], [3, 0]);
      // What a pooler in transaction mode does: the next server connection has no such statement.
      await db.exec('DEALLOCATE ALL');
      const two = await db.get<{ n: number }>('SELECT ?::int AS n', [2]);
      assert.equal(two?.n, 2, 'the query is answered all the same');
      const three = await db.get<{ n: number }>('SELECT ?::int + 1 AS n', [2]);
      assert.equal(three?.n, 3);
      assert.deepEqual(
        await db.all('SELECT name FROM pg_prepared_statements'),
        [],
        'no statement is named after that',
      );
    } finally {
      await db.close();
      await settings.cleanup();
    }
  });
});

describe('a PostgreSQL store in a schema of its own', { skip: testEngine() !== 'postgres' }, () => {
  it('refuses a search path that reaches another store after an empty schema, and opens either named first', async () => {
    const other = await testStoreSettings();
    const otherDb = await openDb(other);
    const base = process.env.AEVS_TEST_DATABASE_URL as string;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const otherSchema = decodeURIComponent(other.databaseUrl as string).match(/search_path=(\w+)/)?.[1];
    const withPath = (path: string) =>
      `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${path}`)}`;
    const tablesIn = async (name: string) =>
      (await admin.query('SELECT COUNT(*)::int AS n FROM pg_tables WHERE schemaname = $1', [name])).rows[0].n;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      await otherDb.run(
        "INSERT INTO accounts (id, name, created_at) VALUES ('acc_other', 'Other', '2026-11-26T00:00:00Z')",
      );
      await assert.rejects(
        openDb({ dataDir: other.dataDir, databaseUrl: withPath(`${schema},${otherSchema},public`) }),
        (error: unknown) =>
          error instanceof Error &&
          error.message.includes(`store in schema "${otherSchema}" after schema "${schema}"`),
      );
      assert.equal(await tablesIn(schema), 0, 'no empty store is made in front of the other');
      // Named first, the other store is opened; alone, the new schema gets a store of its own.
      const again = await openDb({
        dataDir: other.dataDir,
        databaseUrl: withPath(`${otherSchema},${schema},public`),
      });
      assert.deepEqual(await again.all('SELECT id FROM accounts'), [{ id: 'acc_other' }]);
      await again.close();
      const own = await openDb({ dataDir: other.dataDir, databaseUrl: withPath(`${schema},public`) });
      assert.deepEqual(await own.all('SELECT id FROM accounts'), []);
      await own.close();
      assert.ok((await tablesIn(schema)) > 10);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
      await otherDb.close();
      await other.cleanup();
    }
  });
});

describe(`a store made before names were keyed by record (${testEngine()})`, () => {
  it('moves every name to its record, per partition and dataset, and keeps them searchable', async () => {
    const settings = await testStoreSettings();
    const db = settings.databaseUrl ? new PostgresDb(settings.databaseUrl) : SqliteDb.open(settings.dataDir);
    try {
      // The schema as migrations 1–5 left it, with rows written the way that version wrote them.
      await db.exec(
        'CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
      );
      for (const m of MIGRATIONS.filter((m) => m.id <= 5)) {
        await db.exec(typeof m.sql === 'string' ? m.sql : m.sql[db.engine]);
        await db.run('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)', [
          m.id,
          m.name,
          'then',
        ]);
      }
      const records = [
        ['live', 'abr-bulk', '51824753556', '51824753556', null, 'ALPHA TRADING PTY LTD'],
        ['sandbox', 'abr-bulk', '51824753556', '51824753556', null, 'SANDBOX ALPHA PTY LTD'],
        ['live', 'asic-companies', '004085616', null, '004085616', 'BETA HOLDINGS LIMITED'],
        // Its key holds BETA HOLDINGS's key, words in order, but is another.
        ['live', 'asic-companies', '000000019', null, '000000019', 'BETA HOLDINGS ZETA LIMITED'],
        ['live', 'dfat', 'DFAT-1', null, null, 'GAMMA PERSON'],
      ] as const;
      for (const [partition, dataset, key, abn, acn, name] of records) {
        await db.run(
          `INSERT INTO source_records (partition, dataset, record_key, abn, acn, name, names, status, as_of, data, content_hash, first_seen_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, '[]', NULL, NULL, '{}', 'h', 'then', 'then')`,
          [partition, dataset, key, abn, acn, name],
        );
        await db.run(
          'INSERT INTO source_names (partition, dataset, record_key, name, name_type, name_key, abn, acn) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [partition, dataset, key, name, 'main', nameKey(name), abn, acn],
        );
      }
      await db.run(
        'INSERT INTO source_names (partition, dataset, record_key, name, name_type, name_key, abn, acn) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [
          'live',
          'abr-bulk',
          '51824753556',
          'ALPHA SHOP',
          'trading',
          nameKey('ALPHA SHOP'),
          '51824753556',
          null,
        ],
      );

      // A removed record (its names went with it) and a name whose record is not there.
      await db.run(
        `INSERT INTO source_records (partition, dataset, record_key, abn, acn, name, names, status, as_of, data, content_hash, first_seen_at, updated_at, removed_at)
         VALUES ('live', 'abr-bulk', '53004085616', '53004085616', NULL, 'GONE PTY LTD', '[]', NULL, NULL, '{}', 'h', 'then', 'then', 'later')`,
      );
      await db.run(
        'INSERT INTO source_names (partition, dataset, record_key, name, name_type, name_key, abn, acn) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ['live', 'abr-bulk', '99999999999', 'NOBODY', 'main', 'NOBODY', null, null],
      );

      assert.deepEqual(
        await migrate(db),
        MIGRATIONS.filter((m) => m.id > 5).map((m) => m.id),
      );

      const names = await db.all<{ partition: string; dataset: string; record_key: string; name: string }>(
        `SELECT r.partition, r.dataset, r.record_key, n.name FROM source_names n JOIN source_records r ON r.id = n.record_id
         ORDER BY n.name`,
      );
      assert.deepEqual(
        names.map((n) => ({ ...n })),
        [
          { partition: 'live', dataset: 'abr-bulk', record_key: '51824753556', name: 'ALPHA SHOP' },
          {
            partition: 'live',
            dataset: 'abr-bulk',
            record_key: '51824753556',
            name: 'ALPHA TRADING PTY LTD',
          },
          {
            partition: 'live',
            dataset: 'asic-companies',
            record_key: '004085616',
            name: 'BETA HOLDINGS LIMITED',
          },
          {
            partition: 'live',
            dataset: 'asic-companies',
            record_key: '000000019',
            name: 'BETA HOLDINGS ZETA LIMITED',
          },
          { partition: 'live', dataset: 'dfat', record_key: 'DFAT-1', name: 'GAMMA PERSON' },
          {
            partition: 'sandbox',
            dataset: 'abr-bulk',
            record_key: '51824753556',
            name: 'SANDBOX ALPHA PTY LTD',
          },
        ],
      );
      const kept = await db.all<{ record_key: string; removed_at: string | null }>(
        'SELECT record_key, removed_at FROM source_records WHERE dataset = ? AND partition = ? ORDER BY record_key',
        ['abr-bulk', 'live'],
      );
      assert.deepEqual(
        kept.map((r) => ({ ...r })),
        [
          { record_key: '51824753556', removed_at: null },
          { record_key: '53004085616', removed_at: 'later' },
        ],
      );
      // Migration 7: records are compared as stored, without a hash of them; the data is kept.
      const columns =
        db.engine === 'sqlite'
          ? await db.all<{ name: string }>("SELECT name FROM pragma_table_info('source_records')")
          : await db.all<{ name: string }>(
              "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'source_records'",
            );
      assert.ok(columns.some((c) => c.name === 'data'));
      assert.ok(!columns.some((c) => c.name === 'content_hash'));
      if (db.engine === 'sqlite')
        await db.run("INSERT INTO source_names_fts (source_names_fts, rank) VALUES ('integrity-check', 1)");
      const found = await nameCandidates(db, 'live', ['ALPHA']);
      assert.deepEqual(found.map((c) => [c.dataset, c.abn, c.name]).sort(), [
        ['abr-bulk', '51824753556', 'ALPHA SHOP'],
        ['abr-bulk', '51824753556', 'ALPHA TRADING PTY LTD'],
      ]);
      const named = await entitiesNamed(db, 'live', 'dfat', [nameKey('BETA HOLDINGS LIMITED')]);
      assert.deepEqual(
        named.map((m) => ({ ...m })),
        [
          {
            name: 'BETA HOLDINGS LIMITED',
            name_key: 'BETA HOLDINGS',
            abn: null,
            acn: '004085616',
            dataset: 'asic-companies',
          },
        ],
      );
      if (db.engine === 'postgres') {
        // Migration 15: the names' words, for a typo in a word's first letters, from the names there.
        const words = await db.all<{ word: string }>('SELECT DISTINCT word FROM name_words ORDER BY word');
        assert.deepEqual(
          words.map((w) => w.word),
          ['ALPHA', 'BETA', 'GAMMA', 'HOLDINGS', 'PERSON', 'SANDBOX', 'SHOP', 'TRADING', 'ZETA'],
        );
        const typo = await nameCandidates(db, 'live', ['HLODINGS']);
        assert.deepEqual(typo.map((c) => c.name).sort(), [
          'BETA HOLDINGS LIMITED',
          'BETA HOLDINGS ZETA LIMITED',
        ]);
      }
    } finally {
      await db.close();
      await settings.cleanup();
    }
  });
});

describe("an entity's records", () => {
  it('are the identifier’s own records first, then those its identity records join it to, for every ABN and ACN of the sandbox', async () => {
    const settings = await testStoreSettings();
    const db = await openDb(settings);
    try {
      const store = createStore(db);
      await loadSandbox({ ctx: { store, clock: () => new Date() } });
      const all = await db.all<{ abn: string | null; acn: string | null }>(
        "SELECT DISTINCT abn, acn FROM source_records WHERE partition = 'sandbox' AND removed_at IS NULL",
      );
      const abns = [...new Set(all.flatMap((r) => (r.abn ? [r.abn] : [])))];
      const acns = [...new Set(all.flatMap((r) => (r.acn ? [r.acn] : [])))];
      assert.ok(abns.length > 10 && acns.length > 5, `${abns.length} ABNs, ${acns.length} ACNs`);
      let joinedSomewhere = 0;
      const ids: Array<{ abn?: string; acn?: string }> = [
        ...abns.map((abn) => ({ abn })),
        ...acns.map((acn) => ({ acn })),
      ];
      for (const id of ids) {
        // The join spelt out step by step: the identifier's records, then those of the identifiers
        // their identity records carry.
        const own = await store.entities.byIdentifiers('sandbox', {
          abns: id.abn ? [id.abn] : [],
          acns: id.acn ? [id.acn] : [],
        });
        const joined = { abns: new Set<string>(), acns: new Set<string>() };
        for (const r of own) {
          if (!IDENTITY_DATASETS.has(r.dataset)) continue;
          if (r.abn && r.abn !== id.abn) joined.abns.add(r.abn);
          if (r.acn && r.acn !== id.acn) joined.acns.add(r.acn);
        }
        const seen = new Set(own.map((r) => `${r.dataset}|${r.key}`));
        const more = (
          await store.entities.byIdentifiers('sandbox', { abns: [...joined.abns], acns: [...joined.acns] })
        ).filter((r) => !seen.has(`${r.dataset}|${r.key}`));
        if (more.length > 0) joinedSomewhere++;
        const expected = [...own, ...more].map((r) => `${r.dataset}|${r.key}`);
        const got = (await store.entities.ofEntity('sandbox', id)).map((r) => `${r.dataset}|${r.key}`);
        assert.deepEqual(got, expected, JSON.stringify(id));
      }
      if (db.engine === 'sqlite') {
        // Each part reads through its column's index, the joined identifiers one by one: a range of
        // the other column would read every record in the partition.
        for (const column of ['abn', 'acn'] as const) {
          const plan = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${ONE_IDENTIFIER_SQL[column]}`, [
            'sandbox',
            'x',
            'sandbox',
            'x',
            'sandbox',
            'x',
            ...IDENTITY_DATASETS,
          ]);
          const reads = plan.map((p) => p.detail).filter((d) => /source_records/.test(d));
          assert.equal(reads.length, 3, JSON.stringify(plan));
          for (const read of reads)
            assert.match(
              read,
              /^SEARCH source_records USING INDEX source_records_by_a[bc]n \(partition=\? AND a[bc]n=\?\)$/,
            );
        }
      }
      assert.ok(joinedSomewhere > 5, `${joinedSomewhere} identifiers join to another's records`);
    } finally {
      await db.close();
      await settings.cleanup();
    }
  });
});
