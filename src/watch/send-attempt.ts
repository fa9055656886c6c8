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
  /** The SSRF check of the webhook URL, started by the caller. */
  check: () => Promise<UrlCheck>;
  body: string;
  headers: Record<string, string>;
  dispatcher: Dispatcher;
  timeoutMs: number;
}): Promise<AttemptResult> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let checked: UrlCheck;
  try {
    checked = await beforeDeadline(check(), deadline);
  } catch (e) {
    if (deadline.aborted) {
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
      signal: deadline,
    });
    await readSome(res.body);
    return { status: res.statusCode, error: null };
  } catch (e) {
    const failure: AttemptFailure =
      e instanceof BlockedAddressError ? 'blocked' : isTimeout(e) ? 'timeout' : 'connection';
    return { failure, error: e instanceof Error ? `${failure}: ${e.message}`.slice(0, 300) : failure };
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

/** Reads at most 64 KB of the receiver's answer, then lets the rest go. */
async function readSome(body: AsyncIterable<Buffer> & { destroy?: () => void }) {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > RESPONSE_BYTES) break;
  }
  body.destroy?.();
}
