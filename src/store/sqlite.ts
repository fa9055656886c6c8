import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Db } from './db.ts';

const toSqlite = (params: readonly unknown[]): SQLInputValue[] =>
  params.map((p) => {
    if (p === undefined || p === null) return null;
    if (typeof p === 'boolean') return p ? 1 : 0;
    return p as SQLInputValue;
  });

/**
 * node:sqlite is synchronous and has one connection, so an open transaction must not let another
 * request's statements run inside it: while one is open, other callers wait for it to finish.
 */
export class SqliteDb implements Db {
  readonly engine = 'sqlite' as const;
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  #queue: Promise<unknown> = Promise.resolve();
  #inTransaction = false;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
    // 32 KB pages (for a new file; an existing one keeps its own): register records are ~700 bytes
    // each, and a bulk load writes millions of them, each page once to the WAL and again when it is
    // checkpointed, a system call a page each time. At 1M ABN Bulk Extract records that took about
    // a second longer on 8 KB pages (and 8 KB was already faster than 4 KB); lookups by ABN and
    // name searches measure the same.
    this.#db.exec('PRAGMA page_size = 32768');
    // WAL lets the CLI read and write while a server holds the file; busy_timeout waits for its lock.
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
    // A 32 MB page cache (1,024 pages): a bulk load keeps a few hundred pages busy at once (the end
    // of each table, the places its indexes grow), and on 16 MB it read 0.7 GB of them back from
    // the WAL at 1M records; on 32 MB, a sixth of that.
    // Temporary data (large sorts: an index built after a bulk load) goes to files, not memory, where
    // it would grow with the load. It is set once here: it cannot change inside a transaction once
    // anything (a migration's ALTER TABLE, say) has opened the temporary database.
    this.#db.exec('PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768; PRAGMA temp_store = FILE;');
  }

  static open(dataDir: string): SqliteDb {
    mkdirSync(dataDir, { recursive: true });
    return new SqliteDb(join(dataDir, 'aevs.sqlite'));
  }

  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async #idle(): Promise<void> {
    while (this.#inTransaction) await this.#queue.catch(() => undefined);
  }

  #direct: Db = {
    engine: 'sqlite',
    all: async <T>(sql: string, params: readonly unknown[] = []) =>
      this.#statement(sql).all(...toSqlite(params)) as T[],
    get: async <T>(sql: string, params: readonly unknown[] = []) =>
      this.#statement(sql).get(...toSqlite(params)) as T | undefined,
    run: async (sql: string, params: readonly unknown[] = []) =>
      Number(this.#statement(sql).run(...toSqlite(params)).changes),
    exec: async (sql: string) => this.#db.exec(sql),
    transaction: (fn) => fn(this.#direct),
    close: async () => undefined,
    prepare: (sql: string) => this.#statement(sql),
  };

  async all<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    await this.#idle();
    return this.#direct.all<T>(sql, params);
  }

  async get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    await this.#idle();
    return this.#direct.get<T>(sql, params);
  }

  async run(sql: string, params?: readonly unknown[]): Promise<number> {
    await this.#idle();
    return this.#direct.run(sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.#idle();
    this.#db.exec(sql);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      this.#inTransaction = true;
      try {
        this.#db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(this.#direct);
          this.#db.exec('COMMIT');
          return result;
        } catch (error) {
          if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
          throw error;
        }
      } finally {
        this.#inTransaction = false;
      }
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.#queue;
    if (this.#db.isOpen) this.#db.close();
  }
}
