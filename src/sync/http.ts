import { EnvHttpProxyAgent, fetch, type Response } from 'undici';
import type { Config } from '../config.ts';

/** A sync failure, said for people: the dataset's summary and `last_sync_error` show it as it is. */
export class SyncError extends Error {
  override name = 'SyncError';
}

/** A failure worth trying again (a dropped connection, 429, 5xx, a cut download). */
export class TransientError extends SyncError {
  override name = 'TransientError';
  /** What the server asked for with Retry-After, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

export type RetryPolicy = {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The wait before the second attempt; each later wait doubles it. */
  firstDelayMs: number;
  /** The longest wait, Retry-After included. */
  maxDelayMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, firstDelayMs: 2_000, maxDelayMs: 60_000 };

export type Http = {
  /** One request, following redirects; a 2xx or 304 answer, else a SyncError (transient or not). */
  get(url: string, headers?: Record<string, string>, signal?: AbortSignal): Promise<Response>;
  /** Runs `attempt` until it succeeds, retrying transient failures with backoff. */
  withRetries<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  close(): Promise<void>;
};

/** Browser-like: some publishers (DFAT) refuse other clients. */
const USER_AGENT = 'Mozilla/5.0 (compatible; aevs-sync; +https://github.com/aevs)';

const STATUS_HINTS: Record<number, string> = {
  401: 'the publisher asks for credentials',
  403: 'the publisher refused the request (geo-blocked, or a client it does not accept)',
  404: 'no such file: the catalogue entry may be out of date (override it in AEVS_SOURCES_FILE)',
  410: 'the file is gone: the catalogue entry may be out of date',
};

const retryAfter = (value: string | null): number | undefined => {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
};

/**
 * HTTP for `aevs sync`: undici's fetch through its environment proxy agent, given the proxy settings
 * from the configuration (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), so every request honours them.
 */
export function createHttp(
  proxy: Config['proxy'],
  retry: RetryPolicy = DEFAULT_RETRY,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void> = delay,
): Http {
  const dispatcher = new EnvHttpProxyAgent({
    httpProxy: proxy.http,
    httpsProxy: proxy.https || proxy.http,
    noProxy: proxy.noProxy,
  });
  return {
    async get(url, headers = {}, signal) {
      let response: Response;
      try {
        response = await fetch(url, {
          dispatcher,
          redirect: 'follow',
          headers: { 'user-agent': USER_AGENT, ...headers },
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new TransientError(`${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
      }
      const { status } = response;
      if ((status >= 200 && status < 300) || status === 304) return response;
      await response.body?.cancel().catch(() => undefined);
      const said = `${url}: HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`;
      if (status === 429 || status === 408 || status >= 500) {
        throw new TransientError(said, retryAfter(response.headers.get('retry-after')));
      }
      throw new SyncError(`${said}${STATUS_HINTS[status] ? `: ${STATUS_HINTS[status]}` : ''}`);
    },
    async withRetries(attempt, signal) {
      for (let n = 1; ; n++) {
        try {
          return await attempt();
        } catch (error) {
          if (!(error instanceof TransientError) || n >= retry.attempts || signal?.aborted) {
            if (error instanceof TransientError && n > 1)
              throw new SyncError(`${error.message} (gave up after ${n} attempts)`);
            throw error;
          }
          const backoff = retry.firstDelayMs * 2 ** (n - 1);
          await sleep(Math.min(error.retryAfterMs ?? backoff, retry.maxDelayMs), signal);
        }
      }
    },
    close: () => dispatcher.close(),
  };
}

const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
