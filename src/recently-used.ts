/**
 * Up to `max` values, the least recently used let go first. With `secondUse`, a value is kept only
 * when its key is offered a second time while the key is still remembered (the keys of the last
 * `max` values offered once): a stream of keys each asked for once (a resolve of every company in
 * turn) keeps nothing but the keys, so nothing of theirs outlives its request and the garbage
 * collector has nothing to copy, while a key asked for again is kept from then on.
 */
export class RecentlyUsed<V> {
  readonly #max: number;
  readonly #secondUse: boolean;
  readonly #values = new Map<string, V>();
  readonly #offeredOnce = new Set<string>();

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

  /** Keeps the value (or, the first time its key is seen, only the key); answers whether it was kept. */
  offer(key: string, value: V): boolean {
    if (this.#secondUse && !this.#offeredOnce.delete(key)) {
      if (this.#offeredOnce.size >= this.#max) this.#offeredOnce.clear();
      this.#offeredOnce.add(key);
      return false;
    }
    this.#values.delete(key);
    this.#values.set(key, value);
    if (this.#values.size > this.#max) this.#values.delete(this.#values.keys().next().value as string);
    return true;
  }

  delete(key: string): void {
    this.#values.delete(key);
  }
}
