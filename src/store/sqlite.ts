import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { Availability, type AvailabilityListener, storeUnavailable } from './availability.ts';
import type { Db } from './db.ts';

/** How long a write waits in all for another process's write lock before the store counts as unavailable. */
const BUSY_WAIT_MS = 5_000;
/** How long one attempt blocks the process waiting for the lock (SQLite's own busy timeout). */
const BUSY_STEP_MS = 20;
const SQLITE_BUSY = 5;
const isBusy = (error: unknown) =>
  typeof (error as { errcode?: unknown })?.errcode === 'number' &&
  ((error as { errcode: number }).errcode & 0xff) === SQLITE_BUSY;

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
  readonly #availability = new Availability();
  /** Ingests recorded by this process (SQLite's data_version counts only the other processes' commits). */
  #ingests = 0;
  /** `PRAGMA data_version` as read this turn of the event loop. */
  #dataVersion: number | undefined;
  #ingestInTransaction = false;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
    // 32 KB pages (for a new file; an existing one keeps its own): register records are ~700 bytes
    // each, and a bulk load writes millions of them, each page once to the WAL and again when it is
    // checkpointed, a system call a page each time. At 1M ABN Bulk Extract records that took about
    // a second longer on 8 KB pages (and 8 KB was already faster than 4 KB); lookups by ABN and
    // name searches measure the same.
    this.#db.exec('PRAGMA page_size = 32768');
    // WAL lets the CLI read and write while a server holds the file. A write that finds another
    // process holding the lock waits for it (up to BUSY_WAIT_MS) in short blocking steps with the
    // event loop free between them: node:sqlite is synchronous, and a long busy_timeout would freeze
    // every request of the process while another process (an `aevs ingest`) writes.
    this.#db.exec(
      `PRAGMA journal_mode = WAL; PRAGMA busy_timeout = ${BUSY_STEP_MS}; PRAGMA foreign_keys = ON;`,
    );
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

  /** Runs `work` on the file; a file that cannot be used now (locked past the busy timeout, an I/O error) is a 503. */
  #use<T>(work: () => T): T {
    try {
      const result = work();
      this.#availability.ok();
      return result;
    } catch (error) {
      return this.#availability.failed('sqlite', error);
    }
  }

  /** `work` on the file, tried again (the event loop free meanwhile) while another process holds the lock. */
  async #waitingForLock<T>(work: () => T, waitMs = BUSY_WAIT_MS): Promise<T> {
    const started = performance.now();
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      try {
        const result = work();
        this.#availability.ok();
        return result;
      } catch (error) {
        const waited = performance.now() - started;
        // A caller that chose to wait less than the store's own limit (the rate limiter) gives up
        // without the store counting as unreachable.
        if (isBusy(error) && waited > waitMs && waitMs < BUSY_WAIT_MS) throw storeUnavailable();
        if (!isBusy(error) || waited > waitMs) return this.#availability.failed('sqlite', error);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  onAvailability(listener: AvailabilityListener): void {
    this.#availability.on(listener);
  }

  #direct: Db = {
    engine: 'sqlite',
    all: async <T>(sql: string, params: readonly unknown[] = []) =>
      this.#use(() => this.#statement(sql).all(...toSqlite(params)) as T[]),
    get: async <T>(sql: string, params: readonly unknown[] = []) =>
      this.#use(() => this.#statement(sql).get(...toSqlite(params)) as T | undefined),
    run: async (sql: string, params: readonly unknown[] = []) =>
      this.#use(() => Number(this.#statement(sql).run(...toSqlite(params)).changes)),
    exec: async (sql: string) => this.#use(() => this.#db.exec(sql)),
    noteIngest: async () => {
      this.#ingestInTransaction = true;
    },
    transaction: (fn) => fn(this.#direct),
    close: async () => undefined,
    prepare: (sql: string) => this.#statement(sql),
  };

  ingestsToken(): string | null {
    // `PRAGMA data_version` changes when another connection commits anything (usage counts
    // included), so with several processes the token changes often; it never stays put across an
    // ingest. Within the process, ingests are counted at commit. The version is read once per turn
    // of the event loop (each read starts a transaction on the file, about 15 µs): what is kept is
    // then at most one turn older than the file, as if it had been read at the turn's start.
    if (this.#dataVersion === undefined) {
      try {
        const { data_version } = this.#statement('PRAGMA data_version').get() as { data_version: number };
        this.#dataVersion = data_version;
        setImmediate(() => {
          this.#dataVersion = undefined;
        }).unref();
      } catch {
        return null;
      }
    }
    return `${this.#ingests}.${this.#dataVersion}`;
  }

  async noteIngest(): Promise<void> {
    this.#ingests++;
  }

  async all<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    await this.#idle();
    return this.#waitingForLock(() => this.#statement(sql).all(...toSqlite(params)) as T[]);
  }

  async get<T>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    await this.#idle();
    return this.#waitingForLock(() => this.#statement(sql).get(...toSqlite(params)) as T | undefined);
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    await this.#idle();
    return this.#waitingForLock(() => Number(this.#statement(sql).run(...toSqlite(params)).changes));
  }

  async exec(sql: string): Promise<void> {
    await this.#idle();
    await this.#waitingForLock(() => this.#db.exec(sql));
  }

  transaction<T>(fn: (tx: Db) => Promise<T>, options: { lockWaitMs?: number } = {}): Promise<T> {
    const run = async (): Promise<T> => {
      // Other callers' statements go on while this one waits for the write lock; once it has begun,
      // they wait for it to end.
      const begin = () => {
        this.#db.exec('BEGIN IMMEDIATE');
        // At once: no other caller's statement may run inside this transaction.
        this.#inTransaction = true;
        this.#ingestInTransaction = false;
      };
      await this.#waitingForLock(begin, options.lockWaitMs);
      try {
        try {
          const result = await fn(this.#direct);
          this.#use(() => this.#db.exec('COMMIT'));
          if (this.#ingestInTransaction) this.#ingests++;
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
