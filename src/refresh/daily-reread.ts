import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Ctx } from '../ctx.ts';
import type { AbrClient } from '../registers/abr-web/client.ts';
import type { Store } from '../store/store.ts';
import { REREAD, type RereadSummary, rereadWatched } from './reread-watched.ts';

/** The ABR's dates are Australian Eastern dates. */
const sydneyDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' });
export const sydneyDate = (at: Date): string => sydneyDateFormat.format(at);
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The ABR update dates to read, oldest first, among the last `lookbackDays` complete days in Sydney
 * (older changes reach the store through the weekly bulk extract anyway): each day never read, and
 * each day read only on the day after it, once more, in case the ABR was still processing it then.
 * A day read two or more days after it is done.
 */
export async function dueDates(store: Store, now: Date, lookbackDays: number): Promise<string[]> {
  const today = sydneyDate(now);
  const yesterday = addDays(today, -1);
  const earliest = addDays(yesterday, 1 - lookbackDays);
  const reads = await store.ingests.appliedDays('live', REREAD, earliest);
  const lastRead = new Map(reads.map((r) => [r.day, sydneyDate(new Date(r.last_read))]));
  const dates: string[] = [];
  for (let day = earliest; day <= yesterday; day = addDays(day, 1)) {
    const readOn = lastRead.get(day);
    const settled = addDays(day, 2);
    if (readOn === undefined || (readOn < settled && today >= settled)) dates.push(day);
  }
  return dates;
}

export type DailyRereadOptions = {
  ctx: Pick<Ctx, 'store' | 'clock'>;
  abr: AbrClient;
  log: Logger;
  /** How often to look for a date not yet read; default hourly. */
  intervalMs?: number;
  lookbackDays?: number;
};

/**
 * Re-reads the watched ABNs the ABR reports as changed, one day at a time, in the server between
 * weekly bulk extracts. It looks every hour for complete days not yet read, so a server that was down
 * catches up; a failed day (an ABR outage) is tried again at the next look, and later days wait for it.
 */
export class DailyReread {
  readonly #options: DailyRereadOptions;
  readonly #stopping = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<RereadSummary[]> | undefined;

  constructor(options: DailyRereadOptions) {
    this.#options = options;
  }

  start(): void {
    const run = () => void this.runDue();
    this.#timer = setInterval(run, this.#options.intervalMs ?? 3_600_000);
    this.#timer.unref();
    run();
  }

  /** Stops between two reads: a day half read is not recorded, and is read again at the next start. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stopping.abort();
    await this.#running;
  }

  /** Reads every due date in order; stops at the first that fails. One run at a time. */
  runDue(): Promise<RereadSummary[]> {
    this.#running ??= this.#runDue().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #runDue(): Promise<RereadSummary[]> {
    const { ctx, abr, log } = this.#options;
    const lookback = this.#options.lookbackDays ?? 7;
    const signal = this.#stopping.signal;
    const done: RereadSummary[] = [];
    const dates = await dueDates(ctx.store, ctx.clock(), lookback);
    for (const date of dates) {
      if (signal.aborted) break;
      try {
        const summary = await rereadWatched({ ctx, input: { date }, abr, signal });
        log.info(
          { reread: { ...summary, skipped: summary.skipped.length } },
          'watched ABNs re-read from the ABR',
        );
        done.push(summary);
      } catch (error) {
        if (signal.aborted) break;
        // The oldest day of the look-back will not be tried again: say so louder.
        const last = date === addDays(sydneyDate(ctx.clock()), -lookback);
        log[last ? 'error' : 'warn'](
          { err: error, date },
          last
            ? 'daily ABR re-read failed on the last day it will be tried; the next bulk extract covers it'
            : 'daily ABR re-read failed; it is tried again within the hour',
        );
        break;
      }
    }
    return done;
  }
}
