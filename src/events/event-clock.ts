/**
 * Event times with microsecond precision that strictly increase within this process, so that paging
 * by `created_at` never skips or repeats an event made in the same millisecond (decisions.md,
 * changes polling). Microseconds come from the high-resolution clock anchored to the wall clock.
 */
export class EventClock {
  #last = 0n;
  readonly #anchorMs: number;
  readonly #anchorHr: bigint;

  constructor(now: () => number = Date.now) {
    this.#anchorMs = now();
    this.#anchorHr = process.hrtime.bigint();
  }

  next(): string {
    const micros = BigInt(this.#anchorMs) * 1000n + (process.hrtime.bigint() - this.#anchorHr) / 1000n;
    this.#last = micros > this.#last ? micros : this.#last + 1n;
    const ms = Number(this.#last / 1000n);
    const iso = new Date(ms).toISOString(); // 2026-11-22T23:00:00.123Z
    return `${iso.slice(0, 23)}${String(this.#last % 1000n).padStart(3, '0')}Z`;
  }
}

/** The process's one event clock: every event and delivery it writes gets a distinct, increasing time. */
export const eventClock = new EventClock();

/** A wall-clock time in the stored event form (microseconds, UTC), so text comparisons are exact. */
export const storedTime = (d: Date): string => `${d.toISOString().slice(0, 23)}000Z`;
