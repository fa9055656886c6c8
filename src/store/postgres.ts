import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Availability, type AvailabilityListener } from './availability.ts';
import type { Db, QueryOptions } from './db.ts';
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

/** How long a statement outside a transaction waits for a lock (SQLite's busy timeout is the same). */
const LOCK_TIMEOUT = '5s';

/** Statements given a name, by their text: the same text always has the same name. */
const statementNames = new Map<string, string>();
/** Named statements at most: each connection keeps each one it has used. */
const MAX_NAMED = 500;
/** A statement with more parameters than this (a list of keys, a batch of rows) stays unnamed. */
const MAX_NAMED_PARAMS = 32;

/**
 * A name for a statement the server should parse once per connection and keep: a short query with
 * parameters, made outside a transaction (what an API request runs). The server then skips parsing
 * it again, about a third of a lookup's time. Statements reading
 * `*` stay unnamed: a column added by a newer version's migration would change what a kept
 * statement answers, which the server refuses.
 */
function statementName(sql: string, params: number): string | undefined {
  if (params === 0 || params > MAX_NAMED_PARAMS || sql.includes('*')) return undefined;
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `aevs_${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** The server lost or already had a named statement: what a pooler in transaction mode causes. */
const namedStatementsLost = (error: unknown) =>
  ['26000', '42P05'].includes((error as { code?: string } | null)?.code ?? '');

function queries(
  q: Queryable,
  availability: Availability,
  options: { named: boolean },
): Omit<Db, 'transaction' | 'close'> {
  const query = async (sql: string, params?: readonly unknown[]) => {
    try {
      const values = params as unknown[] | undefined;
      const name = options.named ? statementName(sql, values?.length ?? 0) : undefined;
      const result = await (name
        ? q.query({ name, text: sql, values }).catch((error: unknown) => {
            if (!namedStatementsLost(error)) throw error;
            // A pooler handing each query to another server connection (PgBouncer in transaction
            // mode): named statements cannot hold, so none are named from now on.
            options.named = false;
            return q.query(sql, values);
          })
        : q.query(sql, values));
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
  /** Connections whose named statements keep one plan (`QueryOptions.samePlan`). */
  readonly #samePlanPool: pg.Pool;
  readonly #samePlan: Omit<Db, 'transaction' | 'close'>;
  readonly #availability = new Availability();
  /** Ingests heard of (committed here, or announced by any process) since the process started. */
  #ingests = 0;
  readonly #listener: IngestListener;

  constructor(connectionString: string) {
    this.#listener = new IngestListener(connectionString, () => {
      this.#ingests++;
    });
    // A server that does not answer a new connection within 5 s is taken to be down (the default
    // would wait for ever). A statement outside a transaction that waits over LOCK_TIMEOUT for a
    // table lock (a large first load holds the register tables' until it commits) fails, and is
    // answered as a store that cannot be reached; a transaction waits for as long as it takes.
    // A named statement is planned for its values each time: a plan made once for any values could
    // read a whole table for a value it did not suit (one dataset's rows for another's, a common
    // word's for a rare one's). Statements whose plan is the same for any value go to connections
    // of their own, which keep one plan per statement: for a lookup by identifier, planning was more
    // than half the server's work. Set before the connection takes its first query (a server that
    // refuses the setting still serves the query).
    const pool = (max: number, planCacheMode: string) => {
      const created = new pg.Pool({
        connectionString,
        max,
        types,
        connectionTimeoutMillis: 5_000,
        onConnect: (client) =>
          client.query(`SET plan_cache_mode = ${planCacheMode}; SET lock_timeout = '${LOCK_TIMEOUT}'`).then(
            () => undefined,
            () => undefined,
          ),
      });
      // An idle client's error (the server restarting) must not crash the process; the pool replaces it.
      created.on('error', () => undefined);
      return created;
    };
    this.#pool = pool(10, 'force_custom_plan');
    this.#samePlanPool = pool(4, 'force_generic_plan');
    this.#q = queries(this.#pool, this.#availability, { named: true });
    this.#samePlan = queries(this.#samePlanPool, this.#availability, { named: true });
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

  all<T>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]> {
    return (options?.samePlan ? this.#samePlan : this.#q).all<T>(sql, params);
  }

  get<T>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T | undefined> {
    return (options?.samePlan ? this.#samePlan : this.#q).get<T>(sql, params);
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
      ...queries(client, this.#availability, { named: false }),
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
      await tx.exec('BEGIN; SET LOCAL lock_timeout = 0');
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
    await Promise.all([this.#pool.end(), this.#samePlanPool.end()]);
  }
}
