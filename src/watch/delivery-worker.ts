import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config.ts';
import type { ClaimedDelivery } from '../store/delivery-queue.ts';
import type { Store } from '../store/store.ts';
import type { SubscriptionRow } from '../store/subscriptions.ts';
import { type OutcomeWriter, outcomeWriter } from './outcome-writer.ts';
import { classifyAttempt, retryWait } from './retry-policy.ts';
import type { Lookup } from './ssrf-guard.ts';
import { type WebhookSender, webhookSender } from './webhook-sender.ts';

/** How long a claim outlives its attempt's timeout: time to store the outcome. */
const LEASE_MARGIN_MS = 5_000;
/** How long a subscription read with a claim is used as is for that claim's deliveries. */
const FRESH_MS = 50;
/**
 * Deliveries held at most (in flight and queued), in multiples of the concurrency: a claim waits for
 * room for all but one of them, so one claim (one write to the store) takes up to twice the
 * concurrency's worth of deliveries.
 */
const HELD = 3;

/** A claimed delivery in this worker, with the subscription read when it was claimed. */
type Claim = {
  delivery: ClaimedDelivery;
  sub: SubscriptionRow | undefined;
  /** This process's monotonic time (it runs on through a stall) by which the lease has surely ended. */
  leaseEnds: number;
  claimedAt: number;
};

