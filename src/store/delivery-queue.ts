import type { Db } from './db.ts';
import type { DeliveryRow } from './deliveries.ts';

/** What an attempt needs of a claimed delivery (the rest of the row stays in the store). */
export type ClaimedDelivery = Pick<
  DeliveryRow,
  'id' | 'subscription_id' | 'payload' | 'attempts' | 'response_code' | 'locked_until' | 'created_at'
>;

/**
 * Claims due deliveries with a lease: a claimed row's next attempt moves to the lease's end, so it is
 * not due for any worker until then (and the due scan never walks past rows in flight); no attempt is
 * sent twice while a worker lives, and a crashed worker's claims come back when their leases run out.
 * PostgreSQL skips rows another process holds (FOR UPDATE SKIP LOCKED); SQLite has one writer at a
 * time, so its UPDATE … RETURNING is already exclusive.
 *
 * Returned oldest first (RETURNING keeps no order of its own).
 */
export async function claimDue(
  db: Db,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const lock = db.engine === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  // SQLite finds the rows by rowid, straight from the due index (which holds it), not through the id's index.
  const key = db.engine === 'sqlite' ? 'rowid' : 'id';
  const rows = await db.all<ClaimedDelivery>(
    `UPDATE deliveries SET locked_until = ?, next_attempt_at = ?
     WHERE ${key} IN (
       SELECT ${key} FROM deliveries
       WHERE status = 'pending' AND next_attempt_at <= ?
       ORDER BY next_attempt_at LIMIT ? ${lock}
     )
     RETURNING id, subscription_id, payload, attempts, response_code, locked_until, created_at`,
    [leaseUntil, leaseUntil, now, limit],
  );
  return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}

export const recordAttempt = (
  db: Db,
  d: {
    id: string;
    /** The lease the attempt was claimed under. */
    lease: string | null;
    status: DeliveryRow['status'];
    attempts: number;
    response_code: number | null;
    next_attempt_at: string | null;
    last_error: string | null;
  },
) =>
  db.run(
    // Only the lease holder records: a worker whose lease ran out (and was claimed again) writes nothing.
    `UPDATE deliveries SET status = ?, attempts = ?, response_code = ?, next_attempt_at = ?, last_error = ?, locked_until = NULL
     WHERE id = ? AND status = 'pending' AND locked_until = ?`,
    [d.status, d.attempts, d.response_code, d.next_attempt_at, d.last_error, d.id, d.lease],
  );

const SUBSCRIPTION_PAUSED =
  "EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = deliveries.subscription_id AND s.status = 'paused' AND s.deleted_at IS NULL)";
const SUBSCRIPTION_DELETED =
  'EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = deliveries.subscription_id AND s.deleted_at IS NOT NULL)';

/**
 * A pending delivery whose subscription is paused (as the store says now, not as last read) becomes
 * `paused`; one whose subscription is deleted becomes `failed`. For a row under the caller's lease
 * (`lease`), or, with `lease` null, a row no one holds. Pause, resume and delete leave leased rows to
 * their holder, so the holder settles them this way when it puts them down. True when changed.
 */
export async function settleForSubscription(db: Db, id: string, lease: string | null): Promise<boolean> {
  const held = lease === null ? 'locked_until IS NULL' : 'locked_until = ?';
  const params = lease === null ? [id] : [id, lease];
  const paused = await db.run(
    `UPDATE deliveries SET status = 'paused', locked_until = NULL
     WHERE id = ? AND status = 'pending' AND ${held} AND ${SUBSCRIPTION_PAUSED}`,
    params,
  );
  if (paused > 0) return true;
  const failed = await db.run(
    `UPDATE deliveries SET status = 'failed', next_attempt_at = NULL, locked_until = NULL,
       last_error = 'subscription deleted before delivery'
     WHERE id = ? AND status = 'pending' AND ${held} AND ${SUBSCRIPTION_DELETED}`,
    params,
  );
  return failed > 0;
}

/** Deliveries waiting for an attempt now (pending, due, not leased). */
export const countDue = async (db: Db, now: string) =>
  Number(
    (
      await db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ?",
        [now],
      )
    )?.n ?? 0,
  );

/** Gives a claim back unused: the delivery is due at `now` again, for any worker. Only the lease holder can. */
export const releaseClaim = (db: Db, id: string, lease: string | null, now: string) =>
  db.run(
    "UPDATE deliveries SET locked_until = NULL, next_attempt_at = ? WHERE id = ? AND status = 'pending' AND locked_until = ?",
    [now, id, lease],
  );

export const deliveryQueueQueries = {
  claimDue,
  recordAttempt,
  settleForSubscription,
  countDue,
  releaseClaim,
};
