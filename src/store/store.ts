import { accountQueries, apiKeyQueries } from './accounts.ts';
import type { AvailabilityListener } from './availability.ts';
import { startFreshLoad } from './bulk-load.ts';
import { changeEventQueries } from './change-events.ts';
import { activityQueries, dashboardQueries } from './dashboard.ts';
import type { Db, Engine } from './db.ts';
import { deliveryQueries } from './deliveries.ts';
import { deliveryQueueQueries } from './delivery-queue.ts';
import { entityQueries } from './entity-records.ts';
import { idempotencyKeyQueries } from './idempotency-keys.ts';
import { ingestQueries } from './ingests.ts';
import { nameQueries } from './name-search.ts';
import { startSnapshotLoad } from './pg-snapshot.ts';
import { rateBucketQueries } from './rate-buckets.ts';
import { recordQueries } from './source-records.ts';
import { subscriptionQueries } from './subscriptions.ts';
import { syncStateQueries } from './sync-state.ts';
import { usageQueries } from './usage.ts';

// biome-ignore lint/suspicious/noExplicitAny: a query's own parameters, whatever they are
type Query = (db: Db, ...args: any[]) => unknown;
/** A group of queries with the store's connection (or transaction) already given. */
type Bound<Q extends Record<string, Query>> = {
  readonly [K in keyof Q]: Q[K] extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;
};

function bind<Q extends Record<string, Query>>(db: Db, queries: Q): Bound<Q> {
  const bound: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(queries))
    bound[name] = (...args: unknown[]) => query(db, ...args);
  return bound as Bound<Q>;
}

const GROUPS = {
  accounts: accountQueries,
  apiKeys: apiKeyQueries,
  usage: usageQueries,
  rateBuckets: rateBucketQueries,
  idempotencyKeys: idempotencyKeyQueries,
  records: recordQueries,
  names: nameQueries,
  entities: entityQueries,
  ingests: ingestQueries,
  changeEvents: changeEventQueries,
  subscriptions: subscriptionQueries,
  deliveries: deliveryQueries,
  deliveryQueue: deliveryQueueQueries,
  dashboard: dashboardQueries,
  activity: activityQueries,
  syncState: syncStateQueries,
};

/**
 * The store as the rest of the service sees it: named queries grouped by capability, and
 * transactions. All SQL, and everything that differs between SQLite and PostgreSQL (FTS5 or
 * pg_trgm, advisory locks, SKIP LOCKED, bulk paths), stays inside `src/store/` (docs/architecture.md,
 * the store).
 */
export type Store = { readonly [G in keyof typeof GROUPS]: Bound<(typeof GROUPS)[G]> } & {
  readonly engine: Engine;
  /**
   * All of `fn` or none of it; `tx` runs its queries in the transaction. Nested calls join the outer
   * transaction. On SQLite a transaction holds the file's one write lock throughout.
   */
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T>;
  /**
   * A first load of a dataset with nothing stored to compare with: records go straight in, through
   * the engine's fastest path; null where the engine has no faster path than the general one. Inside
   * a transaction only.
   */
  startFreshLoad: (input: Parameters<typeof startFreshLoad>[1]) => ReturnType<typeof startFreshLoad>;
  /**
   * A snapshot applied set-wise (PostgreSQL: COPY into a staging table, then one comparison with the
   * stored copy); null where the engine compares a chunk at a time instead. Inside a transaction only.
   */
  startSnapshotLoad: (input: Parameters<typeof startSnapshotLoad>[1]) => ReturnType<typeof startSnapshotLoad>;
  /** Whether the store answers a trivial query (readiness). */
  ping(): Promise<boolean>;
  /**
   * Told when the store stops answering and when it answers again. Meanwhile every query fails
   * with a 503 `service_unavailable` (code `store_unavailable`), never a 500.
   */
  onAvailability(listener: AvailabilityListener): void;
  close(): Promise<void>;
};

// Pure helpers over what the queries answer, for the verbs that compare records themselves.
export { joinIdentifiers } from './entity-records.ts';
export { holds, toSourceRecord } from './source-records.ts';

const storeOf = new WeakMap<Db, Store>();

/** The store over one connection: the process's, or a transaction's. */
export function createStore(db: Db): Store {
  const known = storeOf.get(db);
  if (known) return known;
  const groups = Object.fromEntries(
    Object.entries(GROUPS).map(([name, queries]) => [name, bind(db, queries)]),
  ) as { [G in keyof typeof GROUPS]: Bound<(typeof GROUPS)[G]> };
  const store: Store = {
    ...groups,
    engine: db.engine,
    transaction: (fn) => db.transaction((tx) => fn(createStore(tx))),
    startFreshLoad: (input) => startFreshLoad(db, input),
    startSnapshotLoad: (input) => startSnapshotLoad(db, input),
    ping: async () => (await db.get<{ ok: number }>('SELECT 1 AS ok'))?.ok === 1,
    onAvailability: (listener) => db.onAvailability?.(listener),
    close: () => db.close(),
  };
  storeOf.set(db, store);
  return store;
}
