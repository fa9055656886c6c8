import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Config } from '../config.ts';
import { storedTime } from '../events/event-clock.ts';
import type { Db } from '../store/db.ts';
import type { DeliveryRow } from '../store/deliveries.ts';
import { claimDue, countDue, recordAttempt } from '../store/delivery-queue.ts';
import { type SubscriptionRow, subscriptionsById } from '../store/subscriptions.ts';
import { classifyAttempt, nextAttemptAt } from './retry-policy.ts';
import { openSecret } from './secrets.ts';
import { type AttemptResult, sendAttempt } from './send-attempt.ts';
import { signDelivery } from './signing.ts';
import { checkWebhookUrl, guardedDispatcher, type Lookup } from './ssrf-guard.ts';

const stamp = storedTime;
/** "Due by now": the end of the current millisecond, since stored times carry microseconds. */
const dueBy = (d: Date) => `${d.toISOString().slice(0, 23)}999Z`;
/** How long a claim outlives its attempt's timeout: time to store the outcome. */
const LEASE_MARGIN_MS = 5_000;

export type WorkerOptions = {
  db: Db;
  log: Logger;
  config: Pick<Config, 'webhookRetrySchedule' | 'webhookTimeoutMs' | 'allowPrivateWebhooks' | 'secretKey'>;
  clock?: () => Date;
  /** How often the outbox is read when idle. */
  pollMs?: number;
  /** Attempts in flight at once, across all endpoints: one slow endpoint holds one slot, not the queue. */
  concurrency?: number;
  userAgent?: string;
  /** The resolver for the SSRF check (tests inject one); the system's by default. */
  lookup?: Lookup;
};

/**
 * Sends the webhook outbox: claims due deliveries (with a lease), signs each attempt (Standard
 * Webhooks: the same `webhook-id` on every attempt, a fresh timestamp and signature), POSTs with a
 * timeout to the address the SSRF guard allowed, follows no redirect, and records the outcome:
 * delivered, another attempt on the retry schedule, or failed when the schedule is spent. Pending
 * deliveries of a previous process resume when their leases end.
 */
export class DeliveryWorker {
  readonly #o: Required<Omit<WorkerOptions, 'clock' | 'lookup'>> & { clock: () => Date; lookup?: Lookup };
  readonly #dispatcher: Dispatcher;
  #timer: NodeJS.Timeout | undefined;
  #inFlight = new Set<Promise<void>>();
  #ticking = false;
  #again = false;
  #outcomes: Array<{ outcome: Outcome; resolve: () => void; reject: (e: unknown) => void }> = [];

