import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Where a test keeps its store: a fresh SQLite directory, or, when AEVS_TEST_DATABASE_URL is set
 * (the PostgreSQL pass of .ci/run), a fresh schema on that server reached through `search_path`.
 * Either way the test gets the same settings a user would: AEVS_DATA_DIR or AEVS_DATABASE_URL.
 */
export type TestStoreSettings = {
  dataDir: string;
  databaseUrl: string | undefined;
  cleanup: () => Promise<void>;
};

export const testEngine = (): 'sqlite' | 'postgres' =>
  process.env.AEVS_TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export async function testStoreSettings(): Promise<TestStoreSettings> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aevs-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const base = process.env.AEVS_TEST_DATABASE_URL;
  if (!base) return { dataDir, databaseUrl: undefined, cleanup: async () => removeDir() };

  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // Extensions are database-wide: pg_trgm lives in public, which every test schema also searches.
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => undefined);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const databaseUrl = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
  return {
    dataDir,
    databaseUrl,
    cleanup: async () => {
      removeDir();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** The same settings as environment variables, for a spawned server or CLI. */
export const storeEnv = (s: TestStoreSettings): Record<string, string> =>
  s.databaseUrl
    ? { AEVS_DATABASE_URL: s.databaseUrl, AEVS_DATA_DIR: s.dataDir }
    : { AEVS_DATA_DIR: s.dataDir };
