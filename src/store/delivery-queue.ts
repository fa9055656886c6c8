import { randomBase62 } from '../ids.ts';
import type { Db, Engine } from './db.ts';
import type { DeliveryRow } from './deliveries.ts';

/** What an attempt needs of a claimed delivery (the rest of the row stays in the store). */
export type ClaimedDelivery = Pick<
  DeliveryRow,
  'id' | 'subscription_id' | 'payload' | 'attempts' | 'response_code' | 'created_at'
> & {
  /** Names the claim: only its holder records the attempt as the claim's, renews or hands it back. */
  claim_token: string;
};

/**
 * The store's own time, in the stored form, `seconds` from now. Leases and retry times are stamped
 * and compared on one clock, whichever worker or host asks: PostgreSQL's (the database server's),
 * or, on SQLite, the one machine's that holds the file. `?` is the seconds.
 */
const storeTimePlus = (engine: Engine): string =>
  engine === 'postgres'
    ? `to_char((clock_timestamp() AT TIME ZONE 'UTC') + make_interval(secs => ?::float8), 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%f', 'now', printf('%+.3f seconds', ?)) || '000Z'`;

/** "Due by now" on the store's clock: SQLite's clock has milliseconds, so the whole millisecond counts. */
const storeDueBy = (engine: Engine): string =>
  engine === 'postgres'
    ? `to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%f', 'now') || '999Z'`;

/**
 * Claims due deliveries with a lease of `leaseSeconds` on the store's clock and a claim token: a
 * claimed row's next attempt moves to the lease's end, so it is not due for any worker until then
 * (and the due scan never walks past rows in flight); a worker that stops or stalls has its claims
 * come back when their leases run out. PostgreSQL skips rows another process holds (FOR UPDATE SKIP
 * LOCKED); SQLite has one writer at a time, so its UPDATE … RETURNING is already exclusive.
 *
 * Returned oldest first (RETURNING keeps no order of its own).
 */
export async function claimDue(db: Db, leaseSeconds: number, limit: number): Promise<ClaimedDelivery[]> {
  const lock = db.engine === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  // SQLite finds the rows by rowid, straight from the due index (which holds it), not through the id's index.
  const key = db.engine === 'sqlite' ? 'rowid' : 'id';
  const leaseEnd = storeTimePlus(db.engine);
  const rows = await db.all<ClaimedDelivery>(
    `UPDATE deliveries SET locked_until = ${leaseEnd}, next_attempt_at = ${leaseEnd}, claim_token = ?
     WHERE ${key} IN (
       SELECT ${key} FROM deliveries
       WHERE status = 'pending' AND next_attempt_at <= ${storeDueBy(db.engine)}
       ORDER BY next_attempt_at LIMIT ? ${lock}
     )
     RETURNING id, subscription_id, payload, attempts, response_code, created_at, claim_token`,
    [leaseSeconds, leaseSeconds, randomBase62(22), limit],
  );
  return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}

/**
 * Extends a claim's lease by `leaseSeconds` from now, just before its attempt is sent. False when the
 * claim is no longer the caller's (its lease ran out and another worker claimed it, or the delivery
 * was settled meanwhile): the caller then sends nothing.
 */
export async function renewClaim(db: Db, id: string, token: string, leaseSeconds: number): Promise<boolean> {
  const leaseEnd = storeTimePlus(db.engine);
  return (
    (await db.run(
      `UPDATE deliveries SET locked_until = ${leaseEnd}, next_attempt_at = ${leaseEnd}
       WHERE id = ? AND claim_token = ? AND status = 'pending'`,
      [leaseSeconds, leaseSeconds, id, token],
    )) > 0
  );
}

/** What one attempt came to (docs/architecture.md, a webhook delivery). */
export type AttemptOutcome = {
  id: string;
  /** The claim the attempt was sent under. */
  token: string;
  delivered: boolean;
  response_code: number | null;
  last_error: string | null;
  /** Seconds until the next attempt; null when the schedule is spent (the delivery then fails). */
  retryInSeconds: number | null;
};

