import type { Writable } from 'node:stream';
import type { AvailabilityListener } from './availability.ts';

/**
 * The store's one seam between engines. Queries are written once, in portable SQL with `?`
 * placeholders; each engine runs them (PostgreSQL numbers the placeholders itself).
 */
export type Engine = 'sqlite' | 'postgres';

/** A statement prepared once and run synchronously, many times (bulk loads inside a transaction). */
export type SyncStatement = {
  run(...params: Array<string | number | null>): {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  };
};

/**
 * `samePlan`: the statement's best plan is the same whatever its values (a lookup through an index
 * by an identifier): PostgreSQL may plan it once per connection and keep that plan. Any other
 * statement is planned for its values each time, since a plan made for any values (one dataset's
 * rows for another's, a common word's for a rare one's) can read a whole table. Outside transactions
 * only; SQLite plans every statement once anyway.
 */
export type QueryOptions = { samePlan?: boolean };

export interface Db {
  readonly engine: Engine;
  all<T>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  get<T>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * All of `fn` or none of it. Nested calls join the outer transaction. `lockWaitMs`: how long SQLite
   * waits for another process's write lock before giving up (a 503); 5 s by default.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: { lockWaitMs?: number }): Promise<T>;
  close(): Promise<void>;
  /** SQLite only, inside a transaction: no promise and no parameter conversion per row. */
  prepare?(sql: string): SyncStatement;
  /**
   * PostgreSQL only, inside a transaction: a `COPY … FROM STDIN` on the transaction's connection.
   * Write rows in COPY's text format; `end()` it and wait for `finish` (or `error`).
   */
  copyFrom?(sql: string): Writable;
  /** Told when the store stops answering (its queries then fail with a 503) and when it answers again. */
  onAvailability?(listener: AvailabilityListener): void;
  /**
   * Outside transactions: a value that changes whenever an ingest may have been applied since it was
   * last read, by this process or another sharing the store; null when the engine cannot tell now
   * (then nothing read from ingests may be kept). See docs/architecture.md, what a process keeps.
   */
  ingestsToken?(): string | null;
  /** Inside a transaction that records an ingest: the token changes for every process once it commits. */
  noteIngest?(): Promise<void>;
}
