import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { migrate } from './migrations.ts';
import { PostgresDb } from './postgres.ts';
import { SqliteDb } from './sqlite.ts';

/** PostgreSQL when AEVS_DATABASE_URL is set, the embedded SQLite file otherwise; migrated on open. */
export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = config.databaseUrl ? new PostgresDb(config.databaseUrl) : SqliteDb.open(config.dataDir);
  try {
    await migrate(db);
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