/**
 * Records an attempt. Every attempt sent is counted, so the attempts polling shows equal the requests
 * made. Under the claim it was sent with (still held, the delivery still pending) the outcome also
 * settles the delivery: delivered, pending until the next attempt, or failed. An attempt whose claim
 * has moved on (its worker stalled past the lease, and another worker claimed the delivery) is still
 * counted, as an extra attempt; a late success marks the delivery delivered. Recording the same
 * attempt twice (a write retried after it was stored) counts it once: each row remembers the claim
 * of the last attempt it recorded.
 */
export async function recordAttempt(db: Db, o: AttemptOutcome): Promise<void> {
  const status = o.delivered ? 'delivered' : o.retryInSeconds === null ? 'failed' : 'pending';
  const held = await db.run(
    `UPDATE deliveries SET status = ?, attempts = attempts + 1, response_code = ?,
       next_attempt_at = CASE WHEN ? = 'pending' THEN ${storeTimePlus(db.engine)} ELSE NULL END,
       last_error = ?, locked_until = NULL, claim_token = NULL, recorded_claim = ?
     WHERE id = ? AND claim_token = ? AND status = 'pending'`,
    [status, o.response_code, status, o.retryInSeconds ?? 0, o.last_error, o.token, o.id, o.token],
  );
  if (held > 0) return;
  const unrecorded = '(recorded_claim IS NULL OR recorded_claim <> ?)';
  if (o.delivered) {
    // Whoever holds the delivery now finds it delivered when it records, and only counts its attempt.
    await db.run(
      `UPDATE deliveries SET status = 'delivered', attempts = attempts + 1, response_code = ?,
         next_attempt_at = NULL, last_error = NULL, locked_until = NULL, claim_token = NULL, recorded_claim = ?
       WHERE id = ? AND ${unrecorded}`,
      [o.response_code, o.token, o.id, o.token],
    );
  } else {
    await db.run(
      `UPDATE deliveries SET attempts = attempts + 1, recorded_claim = ? WHERE id = ? AND ${unrecorded}`,
      [o.token, o.id, o.token],
    );
  }
}

const SUBSCRIPTION_PAUSED =
  "EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = deliveries.subscription_id AND s.status = 'paused' AND s.deleted_at IS NULL)";
const SUBSCRIPTION_DELETED =
  'EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = deliveries.subscription_id AND s.deleted_at IS NOT NULL)';

/**
 * A pending delivery whose subscription is paused (as the store says now, not as last read) becomes
 * `paused`; one whose subscription is deleted becomes `failed`. For a row under the caller's claim
 * (`token`), or, with `token` null, a row no one holds. Pause, resume and delete leave claimed rows
 * to their holder, so the holder settles them this way when it puts them down. True when changed.
 */
export async function settleForSubscription(db: Db, id: string, token: string | null): Promise<boolean> {
  const held = token === null ? 'locked_until IS NULL' : 'claim_token = ?';
  const params = token === null ? [id] : [id, token];
  const paused = await db.run(
    `UPDATE deliveries SET status = 'paused', locked_until = NULL, claim_token = NULL
     WHERE id = ? AND status = 'pending' AND ${held} AND ${SUBSCRIPTION_PAUSED}`,
    params,
  );
  if (paused > 0) return true;
  const failed = await db.run(
    `UPDATE deliveries SET status = 'failed', next_attempt_at = NULL, locked_until = NULL, claim_token = NULL,
       last_error = 'subscription deleted before delivery'
     WHERE id = ? AND status = 'pending' AND ${held} AND ${SUBSCRIPTION_DELETED}`,
    params,
  );
  return failed > 0;
}

/** Deliveries waiting for an attempt now (pending, due on the store's clock, not leased). */
export const countDue = async (db: Db) =>
  Number(
    (
      await db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ${storeDueBy(db.engine)}`,
      )
    )?.n ?? 0,
  );

/** Gives a claim back unused: the delivery is due now again, for any worker. Only the claim's holder can. */
export const releaseClaim = (db: Db, id: string, token: string) =>
  db.run(
    `UPDATE deliveries SET locked_until = NULL, claim_token = NULL, next_attempt_at = ${storeTimePlus(db.engine)}
     WHERE id = ? AND status = 'pending' AND claim_token = ?`,
    [0, id, token],
  );

export const deliveryQueueQueries = {
  claimDue,
  renewClaim,
  recordAttempt,
  settleForSubscription,
  countDue,
  releaseClaim,
};
