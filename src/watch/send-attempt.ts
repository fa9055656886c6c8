import type { Dispatcher } from 'undici';
import { request } from 'undici';
import type { AttemptFailure } from './retry-policy.ts';
import { BlockedAddressError, type UrlCheck } from './ssrf-guard.ts';

const RESPONSE_BYTES = 64 * 1024;

export type AttemptResult = { status?: number; failure?: AttemptFailure; error: string | null };

/**
 * One attempt's network part, all of it inside the attempt's time budget
 * (AEVS_WEBHOOK_TIMEOUT_MS): the URL check (its DNS lookup included: a resolver that never
 * answers fails the attempt at the deadline instead of holding a worker slot), connecting,
 * sending and the response. No redirect is followed; at most 64 KB of the answer is read.
 */
export async function sendAttempt({
  check,
  body,
  headers,
  dispatcher,
  timeoutMs,
}: {
  /** The SSRF check of the webhook URL (asynchronous when a DNS lookup is needed). */
  check: () => UrlCheck | Promise<UrlCheck>;
  body: string;
  headers: Record<string, string>;
  dispatcher: Dispatcher;
  timeoutMs: number;
}): Promise<AttemptResult> {
  // One timer for the whole attempt (lighter than AbortSignal.timeout, which also registers the
  // signal for garbage collection tracking).
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException(`attempt timed out after ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  try {
    return await attempt(deadline.signal);
  } finally {
    clearTimeout(timer);
  }

  async function attempt(signal: AbortSignal): Promise<AttemptResult> {
    let checked: UrlCheck;
    try {
      const pending = check();
      checked = pending instanceof Promise ? await beforeDeadline(pending, signal) : pending;
    } catch (e) {
      if (signal.aborted) {
        return {
          failure: 'timeout',
          error: `timeout: the webhook host was not resolved within ${timeoutMs} ms`,
        };
      }
      return { failure: 'dns', error: `dns: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300) };
    }
    if (!checked.ok) return { failure: 'blocked', error: checked.reason };
    try {
      const res = await request(checked.url, {
        method: 'POST',
        body,
        headers,
        dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal,
      });
      // At most 64 KB of the answer is read; a longer one is cut off (its status is what counts).
      await res.body.dump({ limit: RESPONSE_BYTES });
      return { status: res.statusCode, error: null };
    } catch (e) {
      const failure: AttemptFailure =
        e instanceof BlockedAddressError ? 'blocked' : isTimeout(e) ? 'timeout' : 'connection';
      return { failure, error: e instanceof Error ? `${failure}: ${e.message}`.slice(0, 300) : failure };
    }
  }
}

/** The promise's value, or a rejection once the signal aborts, whichever comes first. */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

const isTimeout = (e: unknown) =>
  e instanceof Error &&
  (e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    /timeout/i.test((e as { code?: string }).code ?? ''));
