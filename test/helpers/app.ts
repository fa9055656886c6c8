import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createAccount } from '../../src/accounts/create-account.ts';
import { createKey } from '../../src/accounts/keys.ts';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import type { Db } from '../../src/store/db.ts';
import { openDb } from '../../src/store/open-store.ts';
import { createStore, type Store } from '../../src/store/store.ts';
import { testStoreSettings } from './store.ts';

export type TestAccount = { id: string; testKey: string; liveKey: string };

export type TestApp = {
  app: FastifyInstance;
  store: Store;
  /** The store's own connection, for tests that read or arrange rows directly. */
  db: Db;
  config: Config;
  /** Every JSON log line the app wrote. */
  logs: string[];
  newAccount: (name?: string) => Promise<TestAccount>;
  close: () => Promise<void>;
};

/** The real app on a real, empty store (SQLite, or PostgreSQL in the CI pass), with logs captured. */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<Omit<AppDeps, 'config' | 'store' | 'log'>>;
    logLevel?: Config['logLevel'];
  } = {},
): Promise<TestApp> {
  const settings = await testStoreSettings();
  const config = {
    ...loadConfig({ AEVS_LOG_LEVEL: 'info', ...options.env }),
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
  };
  const db = await openDb(config);
  const store = createStore(db);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    config,
    store,
    log: createLogger(options.logLevel ?? 'info', sink),
    ...options.deps,
  });
  const clock = () => new Date();
  return {
    app,
    store,
    db,
    config,
    logs,
    newAccount: async (name = 'test account') => {
      const account = await createAccount({ ctx: { store, clock }, input: { name } });
      const test = await createKey({ ctx: { store, clock }, input: { accountId: account.id, mode: 'test' } });
      const live = await createKey({ ctx: { store, clock }, input: { accountId: account.id, mode: 'live' } });
      return { id: account.id, testKey: test.key, liveKey: live.key };
    },
    close: async () => {
      await app.close();
      await db.close();
      await settings.cleanup();
    },
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
