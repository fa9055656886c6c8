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
];

const MIGRATION_LOCK = 0x6165_7673; // 'aevs': one migrator at a time across processes (PostgreSQL)

export async function migrate(db: Db): Promise<number[]> {
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
