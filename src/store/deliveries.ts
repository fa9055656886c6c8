import type { Partition } from '../ctx.ts';
import { fromMicros, nextEventTime, toMicros } from '../events/event-clock.ts';
import type { Db } from './db.ts';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'paused';

export type DeliveryRow = {
  id: string;
  account_id: string;
  partition: Partition;
  subscription_id: string;
  change_event_id: string;
  type: string;
  entity_abn: string | null;
  entity_acn: string | null;
  payload: string;
  created_at: string;
  status: DeliveryStatus;
  attempts: number;
  response_code: number | null;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_error: string | null;
};

/** At most one delivery per subscription and change event: a repeated fan-out inserts nothing. */
export const insertDelivery = (db: Db, d: DeliveryRow) =>
  db.run(
    `INSERT INTO deliveries (id, account_id, partition, subscription_id, change_event_id, type, entity_abn, entity_acn, payload, created_at, status, attempts, response_code, next_attempt_at, locked_until, last_error)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (subscription_id, change_event_id) DO NOTHING`,
    [
      d.id,
      d.account_id,
      d.partition,
      d.subscription_id,
      d.change_event_id,
      d.type,
      d.entity_abn,
      d.entity_acn,
      d.payload,
      d.created_at,
      d.status,
      d.attempts,
      d.response_code,
      d.next_attempt_at,
      d.locked_until,
      d.last_error,
    ],
  );

/** The account's deliveries for an entity (by ABN or ACN), strictly after `since`, oldest first. */
export const deliveriesForEntity = (
  db: Db,
  accountId: string,
  partition: Partition,
  id: string,
  since: string,
  limit: number,
) =>
  db.all<DeliveryRow>(
    `SELECT * FROM deliveries WHERE account_id = ? AND partition = ? AND (entity_abn = ? OR entity_acn = ?) AND created_at > ?
     ORDER BY created_at, id LIMIT ?`,
    [accountId, partition, id, id, since, limit],
  );

/** A deleted subscription sends nothing more; its undelivered events stay readable by polling. */
export const stopDeliveries = (db: Db, subscriptionId: string, reason: string) =>
  db.run(
    // Rows in flight (leased) are left to their attempt: the worker sees the deletion when it records.
    "UPDATE deliveries SET status = 'failed', next_attempt_at = NULL, last_error = ? WHERE subscription_id = ? AND status IN ('pending', 'paused') AND locked_until IS NULL",
    [reason, subscriptionId],
  );

export const setPaused = (db: Db, subscriptionId: string, paused: boolean, now: string) =>
  paused
    ? db.run(
        // In-flight rows finish their attempt; the worker parks them if it finds the subscription paused.
        "UPDATE deliveries SET status = 'paused' WHERE subscription_id = ? AND status = 'pending' AND locked_until IS NULL",
        [subscriptionId],
      )
    : db.run(
        "UPDATE deliveries SET status = 'pending', next_attempt_at = ? WHERE subscription_id = ? AND status = 'paused'",
        [now, subscriptionId],
      );

/** One delivery writer at a time on PostgreSQL ('aevd'); SQLite's write lock already does this. */
const DELIVERY_WRITERS_LOCK = 0x6165_7664;

/**
 * Delivery times for polling (docs/decisions.md, changes polling): `created_at` is the cursor, so a
 * delivery committed later must never carry an earlier time, whichever process or host wrote it.
 *
 * Called in the writer's transaction, before any time is chosen. On PostgreSQL it takes a
 * transaction-level advisory lock, held until that transaction commits or rolls back, so delivery
 * writers commit in the order they chose their times (under READ COMMITTED each statement after
 * the lock sees what the previous holder committed). SQLite opens every write transaction with
 * BEGIN IMMEDIATE, which holds the file's one write lock for the whole transaction, across
 * processes too. Each time is then the later of the context clock's next event time and one
 * microsecond after the latest stored delivery, so time never runs backwards, even with skewed clocks.
 */
export async function deliveryTimes(tx: Db, clock: () => Date): Promise<() => string> {
  if (tx.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [DELIVERY_WRITERS_LOCK]);
  const latest = await tx.get<{ at: string | null }>('SELECT MAX(created_at) AS at FROM deliveries');
  let floor = latest?.at ? toMicros(latest.at) : 0n;
  return () => {
    const now = toMicros(nextEventTime(clock));
    floor = now > floor ? now : floor + 1n;
    return fromMicros(floor);
  };
}

/**
 * A subscription's deliveries, newest first, strictly before `before` (the previous page's last
 * `created_at`, unique per delivery: docs/architecture.md, event times).
 */
export const deliveriesForSubscription = (
  db: Db,
  scope: { accountId: string; partition: Partition; subscriptionId: string },
  before: string | null,
  limit: number,
) =>
  db.all<DeliveryRow>(
    `SELECT * FROM deliveries WHERE subscription_id = ? AND account_id = ? AND partition = ?
     ${before ? 'AND created_at < ?' : ''}
     ORDER BY created_at DESC, id DESC LIMIT ?`,
    before
      ? [scope.subscriptionId, scope.accountId, scope.partition, before, limit]
      : [scope.subscriptionId, scope.accountId, scope.partition, limit],
  );

export const findDelivery = (
  db: Db,
  scope: { accountId: string; partition: Partition; subscriptionId: string },
  id: string,
) =>
  db.get<DeliveryRow>(
    'SELECT * FROM deliveries WHERE id = ? AND subscription_id = ? AND account_id = ? AND partition = ?',
    [id, scope.subscriptionId, scope.accountId, scope.partition],
  );

/**
 * A failed delivery gets one more attempt: `pending` and due at `now` (or `paused` when its
 * subscription is). Its id, and so its `webhook-id`, stays. 1 when it was failed, else 0.
 */
export const resendDelivery = (db: Db, id: string, status: 'pending' | 'paused', now: string) =>
  db.run(
    `UPDATE deliveries SET status = ?, next_attempt_at = ?, last_error = NULL, locked_until = NULL, claim_token = NULL
     WHERE id = ? AND status = 'failed'`,
    [status, now, id],
  );

export const deliveryQueries = {
  insert: insertDelivery,
  forEntity: deliveriesForEntity,
  forSubscription: deliveriesForSubscription,
  find: findDelivery,
  resend: resendDelivery,
  stop: stopDeliveries,
  setPaused,
  times: deliveryTimes,
};
