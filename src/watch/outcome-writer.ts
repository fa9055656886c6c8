import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AttemptOutcome } from '../store/delivery-queue.ts';
import type { Store } from '../store/store.ts';

export type Outcome = AttemptOutcome;

export type OutcomeWriter = {
  /** Queues an attempt's outcome (`settled` waits for it to be stored or given up on). */
  record: (outcome: Outcome) => void;
  /** Outcomes queued or being written. */
  pending: () => number;
  /** Writes what is queued now and waits for every outcome queued so far. */
  settled: () => Promise<void>;
};

/**
 * Stores attempt outcomes in batches: one transaction (one commit) for all the outcomes that
 * arrive within `delayMs` of the first, or at once when `batchSize` are waiting.
 *
 * A store that is briefly away (restarting, a dropped connection) does not lose an outcome: the
 * write is retried, backing off, for `retryForMs` (as long as the attempts' leases last). Only then
 * is it given up; those deliveries go out again once their leases end, and receivers dedupe by
 * webhook-id.
 */
export function outcomeWriter({
  store,
  log,
  retryForMs,
  batchSize,
  delayMs = 5,
  onStored,
}: {
  store: Store;
  log: Logger;
  retryForMs: number;
  batchSize: number;
  delayMs?: number;
  /** Called after each batch is stored. */
  onStored?: () => void;
}): OutcomeWriter {
  let queue: Outcome[] = [];
  let timer: NodeJS.Timeout | undefined;
  const writing = new Set<Promise<void>>();
  let beingWritten = 0;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    beingWritten += batch.length;
    const done = write(batch).finally(() => {
      writing.delete(done);
      beingWritten -= batch.length;
      onStored?.();
    });
    writing.add(done);
  };

  const write = async (outcomes: Outcome[]) => {
    const giveUpAt = Date.now() + retryForMs;
    for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
      try {
        await store.transaction(async (tx) => {
          for (const outcome of outcomes) {
            await tx.deliveryQueue.recordAttempt(outcome);
            // A retry of a subscription paused or deleted during the attempt shows as such at once,
            // not as pending until the retry falls due.
            if (!outcome.delivered && outcome.retryInSeconds !== null)
              await tx.deliveryQueue.settleForSubscription(outcome.id, null);
          }
        });
        return;
      } catch (error) {
        if (Date.now() + wait >= giveUpAt) {
          log.error(
            { err: error, delivery_ids: outcomes.map((o) => o.id) },
            'webhook outcomes could not be stored; those deliveries go out again when their leases end',
          );
          return;
        }
        log.warn({ err: error }, 'webhook outcomes could not be stored yet; retrying');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  };

  return {
    record: (outcome) => {
      queue.push(outcome);
      if (queue.length >= batchSize) flush();
      else if (!timer) timer = setTimeout(flush, delayMs);
    },
    pending: () => queue.length + beingWritten,
    settled: async () => {
      flush();
      await Promise.all([...writing]);
    },
  };
}