  constructor(options: WorkerOptions) {
    this.#o = {
      pollMs: 500,
      concurrency: 16,
      userAgent: 'aevs-webhooks/0.1',
      clock: () => new Date(),
      ...options,
    };
    this.#dispatcher = guardedDispatcher({
      allowPrivate: options.config.allowPrivateWebhooks,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
  }

  start(): void {
    this.#timer = setInterval(() => void this.tick(), this.#o.pollMs);
    this.#timer.unref();
    void this.tick();
  }

  /** Stops claiming; waits for attempts in flight so none is left half recorded. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.allSettled([...this.#inFlight]);
    await this.#dispatcher.close().catch(() => undefined);
  }

  /** One pass over the outbox (also what tests call to run the worker deterministically). */
  async tick(): Promise<void> {
    // A tick asked for while one runs is not dropped: the running one goes round again.
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = true;
    try {
      do {
        this.#again = false;
        await this.#claimAndSend();
      } while (this.#again);
    } finally {
      this.#ticking = false;
    }
  }

  async #claimAndSend(): Promise<void> {
    try {
      const free = this.#o.concurrency - this.#inFlight.size;
      if (free <= 0) return;
      const now = this.#o.clock();
      // The lease outlives one attempt (its timeout) with a margin; a crashed worker's claims return after it.
      const lease = new Date(now.getTime() + this.#o.config.webhookTimeoutMs + LEASE_MARGIN_MS);
      const claimed = await claimDue(this.#o.db, dueBy(now), stamp(lease), free);
      const subscriptions = await subscriptionsById(this.#o.db, [
        ...new Set(claimed.map((d) => d.subscription_id)),
      ]);
      for (const delivery of claimed) {
        const attempt = this.#attempt(delivery, subscriptions.get(delivery.subscription_id)).catch(
          (error: unknown) =>
            this.#o.log.error(
              { err: error, delivery_id: delivery.id },
              'webhook attempt could not be recorded',
            ),
        );
        this.#inFlight.add(attempt);
        // A finished attempt frees a slot: look for more due work at once rather than at the next poll.
        void attempt.finally(() => {
          this.#inFlight.delete(attempt);
          // Claim again once half the slots are free: claims come in batches, not one per attempt.
          if (this.#timer && this.#inFlight.size <= this.#o.concurrency / 2) void this.tick();
        });
      }
    } catch (error) {
      this.#o.log.error({ err: error }, 'webhook outbox read failed; retrying on the next tick');
    }
  }

  /** Waits until nothing is due or in flight (tests and shutdown). */
  async drain(): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      await this.tick();
      if (this.#inFlight.size === 0 && (await countDue(this.#o.db, dueBy(this.#o.clock()))) === 0) return;
      // The first attempt to finish frees a slot: a slow endpoint does not hold the others.
      if (this.#inFlight.size) await Promise.race(this.#inFlight);
    }
  }

  /**
   * Outcomes are written together: every attempt finishing in the same turn of the event loop is
   * recorded in one transaction (one commit, not one per attempt). The attempt's promise settles
   * once its outcome is stored, so stop() never leaves one unrecorded.
   */
  #record(outcome: Outcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#outcomes.push({ outcome, resolve, reject });
      if (this.#outcomes.length === 1) setImmediate(() => void this.#flush());
    });
  }

  /**
   * A store that is briefly away (restarting, a dropped connection) does not lose the outcome: the
   * write is retried, backing off, for as long as the attempts' leases last. Only after that is it
   * given up, and the deliveries go out again once their leases end (receivers dedupe by webhook-id).
   */
  async #flush(): Promise<void> {
    const batch = this.#outcomes.splice(0);
    const giveUpAt = Date.now() + this.#o.config.webhookTimeoutMs + LEASE_MARGIN_MS;
    for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
      try {
        await this.#o.db.transaction(async (tx) => {
          for (const { outcome } of batch) await recordAttempt(tx, outcome);
        });
        for (const b of batch) b.resolve();
        return;
      } catch (error) {
        if (Date.now() + wait >= giveUpAt) {
          for (const b of batch) b.reject(error);
          return;
        }
        this.#o.log.warn({ err: error }, 'webhook outcomes could not be stored yet; retrying');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  async #attempt(d: DeliveryRow, sub: SubscriptionRow | undefined): Promise<void> {
    const { db, config, clock } = this.#o;
    if (!sub || sub.deleted_at) {
      await this.#record({
        lease: d.locked_until,
        ...outcome(d),
        status: 'failed',
        next_attempt_at: null,
        last_error: 'subscription deleted before delivery',
      });
      return;
    }
    if (sub.status === 'paused') {
      await db.run(
        "UPDATE deliveries SET status = 'paused', locked_until = NULL WHERE id = ? AND status = 'pending'",
        [d.id],
      );
      return;
    }
    const attempts = Number(d.attempts) + 1;
    // Signed with the subscription's current secret: a roll takes effect on the very next attempt.
    // A secret that cannot be opened (AEVS_SECRET_KEY missing or changed) is a failed attempt, so the
    // schedule still runs out instead of retrying for ever.
    let headers: ReturnType<typeof signDelivery> | undefined;
    let result: AttemptResult | undefined;
    try {
      headers = signDelivery({
        secret: openSecret(sub.secret, config.secretKey),
        id: d.id,
        timestamp: clock(),
        body: d.payload,
      });
    } catch (e) {
      result = {
        failure: 'blocked',
        error: `signing failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300),
      };
    }
    if (headers) {
      result = await sendAttempt({
        check: () =>
          checkWebhookUrl(sub.webhook_url, {
            allowPrivate: config.allowPrivateWebhooks,
            lookup: this.#o.lookup,
          }),
        body: d.payload,
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': this.#o.userAgent },
        dispatcher: this.#dispatcher,
        timeoutMs: config.webhookTimeoutMs,
      });
    }
    const { status, failure, error } = result ?? { error: null };
    const verdict = classifyAttempt(failure ? { error: failure } : { status });
    if (verdict === 'delivered') {
      await this.#record({
        lease: d.locked_until,
        id: d.id,
        status: 'delivered',
        attempts,
        response_code: status ?? null,
        next_attempt_at: null,
        last_error: null,
      });
      return;
    }
    const next = nextAttemptAt(attempts, clock(), config.webhookRetrySchedule);
    await this.#record({
      lease: d.locked_until,
      id: d.id,
      status: next ? 'pending' : 'failed',
      attempts,
      response_code: status ?? null,
      next_attempt_at: next ? stamp(next) : null,
      last_error: error ?? (status ? `HTTP ${status}` : null),
    });
  }
}

type Outcome = Parameters<typeof recordAttempt>[1];

const outcome = (d: DeliveryRow) => ({
  id: d.id,
  attempts: Number(d.attempts),
  response_code: d.response_code,
});
