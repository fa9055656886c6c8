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