export type WorkerOptions = {
  store: Store;
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
 * Sends the webhook outbox: claims due deliveries (with a lease), sends each attempt through the
 * webhook sender (signed, SSRF-checked, with a timeout, no redirect followed), and records the outcome:
 * delivered, another attempt on the retry schedule, or failed when the schedule is spent. Pending
 * deliveries of a previous process resume when their leases end.
 */
export class DeliveryWorker {
  readonly #o: Required<Omit<WorkerOptions, 'clock' | 'lookup'>> & { clock: () => Date; lookup?: Lookup };
  readonly #sender: WebhookSender;
  #timer: NodeJS.Timeout | undefined;
  /** Attempts under way, by delivery id. */
  #inFlight = new Map<string, Promise<void>>();
  /**
   * Claimed deliveries waiting for a free slot. Times are this process's monotonic clock (it runs on
   * through a stall): the lease ends no sooner than `leaseEnds`, as the store counts it.
   */
  #ready: Claim[] = [];
  /** The pass over the outbox under way, if any. */
  #tickRun: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  readonly #outcomes: OutcomeWriter;

  constructor(options: WorkerOptions) {
    this.#o = {
      pollMs: 500,
      concurrency: 16,
      userAgent: 'aevs-webhooks/0.1',
      clock: () => new Date(),
      ...options,
    };
    this.#outcomes = outcomeWriter({
      store: options.store,
      log: options.log,
      retryForMs: options.config.webhookTimeoutMs + LEASE_MARGIN_MS,
      batchSize: 2 * this.#o.concurrency,
      // A stored batch makes room for more attempts.
      onStored: () => {
        this.#startReady();
        if (this.#timer) void this.tick();
      },
    });
    this.#sender = webhookSender({
      config: options.config,
      userAgent: this.#o.userAgent,
      clock: this.#o.clock,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
  }

  start(): void {
    this.#timer = setInterval(() => void this.tick(), this.#o.pollMs);
    this.#timer.unref();
    void this.tick();
  }

  /** Stops claiming, hands queued claims back, and waits for attempts in flight and their outcomes to be stored. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#stopped = true;
    await this.#tickRun;
    await this.#release(this.#ready.splice(0).map((r) => r.delivery));
    await Promise.allSettled([...this.#inFlight.values()]);
    await this.#outcomes.settled();
    await this.#sender.close();
  }

  /** One pass over the outbox (also what tests call to run the worker deterministically). */
  async tick(): Promise<void> {
    // A tick asked for while one runs is not dropped: the running one goes round again.
    if (this.#tickRun) {
      this.#again = true;
      return this.#tickRun;
    }
    this.#tickRun = (async () => {
      try {
        do {
          this.#again = false;
          await this.#claimAndSend();
        } while (this.#again && !this.#stopped);
      } finally {
        this.#tickRun = undefined;
      }
    })();
    return this.#tickRun;
  }

  /**
   * Claims come in batches of up to twice `concurrency` deliveries, kept in a short local queue so
   * that a finished attempt is followed at once by the next, and the store sees one claim per batch
   * rather than one per free slot. At most `HELD` times `concurrency` is held (in flight and queued).
   */
  async #claimAndSend(): Promise<void> {
    if (this.#stopped) return;
    try {
      this.#startReady();
      const { concurrency, config } = this.#o;
      const room = HELD * concurrency - this.#inFlight.size - this.#ready.length;
      // A small claim only when the worker is otherwise empty; else wait for room for a full claim.
      if (room < (HELD - 1) * concurrency && (room <= 0 || this.#inFlight.size + this.#ready.length > 0)) {
        return;
      }
      // The lease outlives one attempt (its timeout) with a margin, on the store's clock; a stopped or
      // stalled worker's claims return after it. Counted here from before the claim was asked for.
      const claimedAt = performance.now();
      const leaseMs = config.webhookTimeoutMs + LEASE_MARGIN_MS;
      const claimed = await this.#o.store.deliveryQueue.claimDue(leaseMs / 1000, room);
      const subscriptions = await this.#o.store.subscriptions.byId([
        ...new Set(claimed.map((d) => d.subscription_id)),
      ]);
      for (const delivery of claimed) {
        this.#ready.push({
          delivery,
          sub: subscriptions.get(delivery.subscription_id),
          leaseEnds: claimedAt + leaseMs,
          claimedAt,
        });
      }
      this.#startReady();
    } catch (error) {
      this.#o.log.error({ err: error }, 'webhook outbox read failed; retrying on the next tick');
    }
  }

  /** Starts queued deliveries in the free slots. */
  #startReady(): void {
    if (this.#stopped) return;
    // Outcomes not yet stored count against the room too, so a slow store slows the sending.
    while (this.#inFlight.size < this.#o.concurrency && this.#outcomes.pending() < 4 * this.#o.concurrency) {
      const next = this.#ready.shift();
      if (!next) break;
      this.#inFlight.set(next.delivery.id, this.#run(next));
    }
  }

  /** One attempt in its slot; when it ends, the slot goes to the next queued delivery. */
  async #run(claim: Claim): Promise<void> {
    const { delivery } = claim;
    try {
      await this.#attempt(claim);
    } catch (error) {
      this.#o.log.error({ err: error, delivery_id: delivery.id }, 'webhook attempt could not be recorded');
    } finally {
      // (`await` above always yields, so #startReady has registered this attempt by now.)
      this.#inFlight.delete(delivery.id);
      // Once a batch's room is free the outbox is read again rather than at the next poll.
      this.#startReady();
      const held = this.#inFlight.size + this.#ready.length;
      if (this.#timer && held <= this.#o.concurrency) void this.tick();
    }
  }

  /** Hands claimed deliveries back to the outbox, due now (a claim that already moved on is left alone). */
  async #release(deliveries: ClaimedDelivery[]): Promise<void> {
    try {
      await this.#o.store.transaction(async (tx) => {
        for (const d of deliveries) await tx.deliveryQueue.releaseClaim(d.id, d.claim_token);
      });
    } catch (error) {
      // Not lost: the leases end on their own and the deliveries are due again then.
      this.#o.log.warn({ err: error }, 'claimed webhooks could not be handed back; their leases will end');
    }
  }

  /** Waits until nothing is due or in flight (tests and shutdown). */
  async drain(): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      await this.tick();
      if (this.#inFlight.size === 0) await this.#outcomes.settled();
      const idle = this.#inFlight.size === 0 && this.#ready.length === 0;
      if (idle && (await this.#o.store.deliveryQueue.countDue()) === 0) return;
      // The first attempt to finish frees a slot: a slow endpoint does not hold the others.
      if (this.#inFlight.size) await Promise.race(this.#inFlight.values());
    }
  }

  async #attempt(claim: Claim): Promise<void> {
    const { store, config } = this.#o;
    const { delivery: d } = claim;
    // A subscription read more than a moment ago is read again: a roll, pause or delete made while
    // the delivery waited in the queue applies to it.
    const sub =
      performance.now() - claim.claimedAt > FRESH_MS
        ? (await store.subscriptions.byId([d.subscription_id])).get(d.subscription_id)
        : claim.sub;
    if (!sub || sub.deleted_at || sub.status === 'paused') {
      // Parked or failed as the store says now: a resume since the read leaves it to be sent.
      if (!(await store.deliveryQueue.settleForSubscription(d.id, d.claim_token)))
        await store.deliveryQueue.releaseClaim(d.id, d.claim_token);
      return;
    }
    // The attempt must end inside the lease: a claim that has waited, or a worker that stalled,
    // renews it first, on the store's clock. A claim another worker has taken since sends nothing.
    const leaseMs = config.webhookTimeoutMs + LEASE_MARGIN_MS;
    if (claim.leaseEnds - performance.now() < config.webhookTimeoutMs + LEASE_MARGIN_MS / 2) {
      const renewedAt = performance.now();
      if (!(await store.deliveryQueue.renewClaim(d.id, d.claim_token, leaseMs / 1000))) return;
      claim.leaseEnds = renewedAt + leaseMs;
    }
    const attempts = Number(d.attempts) + 1;
    const { status, failure, error } = await this.#sender.send(d, sub);
    const delivered = classifyAttempt(failure ? { error: failure } : { status }) === 'delivered';
    this.#outcomes.record({
      id: d.id,
      token: d.claim_token,
      delivered,
      response_code: status ?? null,
      last_error: delivered ? null : (error ?? (status ? `HTTP ${status}` : null)),
      retryInSeconds: delivered ? null : retryWait(attempts, config.webhookRetrySchedule),
    });
  }
}
