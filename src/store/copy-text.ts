/**
 * Rows of COPY's text format gathered into the buffers they are sent in, each row encoded once as
 * it is made. Joining a round's rows into one string and encoding that copied every row twice more
 * and left strings of megabytes to the garbage collector: about a third of the main thread's time
 * in a first load of 1M records on PostgreSQL (docs/architecture.md, an ingest).
 */
export class CopyText {
  readonly #slab: number;
  #full: Buffer[] = [];
  #buffer: Buffer;
  #at = 0;
  #bytes = 0;

  constructor(slab = 1 << 20) {
    this.#slab = slab;
    this.#buffer = Buffer.allocUnsafe(slab);
  }

  /** Bytes gathered and not yet taken. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Adds text (rows already escaped, each ending in a newline) as UTF-8. */
  add(text: string): void {
    // A UTF-16 code unit is at most three bytes of UTF-8 (a surrogate pair, two units, is four).
    const room = text.length * 3;
    if (this.#at + room > this.#buffer.length) {
      if (this.#at > 0) this.#full.push(this.#buffer.subarray(0, this.#at));
      this.#buffer = Buffer.allocUnsafe(Math.max(this.#slab, room));
      this.#at = 0;
    }
    const written = this.#buffer.write(text, this.#at, 'utf8');
    this.#at += written;
    this.#bytes += written;
  }

  /** The buffers gathered, in order; this starts empty again. */
  take(): Buffer[] {
    const out = this.#full;
    if (this.#at > 0) out.push(this.#buffer.subarray(0, this.#at));
    this.#full = [];
    // The rest of the current buffer stays ours: what was taken ends where the next row begins.
    this.#buffer = this.#buffer.subarray(this.#at);
    this.#at = 0;
    this.#bytes = 0;
    return out;
  }
}
