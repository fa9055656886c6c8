import type { Db, Engine } from './db.ts';

type Migration = { id: number; name: string; sql: string | Record<Engine, string> };

/**
 * Append only: a migration that has run is never edited. Timestamps are ISO 8601 UTC text in both
 * engines, so they sort and compare the same way everywhere.
 */
export const MIGRATIONS: Migration[] = [
  {
    id: 1,
    name: 'accounts, api keys and monthly usage',
    sql: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
        key_hash TEXT NOT NULL UNIQUE,
        prefix TEXT NOT NULL,
        last_four TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX api_keys_by_account ON api_keys (account_id);
      CREATE TABLE usage_monthly (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        period TEXT NOT NULL,
        live_requests BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, period)
      );
    `,
  },
  {
    id: 2,
    name: 'register records, their names, ingests and change events',
    sql: `
      CREATE TABLE source_records (
        partition TEXT NOT NULL,
        dataset TEXT NOT NULL,
        record_key TEXT NOT NULL,
        abn TEXT,
        acn TEXT,
        name TEXT NOT NULL,
        names TEXT NOT NULL,
        status TEXT,
        as_of TEXT,
        data TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        first_seen_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        removed_at TEXT,
        seen_ingest TEXT,
        PRIMARY KEY (partition, dataset, record_key)
      );
      CREATE INDEX source_records_by_abn ON source_records (partition, abn);
      CREATE INDEX source_records_by_acn ON source_records (partition, acn);
      CREATE TABLE source_names (
        partition TEXT NOT NULL,
        dataset TEXT NOT NULL,
        record_key TEXT NOT NULL,
        name TEXT NOT NULL,
        name_type TEXT NOT NULL,
        name_key TEXT NOT NULL,
        abn TEXT,
        acn TEXT
      );
      CREATE INDEX source_names_by_record ON source_names (partition, dataset, record_key);
      CREATE INDEX source_names_by_key ON source_names (partition, name_key);
      CREATE TABLE ingests (
        id TEXT PRIMARY KEY,
        partition TEXT NOT NULL,
        dataset TEXT NOT NULL,
        files TEXT NOT NULL,
        status TEXT NOT NULL,
        as_of TEXT,
        started_at TEXT NOT NULL,
        finished_at TEXT NOT NULL,
        rows_read BIGINT NOT NULL,
        inserted BIGINT NOT NULL,
        updated BIGINT NOT NULL,
        unchanged BIGINT NOT NULL,
        removed BIGINT NOT NULL,
        rejected BIGINT NOT NULL,
        rejected_examples TEXT NOT NULL,
        events BIGINT NOT NULL,
        error TEXT
      );
      CREATE INDEX ingests_by_dataset ON ingests (partition, dataset, finished_at);
      CREATE TABLE change_events (
        id TEXT PRIMARY KEY,
        partition TEXT NOT NULL,
        dataset TEXT NOT NULL,
        source TEXT NOT NULL,
        type TEXT NOT NULL,
        abn TEXT,
        acn TEXT,
        entity_name TEXT,
        changes TEXT NOT NULL,
        as_of TEXT,
        created_at TEXT NOT NULL,
        ingest_id TEXT
      );
      CREATE INDEX change_events_by_abn ON change_events (partition, abn, created_at);
      CREATE INDEX change_events_by_acn ON change_events (partition, acn, created_at);
      CREATE INDEX change_events_by_time ON change_events (partition, created_at);
    `,
  },
  {
    id: 3,
    name: 'name search index (FTS5 in SQLite, pg_trgm in PostgreSQL)',
    sql: {
      // External-content FTS5 over source_names.name_key, kept in step by triggers.
      sqlite: `
        CREATE VIRTUAL TABLE source_names_fts USING fts5(name_key, content='source_names', content_rowid='rowid', tokenize='unicode61');
        CREATE VIRTUAL TABLE source_names_vocab USING fts5vocab('source_names_fts', 'row');
        CREATE TRIGGER source_names_ai AFTER INSERT ON source_names BEGIN
          INSERT INTO source_names_fts (rowid, name_key) VALUES (new.rowid, new.name_key);
        END;
        CREATE TRIGGER source_names_ad AFTER DELETE ON source_names BEGIN
          INSERT INTO source_names_fts (source_names_fts, rowid, name_key) VALUES ('delete', old.rowid, old.name_key);
        END;
        INSERT INTO source_names_fts (source_names_fts) VALUES ('rebuild');
      `,
      postgres: `
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX source_names_trgm ON source_names USING gin (name_key gin_trgm_ops);
      `,
    },
  },
  {
    id: 4,
    name: 'watch subscriptions and their deliveries (the webhook outbox)',
    sql: `
      CREATE TABLE subscriptions (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        partition TEXT NOT NULL,
        events TEXT NOT NULL,
        webhook_url TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
        secret TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE INDEX subscriptions_by_account ON subscriptions (account_id, partition, created_at, id);
      CREATE TABLE subscription_entities (
        subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
        partition TEXT NOT NULL,
        identifier TEXT NOT NULL,
        id_type TEXT NOT NULL,
        PRIMARY KEY (subscription_id, identifier)
      );
      CREATE INDEX subscription_entities_by_identifier ON subscription_entities (partition, identifier);
      CREATE TABLE deliveries (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        partition TEXT NOT NULL,
        subscription_id TEXT NOT NULL,
        change_event_id TEXT NOT NULL,
        type TEXT NOT NULL,
        entity_abn TEXT,
        entity_acn TEXT,
        payload TEXT NOT NULL,
        created_at TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'paused')),
        attempts INTEGER NOT NULL DEFAULT 0,
        response_code INTEGER,
        next_attempt_at TEXT,
        locked_until TEXT,
        last_error TEXT,
        UNIQUE (subscription_id, change_event_id)
      );
      CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
      CREATE INDEX deliveries_by_abn ON deliveries (account_id, partition, entity_abn, created_at);
      CREATE INDEX deliveries_by_acn ON deliveries (account_id, partition, entity_acn, created_at);
    `,
  },
  {
    id: 5,
    name: 'deliveries by time: a new delivery is timed after the latest one',
    sql: 'CREATE INDEX deliveries_by_time ON deliveries (created_at);',
  },
  {
    id: 6,
    name: 'register names keyed by their record; name index without its per-name size table',
    sql: {
      // Each record gets an integer id (SQLite: its rowid under a name that VACUUM keeps), and each
      // name holds only that id and itself: no copy of the partition, dataset, key, ABN and ACN per
      // name, and an index by record whose keys arrive in order. The FTS5 name index drops its
      // per-name token counts (columnsize=0: a B-tree insert per name, most of the index's load
      // time); BM25 works a count out from the name itself when it ranks.
      sqlite: `
        DROP TRIGGER source_names_ai;
        DROP TRIGGER source_names_ad;
        DROP TABLE source_names_vocab;
        DROP TABLE source_names_fts;
        CREATE TABLE source_records_v6 (
          id INTEGER PRIMARY KEY,
          partition TEXT NOT NULL,
          dataset TEXT NOT NULL,
          record_key TEXT NOT NULL,
          abn TEXT,
          acn TEXT,
          name TEXT NOT NULL,
          names TEXT NOT NULL,
          status TEXT,
          as_of TEXT,
          data TEXT NOT NULL,
          content_hash TEXT NOT NULL,
          first_seen_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          removed_at TEXT,
          seen_ingest TEXT,
          UNIQUE (partition, dataset, record_key)
        );
        INSERT INTO source_records_v6 (id, partition, dataset, record_key, abn, acn, name, names, status, as_of, data,
          content_hash, first_seen_at, updated_at, removed_at, seen_ingest)
        SELECT rowid, partition, dataset, record_key, abn, acn, name, names, status, as_of, data,
          content_hash, first_seen_at, updated_at, removed_at, seen_ingest
        FROM source_records ORDER BY rowid;
        CREATE TABLE source_names_v6 (
          record_id INTEGER NOT NULL,
          name TEXT NOT NULL,
          name_type TEXT NOT NULL,
          name_key TEXT NOT NULL
        );
        -- A name whose record is gone (none should be) is not carried over.
        INSERT INTO source_names_v6 (rowid, record_id, name, name_type, name_key)
        SELECT n.rowid, r.id, n.name, n.name_type, n.name_key
        FROM source_names n JOIN source_records_v6 r
          ON r.partition = n.partition AND r.dataset = n.dataset AND r.record_key = n.record_key
        ORDER BY n.rowid;
        DROP TABLE source_names;
        DROP TABLE source_records;
        ALTER TABLE source_records_v6 RENAME TO source_records;
        ALTER TABLE source_names_v6 RENAME TO source_names;
        CREATE INDEX source_records_by_abn ON source_records (partition, abn);
        CREATE INDEX source_records_by_acn ON source_records (partition, acn);
        CREATE INDEX source_names_by_record ON source_names (record_id);
        CREATE INDEX source_names_by_key ON source_names (name_key);
        CREATE VIRTUAL TABLE source_names_fts USING fts5(name_key, content='source_names', content_rowid='rowid', tokenize='unicode61', columnsize=0);
        CREATE VIRTUAL TABLE source_names_vocab USING fts5vocab('source_names_fts', 'row');
        CREATE TRIGGER source_names_ai AFTER INSERT ON source_names BEGIN
          INSERT INTO source_names_fts (rowid, name_key) VALUES (new.rowid, new.name_key);
        END;
        CREATE TRIGGER source_names_ad AFTER DELETE ON source_names BEGIN
          INSERT INTO source_names_fts (source_names_fts, rowid, name_key) VALUES ('delete', old.rowid, old.name_key);
        END;
        INSERT INTO source_names_fts (source_names_fts) VALUES ('rebuild');
      `,
      // The names are copied into a new table and the indexes built after (rewriting each row in
      // place would update three indexes, the trigram one included, per name, and leave the old
      // columns' space behind). A name whose record is gone (none should be) is not carried over.
      postgres: `
        ALTER TABLE source_records ADD COLUMN id BIGSERIAL;
        CREATE UNIQUE INDEX source_records_by_id ON source_records (id);
        CREATE TABLE source_names_v6 AS
          SELECT r.id AS record_id, n.name, n.name_type, n.name_key
          FROM source_names n JOIN source_records r
            ON r.partition = n.partition AND r.dataset = n.dataset AND r.record_key = n.record_key;
        DROP TABLE source_names;
        ALTER TABLE source_names_v6 RENAME TO source_names;
        ALTER TABLE source_names ALTER COLUMN record_id SET NOT NULL, ALTER COLUMN name SET NOT NULL,
          ALTER COLUMN name_type SET NOT NULL, ALTER COLUMN name_key SET NOT NULL;
        CREATE INDEX source_names_by_record ON source_names (record_id);
        CREATE INDEX source_names_by_key ON source_names (name_key);
        CREATE INDEX source_names_trgm ON source_names USING gin (name_key gin_trgm_ops);
      `,
    },
  },
  {
    id: 7,
    name: 'records compared as stored, without a content hash; SQLite finds names by key through its name index',
    sql: {
      // An ingest compares the stored record's own fields and JSON with the new one's, so the hash
      // of them goes (SQLite rewrites the table once to drop it). SQLite's name index already finds
      // a name by its key's words, and the separate index by key cost more to build after a large
      // load than every other index of the load together.
      sqlite: `
        ALTER TABLE source_records DROP COLUMN content_hash;
        DROP INDEX source_names_by_key;
      `,
      postgres: `
        ALTER TABLE source_records DROP COLUMN content_hash;
      `,
    },
  },
  {
    id: 8,
    name: 'delivery claims named by a token, and the claim of the last attempt recorded',
    // A claim's holder is known by its token, not by a lease time stamped on its own clock; an
    // attempt is recorded once, even when its claim has moved on (docs/architecture.md, a webhook delivery).
    sql: `
      ALTER TABLE deliveries ADD COLUMN claim_token TEXT;
      ALTER TABLE deliveries ADD COLUMN recorded_claim TEXT;
    `,
  },
  {
    id: 9,
    name: "PostgreSQL: an index of the name keys' words, for name search by intersection",
    sql: {
      // SQLite's FTS5 index already holds the words (docs/architecture.md, the store).
      sqlite: '',
      postgres: `CREATE INDEX source_names_words ON source_names USING gin (to_tsvector('simple', name_key));`,
    },
  },
  {
    id: 10,
    name: 'rate-limit buckets shared by every process on the store',
    sql: {
      sqlite:
        'CREATE TABLE rate_buckets (account_id TEXT PRIMARY KEY, tokens REAL NOT NULL, at_ms REAL NOT NULL);',
      postgres:
        'CREATE TABLE rate_buckets (account_id TEXT PRIMARY KEY, tokens DOUBLE PRECISION NOT NULL, at_ms DOUBLE PRECISION NOT NULL);',
    },
  },
  {
    id: 11,
    name: 'Idempotency-Key: the first answer to a create, kept for 24 hours',
    // The key and the body are kept as SHA-256 hashes; the answer (which can hold a webhook secret)
    // is sealed like a secret. While its request runs, a key is held by a claim token until `locked_until`.
    sql: `
      CREATE TABLE idempotency_keys (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        partition TEXT NOT NULL,
        key_hash TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        claim TEXT,
        locked_until TEXT,
        status INTEGER,
        body TEXT,
        PRIMARY KEY (account_id, partition, key_hash)
      );
      CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
    `,
  },
  {
    id: 12,
    name: 'the account dashboard: users, invitations, sessions, sign-in failures, activity; deliveries by subscription',
    // Invitation and session tokens are kept as SHA-256 hashes, passwords as scrypt hashes
    // (docs/decisions.md, the account dashboard). A user's email is unique across accounts: sign-in
    // names no account.
    sql: `
      CREATE TABLE dashboard_users (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX dashboard_users_by_account ON dashboard_users (account_id, email);
      CREATE TABLE dashboard_invitations (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        email TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX dashboard_invitations_by_account ON dashboard_invitations (account_id, email);
      CREATE TABLE dashboard_sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX dashboard_sessions_by_user ON dashboard_sessions (user_id);
      CREATE TABLE dashboard_sign_in_failures (
        email TEXT NOT NULL,
        client TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX dashboard_sign_in_failures_by_email ON dashboard_sign_in_failures (email, at);
      CREATE INDEX dashboard_sign_in_failures_by_client ON dashboard_sign_in_failures (client, at);
      CREATE TABLE dashboard_activity (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        detail TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX dashboard_activity_by_account ON dashboard_activity (account_id, at);
      CREATE TABLE dashboard_form_submissions (
        token_hash TEXT PRIMARY KEY,
        at TEXT NOT NULL
      );
      CREATE INDEX deliveries_by_subscription ON deliveries (subscription_id, created_at);
      CREATE TABLE usage_daily (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        day TEXT NOT NULL,
        live_requests BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, day)
      );
    `,
  },
  {
    id: 13,
    name: 'aevs sync: what each dataset was last synced from, how it went, and who is syncing it',
    // `fingerprint` is what the source said of its files at the last sync (CKAN resource ids and
    // last_modified, ETag, Last-Modified, SHA-256), so an unchanged source is not downloaded again.
    // A row's lease (`lease_owner` until `lease_until`) keeps one process at a time on a dataset; the
    // row of dataset `*` is the server's scheduler lease (docs/sources.md, the scheduler).
    sql: `
      CREATE TABLE sync_state (
        partition TEXT NOT NULL,
        dataset TEXT NOT NULL,
        fingerprint TEXT,
        last_sync_at TEXT,
        last_sync_status TEXT,
        last_sync_error TEXT,
        next_sync_at TEXT,
        lease_owner TEXT,
        lease_until TEXT,
        PRIMARY KEY (partition, dataset)
      );
    `,
  },
  {
    id: 14,
    name: 'a fingerprint of each register record, what a re-ingest compares first',
    // A digest of the fields and serialised names and data an ingest compares (docs/architecture.md,
    // an ingest). Records stored before it have none: they are compared field by field once, and
    // given one then.
    sql: 'ALTER TABLE source_records ADD COLUMN fingerprint TEXT;',
  },
  {
    id: 15,
    name: "PostgreSQL: a typo found among the names' words, and names by key through the words index",
    sql: {
      sqlite: '',
      // The typo fallback of name search looks for words like the query's among the distinct words
      // of the names (tens of thousands for millions of names), not in every name: the trigram index
      // over every name was the costliest index a large load built. A statement trigger adds each
      // word the first time a name holds it, whatever wrote the names (COPY included); two writers
      // may add one word twice, which the search reads once, and a word no name holds any more
      // stays, where a search finds no name for it. Names by key go through the words index, as
      // SQLite's do (docs/architecture.md, the store).
      postgres: `
        -- Names an ingest of the version before writes meanwhile would be in neither the words read
        -- below nor the trigger's: the names wait until this commits.
        LOCK TABLE source_names IN SHARE ROW EXCLUSIVE MODE;
        CREATE TABLE name_words (word TEXT NOT NULL);
        INSERT INTO name_words (word)
          SELECT DISTINCT w FROM source_names, unnest(string_to_array(name_key, ' ')) AS w;
        CREATE INDEX name_words_by_word ON name_words (word);
        CREATE INDEX name_words_trgm ON name_words USING gin (word gin_trgm_ops);
        CREATE FUNCTION aevs_add_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO name_words (word)
          SELECT DISTINCT w FROM added, unnest(string_to_array(added.name_key, ' ')) AS w
          WHERE NOT EXISTS (SELECT 1 FROM name_words v WHERE v.word = w);
          RETURN NULL;
        END
        $$;
        -- The function finds this store's words table whatever search path the writer has.
        DO $$ BEGIN
          EXECUTE format('ALTER FUNCTION aevs_add_name_words() SET search_path = %I, pg_catalog', current_schema());
        END $$;
        CREATE TRIGGER source_names_add_words AFTER INSERT ON source_names
          REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION aevs_add_name_words();
        DROP INDEX source_names_trgm;
        DROP INDEX source_names_by_key;
      `,
    },
  },
];

const MIGRATION_LOCK = 0x6165_7673; // 'aevs': one migrator at a time across processes (PostgreSQL)

/**
 * On PostgreSQL a store lives in the first schema of the search path, where its tables are made.
 * Where that schema has none but one further along the path has a store's (a store in `public`
 * with a schema named after the user in front, or a new schema put in front of an existing store),
 * either reading could be meant: opening refuses, rather than make an empty store in front of the
 * other or use the other store's tables as if they were this one's.
 */
async function refuseAnotherSchemasStore(db: Db) {
  const where = await db.get<{ here: string | null; found: string | null }>(
    `SELECT current_schema() AS here,
       (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.oid = to_regclass('schema_migrations')) AS found`,
  );
  if (where?.here && where.found && where.found !== where.here)
    throw new Error(
      `The search path reaches the store in schema "${where.found}" after schema "${where.here}", where this store's tables would be made. Put "${where.found}" first in search_path to open that store, or leave it out of the path for a new store in "${where.here}".`,
    );
}

export async function migrate(db: Db): Promise<number[]> {
  // Nothing to do is found out by a read, so that opening a store another process is writing to
  // (an ingest holds its write lock for the whole snapshot) does not wait for that lock.
  if (db.engine === 'postgres') await refuseAnotherSchemasStore(db);
  const known = await db
    .all<{ id: number }>('SELECT id FROM schema_migrations')
    .then((rows) => new Set(rows.map((r) => Number(r.id))))
    .catch(() => null);
  if (known && MIGRATIONS.every((m) => known.has(m.id))) return [];
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  return db.transaction(async (tx) => {
    if (tx.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    const applied = new Set(
      (await tx.all<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => Number(r.id)),
    );
    const ran: number[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.id)) continue;
      await tx.exec(typeof migration.sql === 'string' ? migration.sql : migration.sql[tx.engine]);
      await tx.run('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)', [
        migration.id,
        migration.name,
        new Date().toISOString(),
      ]);
      ran.push(migration.id);
    }
    return ran;
  });
}
