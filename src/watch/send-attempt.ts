import type { Dispatcher } from 'undici';
import type { AttemptFailure } from './retry-policy.ts';
import { BlockedAddressError, type UrlCheck } from './ssrf-guard.ts';

const RESPONSE_BYTES = 64 * 1024;

export type AttemptResult = { status?: number; failure?: AttemptFailure; error: string | null };

/**
 * One attempt's network part, all of it inside the attempt's time budget
 * (AEVS_WEBHOOK_TIMEOUT_MS): the URL check (its DNS lookup included: a resolver that never
 * answers fails the attempt at the deadline instead of holding a worker slot), connecting,
 * sending and the response. At the deadline the attempt is over, whatever the network is doing.
 * No redirect is followed; at most 64 KB of the answer is read.
 */
export function sendAttempt({
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
  const started = Date.now();
  const send = (checked: UrlCheck): Promise<AttemptResult> =>
    checked.ok
      ? post(dispatcher, checked.url, body, headers, Math.max(1, started + timeoutMs - Date.now()))
      : Promise.resolve({ failure: 'blocked', error: checked.reason });
  const checked = check();
  if (!(checked instanceof Promise)) return send(checked);
  return beforeDeadline(checked, timeoutMs).then(send, (e: unknown) =>
    e === DEADLINE
      ? { failure: 'timeout', error: `timeout: the webhook host was not resolved within ${timeoutMs} ms` }
      : { failure: 'dns', error: `dns: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300) },
  );
}

/**
 * The POST through undici's dispatch interface (no response stream: the status is what counts and
 * the body is only counted), settled once: by the response's end, an error, or the deadline.
 */
function post(
  dispatcher: Dispatcher,
  url: URL,
  body: string,
  headers: Record<string, string>,
  budgetMs: number,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let status: number | undefined;
    let bytes = 0;
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      // Not connected yet: the connection attempt is left to end on its own (the dispatcher's
      // connect timeout), but this attempt is over now.
      controller?.abort(new AttemptTimeout(budgetMs));
      settle({ failure: 'timeout', error: `timeout: no complete answer within ${budgetMs} ms` });
    }, budgetMs);
    const fail = (e: Error) => {
      // Only the part of an answer we chose not to read: its status is the outcome.
      if (e instanceof TooLong && status !== undefined) return settle({ status, error: null });
      const failure: AttemptFailure =
        e instanceof BlockedAddressError ? 'blocked' : isTimeout(e) ? 'timeout' : 'connection';
      settle({ failure, error: `${failure}: ${e.message}`.slice(0, 300) });
    };
    try {
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          body,
          headers,
          headersTimeout: budgetMs,
          bodyTimeout: budgetMs,
        },
        {
          onRequestStart: (c) => {
            controller = c;
            if (settled) c.abort(new AttemptTimeout(budgetMs));
          },
          onResponseStart: (_c, statusCode) => {
            status = statusCode;
          },
          onResponseData: (c, chunk) => {
            bytes += chunk.length;
            if (bytes > RESPONSE_BYTES) c.abort(new TooLong());
          },
          onResponseEnd: () =>
            settle(
              status === undefined
                ? { failure: 'connection', error: 'connection: no status' }
                : { status, error: null },
            ),
          onResponseError: (_c, e) => fail(e),
        },
      );
    } catch (e) {
      fail(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

class AttemptTimeout extends Error {
  override name = 'TimeoutError';
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`);
  }
}

class TooLong extends Error {
  override name = 'ResponseTooLong';
}

const DEADLINE = Symbol('deadline');

/** The promise's value, or a rejection with DEADLINE after `ms`, whichever comes first. */
function beforeDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(DEADLINE), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
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
