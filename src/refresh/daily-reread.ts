import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Ctx } from '../ctx.ts';
import type { AbrClient } from '../registers/abr-web/client.ts';
import type { Db } from '../store/db.ts';
import { REREAD, type RereadSummary, rereadWatched } from './reread-watched.ts';

/** The ABR's dates are Australian Eastern dates. */
const sydneyDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' });
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The ABR update dates still to read, oldest first: every complete day (up to yesterday in Sydney)
 * after the last one read, going back at most `lookbackDays` (older changes reach the store through
 * the weekly bulk extract anyway).
 */
export async function dueDates(db: Db, now: Date, lookbackDays: number): Promise<string[]> {
  const yesterday = addDays(sydneyDate.format(now), -1);
  const last = await db.get<{ day: string | null }>(
    "SELECT MAX(as_of) AS day FROM ingests WHERE partition = 'live' AND dataset = ? AND status = 'applied'",
    [REREAD],
  );
  const earliest = addDays(yesterday, 1 - lookbackDays);
  let day = last?.day && last.day >= earliest ? addDays(last.day, 1) : earliest;
  const dates: string[] = [];
  for (; day <= yesterday; day = addDays(day, 1)) dates.push(day);
  return dates;
}

export type DailyRereadOptions = {
  ctx: Pick<Ctx, 'db' | 'clock'>;
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

  async stop(): Promise<void> {
    clearInterval(this.#timer);
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
    const done: RereadSummary[] = [];
    try {
      for (const date of await dueDates(ctx.db, ctx.clock(), this.#options.lookbackDays ?? 7)) {
        const summary = await rereadWatched({ ctx, input: { date }, abr });
        log.info(
          { reread: { ...summary, skipped: summary.skipped.length } },
          'watched ABNs re-read from the ABR',
        );
        done.push(summary);
      }
    } catch (error) {
      log.warn({ err: error }, 'daily ABR re-read failed; it is tried again within the hour');
    }
    return done;
  }
}
