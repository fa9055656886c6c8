import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Availability, type AvailabilityListener } from './availability.ts';
import type { Db } from './db.ts';
import { INGEST_CHANNEL, IngestListener } from './pg-ingest-listener.ts';

/** `?` placeholders become `$1, $2, …`; our SQL never has a `?` inside a literal. */
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

// COUNT and BIGINT columns arrive as strings by default; every count we keep fits a double.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

type Queryable = pg.Pool | pg.PoolClient;

function queries(q: Queryable, availability: Availability): Omit<Db, 'transaction' | 'close'> {
  const query = async (sql: string, params?: readonly unknown[]) => {
    try {
      const result = await q.query(sql, params as unknown[] | undefined);
      availability.ok();
      return result;
    } catch (error) {
      return availability.failed('postgres', error);
    }
  };
  return {
    engine: 'postgres',
    all: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await query(numbered(sql), params)).rows as T[],
    get: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await query(numbered(sql), params)).rows[0] as T | undefined,
    run: async (sql: string, params: readonly unknown[] = []) =>
      (await query(numbered(sql), params)).rowCount ?? 0,
    exec: async (sql: string) => {
      await query(sql);
    },
  };
}

export class PostgresDb implements Db {
  readonly engine = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #q: Omit<Db, 'transaction' | 'close'>;
  readonly #availability = new Availability();
  /** Ingests heard of (committed here, or announced by any process) since the process started. */
  #ingests = 0;
  readonly #listener: IngestListener;

  constructor(connectionString: string) {
    this.#listener = new IngestListener(connectionString, () => {
      this.#ingests++;
    });
    // A server that does not answer a new connection within 5 s is taken to be down (the default
    // would wait for ever).
    this.#pool = new pg.Pool({ connectionString, max: 10, types, connectionTimeoutMillis: 5_000 });
    // An idle client's error (the server restarting) must not crash the process; the pool replaces it.
    this.#pool.on('error', () => undefined);
    this.#q = queries(this.#pool, this.#availability);
  }

  onAvailability(listener: AvailabilityListener): void {
    this.#availability.on(listener);
  }

  ingestsToken(): string | null {
    return this.#listener.hearing ? String(this.#ingests) : null;
  }

  async noteIngest(): Promise<void> {
    await this.#q.run('SELECT pg_notify(?, ?)', [INGEST_CHANNEL, 'ingest']);
    this.#ingests++;
  }

  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    return this.#q.all<T>(sql, params);
  }

  get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    return this.#q.get<T>(sql, params);
  }

  run(sql: string, params?: readonly unknown[]): Promise<number> {
    return this.#q.run(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.#q.exec(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    // A connection that dies while checked out (the server restarting) fails the waiting query; its
    // 'error' event must not go unheard, or it would be thrown process-wide. The listener goes on in
    // the pool's callback, before the rest of the server's answer is read (a new connection's
    // termination can come in the same packet as its readiness). A broken client leaves the pool.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
    };
    const client = await new Promise<pg.PoolClient>((resolve, reject) => {
      this.#pool.connect((error, checkedOut) => {
        if (error || !checkedOut) reject(error ?? new Error('no connection'));
        else {
          checkedOut.on('error', onError);
          resolve(checkedOut);
        }
      });
    }).catch((error: unknown) => this.#availability.failed('postgres', error));
    let ingested = false;
    const tx: Db = {
      ...queries(client, this.#availability),
      // Delivered to every listening process when the transaction commits, never if it rolls back.
      noteIngest: async () => {
        await tx.run('SELECT pg_notify(?, ?)', [INGEST_CHANNEL, 'ingest']);
        ingested = true;
      },
      transaction: (inner) => inner(tx),
      close: async () => undefined,
      copyFrom: (sql) => client.query(copyFrom(sql)),
    };
    try {
      await tx.exec('BEGIN');
      const result = await fn(tx);
      await tx.exec('COMMIT');
      if (ingested) this.#ingests++;
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.#listener.close();
    await this.#pool.end();
  }
}
