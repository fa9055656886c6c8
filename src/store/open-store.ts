import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { migrate } from './migrations.ts';
import { PostgresDb } from './postgres.ts';
import { SqliteDb } from './sqlite.ts';
import { createStore, type Store } from './store.ts';

/**
 * The configured engine's connection, migrated: PostgreSQL when AEVS_DATABASE_URL is set, the
 * embedded SQLite file otherwise. The store's own queries run on it; tests read it directly.
 */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = config.databaseUrl ? new PostgresDb(config.databaseUrl) : SqliteDb.open(config.dataDir);
  try {
    await migrate(db);
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** The store on the configured engine, migrated on open. */
export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Store> {
  return createStore(await openDb(config));
}
