import { RecentlyUsed } from '../recently-used.ts';
import type { Db } from './db.ts';

/**
 * Values a process reads from the store and keeps until an ingest may have been applied
 * (docs/architecture.md, what a process keeps): the loaded copies of the registers, and an entity's
 * records as a resolve reads them. Every change to register records comes with an applied ingest,
 * and `Db.ingestsToken` changes with each, so a kept value is never older than the store's own.
 *
 * At most `max` values are kept per store, the least recently used let go first; with `secondUse`,
 * only those read a second time (`RecentlyUsed`). Where the engine cannot tell when an ingest was
 * applied (the token is null), nothing is kept. A failed read is not kept. Kept values are shared by
 * every request that reads them: they are frozen, so a caller that tried to change one would fail
 * at once rather than change it for the others.
 */
export class KeptUntilIngest<V> {
  readonly #max: number;
  readonly #secondUse: boolean;
  readonly #byDb = new WeakMap<Db, { token: string; values: RecentlyUsed<Promise<V>> }>();

  constructor(max: number, options: { secondUse?: boolean } = {}) {
    this.#max = max;
    this.#secondUse = options.secondUse === true;
  }

  get(db: Db, key: string, read: () => Promise<V>): Promise<V> {
    const token = db.ingestsToken?.() ?? null;
    if (token === null) return read();
    let kept = this.#byDb.get(db);
    if (kept?.token !== token) {
      kept = { token, values: new RecentlyUsed(this.#max, { secondUse: this.#secondUse }) };
      this.#byDb.set(db, kept);
    }
    const { values } = kept;
    const known = values.get(key);
    if (known) return known;
    // What is not kept is the caller's alone; what is kept is shared, and frozen.
    if (!values.admits(key)) return read();
    const value = read().then(freeze);
    values.set(key, value);
    value.catch(() => values.delete(key));
    return value;
  }
}

/** The value and what it holds, three levels down: a list of records, each record, its names and data. */
function freeze<V>(value: V, depth = 3): V {
  if (depth === 0 || typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) freeze(inner, depth - 1);
  return Object.freeze(value);
}
