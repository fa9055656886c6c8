import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Caller } from '../ctx.ts';
import type { Store } from '../store/store.ts';

/** Calendar months are counted in UTC: `2026-11`. */
export const usagePeriod = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * Counts live-key requests and key use in memory, so the request path never writes to the store,
 * and flushes them in one transaction every few seconds and at shutdown. A failed flush keeps the
 * counts for the next one: nothing is lost while the store is briefly away.
 */
export class UsageMeter {
  readonly #store: Store;
  readonly #log: Logger;
  #counts = new Map<string, { accountId: string; day: string; count: number }>();
  /** Counts being written by the flush in progress: still counted by `pending` until they are stored. */
  #writing = new Map<string, { accountId: string; day: string; count: number }>();
  #lastUsed = new Map<string, number>();
  #day = { name: '', start: 0, end: 0 };
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;

  constructor(store: Store, log: Logger) {
    this.#store = store;
    this.#log = log;
  }

  /** The key was used: its last-used time moves, and nothing is counted. */
  touch(caller: Caller, at: Date): void {
    this.#lastUsed.set(caller.keyId, at.getTime());
  }

  record(caller: Caller, at: Date): void {
    const ms = at.getTime();
    this.#lastUsed.set(caller.keyId, ms);
    if (caller.mode !== 'live') return; // test keys consume no quota (docs/decisions.md, contract summary §5.2)
    const day = this.#dayOf(ms);
    const slot = `${caller.accountId}\u0000${day}`;
    const entry = this.#counts.get(slot);
    if (entry) entry.count++;
    else this.#counts.set(slot, { accountId: caller.accountId, day, count: 1 });
  }

  // The day's name is worked out once per day, not per request (days, like months, in UTC).
  #dayOf(ms: number): string {
    if (ms < this.#day.start || ms >= this.#day.end) {
      const d = new Date(ms);
      const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      this.#day = { name: d.toISOString().slice(0, 10), start, end: start + 86_400_000 };
    }
    return this.#day.name;
  }

  /** Counted in this process and not yet written (or being written now), for the month. */
  pending(accountId: string, period: string): number {
    let n = 0;
    for (const counts of [this.#counts, this.#writing])
      for (const entry of counts.values())
        if (entry.accountId === accountId && entry.day.startsWith(period)) n += entry.count;
    return n;
  }

  start(intervalMs = 5000): void {
    this.#timer = setInterval(() => void this.flush(), intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  flush(): Promise<void> {
    this.#flushing ??= this.#write().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #write(): Promise<void> {
    if (this.#counts.size === 0 && this.#lastUsed.size === 0) return;
    const counts = this.#counts;
    const lastUsed = this.#lastUsed;
    this.#counts = new Map();
    this.#lastUsed = new Map();
    this.#writing = counts;
    try {
      await this.#store.transaction(async (tx) => {
        for (const { accountId, day, count } of counts.values())
          await tx.usage.addLiveRequests(accountId, day, count);
        for (const [keyId, at] of lastUsed) await tx.apiKeys.touch(keyId, new Date(at).toISOString());
      });
    } catch (error) {
      for (const [slot, entry] of counts) {
        const now = this.#counts.get(slot);
        if (now) now.count += entry.count;
        else this.#counts.set(slot, entry);
      }
      for (const [keyId, at] of lastUsed) if (!this.#lastUsed.has(keyId)) this.#lastUsed.set(keyId, at);
      this.#log.error({ err: error }, 'usage flush failed; counts kept for the next flush');
    } finally {
      this.#writing = new Map();
    }
  }
}
