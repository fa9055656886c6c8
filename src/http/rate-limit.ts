export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  reset: number;
  /** Seconds until the next request would be allowed (when refused). */
  retryAfter: number;
};

/**
 * A token bucket per account, refilled continuously at `perMinute / 60` tokens a second and holding
 * at most `perMinute`. Buckets live in process memory (docs/architecture.md, a REST request): the request path never touches
 * the store. `now` is a monotonic millisecond clock.
 */
export class RateLimiter {
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(perMinute: number, now: () => number = () => performance.now()) {
    this.#perMinute = perMinute;
    this.#now = now;
  }

  take(accountId: string): RateDecision {
    const now = this.#now();
    const perMs = this.#perMinute / 60_000;
    const bucket = this.#buckets.get(accountId) ?? { tokens: this.#perMinute, at: now };
    bucket.tokens = Math.min(this.#perMinute, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    this.#buckets.set(accountId, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return {
      allowed,
      limit: this.#perMinute,
      remaining: Math.floor(bucket.tokens),
      reset: Math.ceil((this.#perMinute - bucket.tokens) / perMs / 1000),
      retryAfter: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)),
    };
  }
}

/** How a limiter draws on its account's shared bucket: the store's lease query, as the store offers it. */
export type LeaseTokens = (input: {
  accountId: string;
  perMinute: number;
  want: number;
  nowMs: number | null;
  lockWaitMs: number;
}) => Promise<{ granted: number; left: number }>;

/** How long a process keeps tokens it leased but has not used: then they are let go, not hoarded. */
const LEASE_MS = 2_000;
/** After the store could not be reached (or an SQLite file was busy), how long the process counts on its own. */
const ALONE_MS = 5_000;

type Held = {
  tokens: number;
  /** When the leased tokens are let go. */
  until: number;
  /** What the shared bucket held after the last lease. */
  left: number;
  /** Until when the bucket is known to be empty: requests are refused without asking the store. */
  emptyUntil: number;
  leasing?: Promise<void>;
};

/**
 * The per-account token bucket shared by every process on one store (docs/architecture.md, a REST
 * request). Each process leases a few tokens at a time from the account's bucket in the store and
 * spends them from memory, so a request touches the store only when its process's lease is spent
 * (about one request in fifty at the full rate): three processes behind one load balancer let an
 * account through at its limit, not three times it, and one account's burst never touches another's.
 * When the store cannot be reached, each process counts on its own (the per-process bucket) until
 * it can again, so requests that need no store go on answering.
 */
export class SharedRateLimiter {
  readonly #perMinute: number;
  readonly #lease: LeaseTokens;
  readonly #now: () => number;
  readonly #wallNow: (() => number) | undefined;
  readonly #lockWaitMs: number;
  readonly #batch: number;
  readonly #held = new Map<string, Held>();
  readonly #alone: RateLimiter;
  #aloneUntil = 0;

  constructor(
    perMinute: number,
    lease: LeaseTokens,
    options: {
      /** Monotonic milliseconds, for leases' lives. */
      now?: () => number;
      /** The buckets' clock, shared by every process; the store's own when not given. */
      wallNow?: () => number;
      /** How long a lease waits for another process's write lock (SQLite) before the process counts alone. */
      lockWaitMs?: number;
    } = {},
  ) {
    this.#perMinute = perMinute;
    this.#lease = lease;
    this.#now = options.now ?? (() => performance.now());
    this.#wallNow = options.wallNow;
    this.#lockWaitMs = options.lockWaitMs ?? 250;
    // About 2 % of the limit a lease: at most that much of a minute's allowance sits unused in a process.
    this.#batch = Math.max(1, Math.ceil(perMinute / 50));
    this.#alone = new RateLimiter(perMinute, this.#now);
  }

  /** Synchronous while this process holds leased tokens for the account, which is nearly always. */
  take(accountId: string): RateDecision | Promise<RateDecision> {
    const now = this.#now();
    if (now < this.#aloneUntil) return this.#alone.take(accountId);
    const held = this.#held.get(accountId);
    if (held && held.tokens >= 1 && held.until > now) return this.#spend(held);
    if (held && held.emptyUntil > now) return this.#refused(Math.ceil((held.emptyUntil - now) / 1000));
    return this.#leaseThenTake(accountId);
  }

  async #leaseThenTake(accountId: string): Promise<RateDecision> {
    let held = this.#held.get(accountId);
    if (!held) {
      held = { tokens: 0, until: 0, left: this.#perMinute, emptyUntil: 0 };
      this.#held.set(accountId, held);
    }
    // Requests that find the lease spent at the same moment wait for one lease together.
    if (!held.leasing) {
      const h = held;
      h.leasing = this.#refill(accountId, h).finally(() => {
        h.leasing = undefined;
      });
    }
    await held.leasing;
    if (this.#now() < this.#aloneUntil) return this.#alone.take(accountId);
    if (held.tokens >= 1) return this.#spend(held);
    // Another request spent the lease first: its bucket is empty for now.
    if (held.until > this.#now() && held.left >= 1) return this.#leaseThenTake(accountId);
    return this.#refused(Math.ceil((held.emptyUntil - this.#now()) / 1000));
  }

  async #refill(accountId: string, held: Held): Promise<void> {
    try {
      const { granted, left } = await this.#lease({
        accountId,
        perMinute: this.#perMinute,
        want: this.#batch,
        nowMs: this.#wallNow ? this.#wallNow() : null,
        lockWaitMs: this.#lockWaitMs,
      });
      const now = this.#now();
      held.tokens = granted;
      held.left = left;
      held.until = now + LEASE_MS;
      // Nothing granted: the bucket has less than a token, and gains one in this long.
      held.emptyUntil = granted === 0 ? now + (1 - left) / (this.#perMinute / 60_000) : 0;
    } catch {
      // The store is away (or the SQLite file busy): this process counts on its own for a while.
      this.#aloneUntil = this.#now() + ALONE_MS;
    }
  }

  #spend(held: Held): RateDecision {
    held.tokens -= 1;
    const remaining = Math.floor(held.tokens + held.left);
    const perMs = this.#perMinute / 60_000;
    return {
      allowed: true,
      limit: this.#perMinute,
      remaining,
      reset: Math.ceil((this.#perMinute - held.tokens - held.left) / perMs / 1000),
      retryAfter: 0,
    };
  }

  #refused(retryAfter: number): RateDecision {
    return {
      allowed: false,
      limit: this.#perMinute,
      remaining: 0,
      // Seconds until the bucket is full again: a minute's refill, less the part of a token it holds.
      reset: Math.ceil(60 - 60 / this.#perMinute + Math.max(1, retryAfter)),
      retryAfter: Math.max(1, retryAfter),
    };
  }
}
