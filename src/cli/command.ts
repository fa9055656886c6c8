import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Config, ConfigError } from '../config.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';

export type Io = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; env: NodeJS.ProcessEnv };

/** A mistake in how the command was called: usage goes to stderr and the exit code is 2. */
export class UsageError extends Error {}

export type Command = {
  usage: string;
  /** Positional arguments after the command words: how many at least (and at most, if bounded). */
  positionals?: { min: number; max?: number; names: string };
  options?: Record<
    string,
    { type: 'string' | 'boolean'; description: string; required?: boolean; choices?: string[] }
  >;
  run: (
    args: Record<string, string | boolean | undefined>,
    io: Io,
    config: Config,
    positionals: string[],
  ) => Promise<void>;
};

/**
 * Runs `fn` on the configured store. Only the commands that make data (`accounts create`, `ingest`, `sync`)
 * may make a new SQLite store: for any other, a data folder without one is a mistyped AEVS_DATA_DIR,
 * said as such rather than answered from an empty store made on the spot.
 */
export const withStore = async <T>(
  config: Config,
  fn: (store: Store) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> => {
  if (!config.databaseUrl && !options.create) {
    const file = join(config.dataDir, 'aevs.sqlite');
    if (!existsSync(file)) {
      throw new ConfigError(
        `no store at ${resolve(file)}: set AEVS_DATA_DIR to the folder the server uses (a store is made by the first start, aevs accounts create or aevs ingest)`,
      );
    }
  }
  const store = await openStore(config);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
};

export const clock = () => new Date();
export const str = (v: string | boolean | undefined) => String(v);
