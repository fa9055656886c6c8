import { eventClock } from '../events/event-clock.ts';
import type { Db } from '../store/db.ts';

/** One delivery writer at a time on PostgreSQL ('aevd'); SQLite's write lock already does this. */
const DELIVERY_WRITERS_LOCK = 0x6165_7664;

/**
 * Delivery times for polling (decisions.md, changes polling): `created_at` is the cursor, so a
 * delivery committed later must never carry an earlier time, whichever process or host wrote it.
 *
 * Called in the writer's transaction, before any time is chosen. On PostgreSQL it takes a
 * transaction-level advisory lock, held until that transaction commits or rolls back, so delivery
 * writers commit in the order they chose their times (under READ COMMITTED each statement after
 * the lock sees what the previous holder committed). SQLite opens every write transaction with
 * BEGIN IMMEDIATE, which holds the file's one write lock for the whole transaction, across
 * processes too. Each time is then the later of this process's clock and one microsecond after the
 * latest stored delivery, so time never runs backwards, even with skewed clocks.
 */
export async function deliveryClock(tx: Db): Promise<() => string> {
  if (tx.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [DELIVERY_WRITERS_LOCK]);
  const latest = await tx.get<{ at: string | null }>('SELECT MAX(created_at) AS at FROM deliveries');
  let floor = latest?.at ? toMicros(latest.at) : 0n;
  return () => {
    const now = toMicros(eventClock.next());
    floor = now > floor ? now : floor + 1n;
    return fromMicros(floor);
  };
}

/** A stored time (`YYYY-MM-DDTHH:MM:SS.ffffffZ`) as microseconds since the epoch. */
export function toMicros(stored: string): bigint {
  const ms = Date.parse(`${stored.slice(0, 23)}Z`);
  const micros = /^\d{3}/.exec(stored.slice(23))?.[0] ?? '000';
  return BigInt(ms) * 1000n + BigInt(micros);
}

/** Microseconds since the epoch in the stored form, so text comparison is time comparison. */
export function fromMicros(micros: bigint): string {
  const iso = new Date(Number(micros / 1000n)).toISOString();
  return `${iso.slice(0, 23)}${String(micros % 1000n).padStart(3, '0')}Z`;
}
