/**
 * Up to `max` values, the least recently used let go first. With `secondUse`, a value is kept only
 * once its key is asked about a second time while the first is remembered (up to `max` keys, as
 * hashes): a stream of keys each asked for once (a resolve of every company in turn) keeps nothing,
 * so nothing of theirs outlives its request and the garbage collector has nothing to copy, while a
 * key asked for again is kept from then on.
 */
export class RecentlyUsed<V> {
  readonly #max: number;
  readonly #secondUse: boolean;
  readonly #values = new Map<string, V>();
  /** Keys asked about once, as hashes: small integers, which allocate nothing and outlive no request. */
  readonly #offeredOnce = new Set<number>();

  constructor(max: number, options: { secondUse?: boolean } = {}) {
    this.#max = max;
    this.#secondUse = options.secondUse === true;
  }

  get(key: string): V | undefined {
    const value = this.#values.get(key);
    if (value !== undefined) {
      // A Map iterates in insertion order, so the first key is always the least recently used.
      this.#values.delete(key);
      this.#values.set(key, value);
    }
    return value;
  }

  /**
   * Whether a value for this key is to be kept now: always, or with `secondUse` only when the key
   * was asked about before (the first time, only its hash is remembered).
   */
  admits(key: string): boolean {
    if (!this.#secondUse) return true;
    // Two keys with one hash only make the second kept a request early.
    const hash = hashOf(key);
    if (this.#offeredOnce.delete(hash)) return true;
    if (this.#offeredOnce.size >= this.#max) this.#offeredOnce.clear();
    this.#offeredOnce.add(hash);
    return false;
  }

  set(key: string, value: V): void {
    this.#values.delete(key);
    this.#values.set(key, value);
    if (this.#values.size > this.#max) this.#values.delete(this.#values.keys().next().value as string);
  }

  delete(key: string): void {
    this.#values.delete(key);
  }
}

/** FNV-1a over the key's UTF-16 code units, as a 31-bit integer (a small integer in V8 on every platform). */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}
