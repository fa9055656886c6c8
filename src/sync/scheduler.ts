import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Ctx } from '../ctx.ts';
import type { DatasetName } from '../registers/index.ts';
import { type CatalogueEntry, syncableDatasets } from './catalogue.ts';
import type { Http } from './http.ts';
import { type SyncOutcome, syncDataset } from './sync-dataset.ts';

/** The scheduler's own lease: the one process on the store that syncs (docs/sources.md, the scheduler). */
const SCHEDULER = '*';
const LEASE_MS = 5 * 60_000;

export type SyncSchedulerOptions = {
  ctx: Pick<Ctx, 'store' | 'clock'>;
  http: Http;
  catalogue: Readonly<Record<DatasetName, CatalogueEntry>>;
  log: Logger;
  /** How often to look for a dataset due; default every minute. */
  intervalMs?: number;
};

/**
 * `AEVS_SYNC=on`: keeps the live partition synced from the official sources. Every minute the process
 * holding the scheduler's lease (one at a time among the processes sharing the store; another takes
 * over when it stops renewing) syncs each dataset whose `next_sync_at` has come, one after another:
 * never synced ones at once, then each on its catalogue interval. A failure is tried again within the
 * hour and logged once, when it starts or its reason changes; the recovery is logged too.
 */
export class SyncScheduler {
  readonly #options: SyncSchedulerOptions;
  readonly #owner = `sync_${randomUUID()}`;
  readonly #stopping = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<SyncOutcome[]> | undefined;

  constructor(options: SyncSchedulerOptions) {
    this.#options = options;
  }

  start(): void {
    const tick = () =>
      void this.runDue().catch((error: unknown) =>
        this.#options.log.warn({ err: error }, 'sync scheduler: look failed'),
      );
    this.#timer = setInterval(tick, this.#options.intervalMs ?? 60_000);
    this.#timer.unref();
    tick();
  }

  /** Stops after the dataset being synced (an ingest is all or nothing either way). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stopping.abort();
    await this.#running?.catch(() => undefined);
    await this.#options.ctx.store.syncState.release('live', SCHEDULER, this.#owner).catch(() => undefined);
  }

  /** Syncs every dataset due, if this process holds (or takes) the scheduler's lease. One run at a time. */
  runDue(): Promise<SyncOutcome[]> {
    this.#running ??= this.#runDue().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #holdLease(): Promise<boolean> {
    const { ctx } = this.#options;
    const now = ctx.clock();
    return ctx.store.syncState.claim('live', SCHEDULER, {
      owner: this.#owner,
      now: now.toISOString(),
      until: new Date(now.getTime() + LEASE_MS).toISOString(),
    });
  }

  async #runDue(): Promise<SyncOutcome[]> {
    const { ctx, http, catalogue, log } = this.#options;
    const done: SyncOutcome[] = [];
    if (!(await this.#holdLease())) return done;
    const states = new Map((await ctx.store.syncState.list('live')).map((s) => [s.dataset, s]));
    for (const dataset of syncableDatasets(catalogue)) {
      if (this.#stopping.signal.aborted) break;
      const state = states.get(dataset);
      if (state?.next_sync_at && state.next_sync_at > ctx.clock().toISOString()) continue;
      // Renewed before each dataset: a long one (the ABN Bulk Extract) is shorter than the lease.
      if (!(await this.#holdLease())) break;
      const outcome = await syncDataset(
        { ctx, http, catalogue, owner: this.#owner, signal: this.#stopping.signal },
        dataset,
      );
      done.push(outcome);
      const was = state?.last_sync_status === 'failed' ? state.last_sync_error : null;
      if (outcome.status === 'failed') {
        if (outcome.reason !== was) {
          log.error(
            { dataset, reason: outcome.reason, next_sync_at: outcome.next_sync_at },
            'sync failed; it is tried again later',
          );
        }
      } else {
        const counts = outcome.ingest
          ? {
              inserted: outcome.ingest.inserted,
              updated: outcome.ingest.updated,
              removed: outcome.ingest.removed,
              events: outcome.ingest.events,
            }
          : {};
        log.info(
          {
            dataset,
            status: outcome.status,
            files: outcome.files,
            ...counts,
            recovered: was !== null || undefined,
          },
          `sync ${outcome.status}`,
        );
      }
    }
    return done;
  }
}
