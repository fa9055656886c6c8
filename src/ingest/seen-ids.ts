/**
 * The stored records a snapshot has held so far, by record id: one bit each, so the set for the
 * national extract (about 20 million records) takes a few megabytes. It finds a key that comes twice
 * and, at the end, the stored records the snapshot no longer holds. A temporary table of keys did
 * the same at about a fifth of a weekly re-ingest's time.
 */
export class SeenIds {
  #bits = new Uint8Array(1 << 16);

  has(id: number): boolean {
    const byte = this.#bits[Math.floor(id / 8)];
    return byte !== undefined && (byte & (1 << (id % 8))) !== 0;
  }

  add(id: number): void {
    if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`record id ${id} is not a row id`);
    const byte = Math.floor(id / 8);
    if (byte >= this.#bits.length) {
      let size = this.#bits.length;
      while (size <= byte) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.#bits);
      this.#bits = grown;
    }
    this.#bits[byte] = (this.#bits[byte] as number) | (1 << (id % 8));
  }
}
