import { AppError } from '../errors.ts';

/** What a request that needs the store answers while it cannot be reached: a 503 to retry, not a 500. */
export const storeUnavailable = () =>
  new AppError('service_unavailable', 'The store cannot be reached right now. Retry shortly.', {
    code: 'store_unavailable',
  });

/** Connection-level failures of a PostgreSQL client: the server is down, restarting or out of reach. */
const PG_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const PG_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|Connection closed/i;
/** SQLite result codes (the primary code, the low byte) that say the file cannot be used now. */
const SQLITE_BUSY = 5;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;

/** Whether an engine's error means the store is unreachable, rather than a fault in the query. */
export function isUnreachable(engine: 'sqlite' | 'postgres', error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { code?: unknown; errcode?: unknown };
  if (engine === 'sqlite') {
    const primary = typeof e.errcode === 'number' ? e.errcode & 0xff : -1;
    return [SQLITE_BUSY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN].includes(primary);
  }
  const code = typeof e.code === 'string' ? e.code : '';
  // SQLSTATE class 08 is a connection exception; 57P01–57P03, the server shutting down or starting;
  // 55P03, a lock not granted within the lock timeout (a first load holding the tables, as SQLite's busy).
  return (
    PG_CODES.has(code) ||
    code.startsWith('08') ||
    /^57P0[123]$/.test(code) ||
    code === '55P03' ||
    PG_MESSAGES.test(e.message)
  );
}

export type AvailabilityListener = (change: { reachable: boolean; error?: unknown }) => void;

/**
 * Whether the store answered its last query, told to listeners once per change: a server logs an
 * outage once when it starts and once when it ends, not once per request.
 */
export class Availability {
  #reachable = true;
  readonly #listeners: AvailabilityListener[] = [];

  on(listener: AvailabilityListener): void {
    this.#listeners.push(listener);
  }

  ok(): void {
    if (this.#reachable) return;
    this.#reachable = true;
    for (const listener of this.#listeners) listener({ reachable: true });
  }

  /** Classifies a failure: an unreachable store becomes a 503 (and a change, the first time); anything else is rethrown as is. */
  failed(engine: 'sqlite' | 'postgres', error: unknown): never {
    if (!isUnreachable(engine, error)) {
      // It answered, with an error of the query's own.
      this.ok();
      throw error;
    }
    if (this.#reachable) {
      this.#reachable = false;
      for (const listener of this.#listeners) listener({ reachable: false, error });
    }
    throw storeUnavailable();
  }
}
