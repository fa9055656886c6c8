// Delivery outcome policy (docs/architecture.md, a webhook delivery; docs/decisions.md "Watch subscriptions and webhooks"):
// pure functions, so the worker's behaviour is tested without a network.

export type AttemptFailure = 'timeout' | 'connection' | 'dns' | 'blocked';

/**
 * Only a 2xx response delivers. Everything else is a failed attempt to be retried: 4xx and 5xx,
 * a timeout, a refused or reset connection, a name that does not resolve, an address the SSRF
 * guard blocks (the DNS answer may change back), and 3xx too, because the sender does not follow
 * redirects (a redirect would lead to a URL that was never checked).
 */
export function classifyAttempt({
  status,
  error,
}: {
  status?: number;
  error?: AttemptFailure;
}): 'delivered' | 'retry' {
  if (error === undefined && status !== undefined && status >= 200 && status <= 299) return 'delivered';
  return 'retry';
}

/**
 * When the next attempt is due, or null once the schedule is exhausted (the delivery is then
 * `failed`). `schedule` is AEVS_WEBHOOK_RETRY_SCHEDULE: the seconds to wait after attempt n before
 * attempt n+1, so a schedule of length k allows 1 + k attempts. With none made yet, the first is due now.
 */
export function nextAttemptAt(attemptsMade: number, now: Date, schedule: number[]): Date | null {
  const wait = retryWait(attemptsMade, schedule);
  return wait === null ? null : new Date(now.getTime() + wait * 1000);
}

/** The seconds to wait before the next attempt (the store adds them to its own clock), or null once spent. */
export function retryWait(attemptsMade: number, schedule: number[]): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0) {
    throw new RangeError(`attemptsMade must be a whole number ≥ 0, got ${attemptsMade}`);
  }
  if (attemptsMade === 0) return 0;
  return schedule[attemptsMade - 1] ?? null;
}
