import type { Config } from '../config.ts';
import type { Db } from '../store/db.ts';
import { openStore } from '../store/open-store.ts';

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

export const withStore = async <T>(config: Config, fn: (db: Db) => Promise<T>): Promise<T> => {
  const db = await openStore(config);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
};

export const clock = () => new Date();
export const str = (v: string | boolean | undefined) => String(v);
