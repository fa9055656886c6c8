import type { Partition } from '../ctx.ts';
import type { Db } from './db.ts';
import { sameEntity } from './entity-records.ts';

export type SubscriptionRow = {
  id: string;
  account_id: string;
  partition: Partition;
  events: string;
  webhook_url: string;
  status: 'active' | 'paused';
  secret: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

export type WatchedEntity = { identifier: string; id_type: 'abn' | 'acn' };

const COLUMNS =
  'id, account_id, partition, events, webhook_url, status, secret, created_at, updated_at, deleted_at';

export const insertSubscription = (db: Db, s: SubscriptionRow) =>
  db.run(`INSERT INTO subscriptions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    s.id,
    s.account_id,
    s.partition,
    s.events,
    s.webhook_url,
    s.status,
    s.secret,
    s.created_at,
    s.updated_at,
    s.deleted_at,
  ]);

export async function replaceEntities(
  db: Db,
  subscriptionId: string,
  partition: Partition,
  entities: WatchedEntity[],
) {
  await db.run('DELETE FROM subscription_entities WHERE subscription_id = ?', [subscriptionId]);
  for (let i = 0; i < entities.length; i += 200) {
    const batch = entities.slice(i, i + 200);
    await db.run(
      `INSERT INTO subscription_entities (subscription_id, partition, identifier, id_type) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`,
      batch.flatMap((e) => [subscriptionId, partition, e.identifier, e.id_type]),
    );
  }
}

/** One subscription of this account and partition; another account's is not found (existence is not revealed). */
export const findSubscription = (db: Db, accountId: string, partition: Partition, id: string) =>
  db.get<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE id = ? AND account_id = ? AND partition = ? AND deleted_at IS NULL`,
    [id, accountId, partition],
  );

export const listSubscriptions = (
  db: Db,
  accountId: string,
  partition: Partition,
  after: { created_at: string; id: string } | null,
  limit: number,
) =>
  db.all<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE account_id = ? AND partition = ? AND deleted_at IS NULL
     ${after ? 'AND (created_at > ? OR (created_at = ? AND id > ?))' : ''}
     ORDER BY created_at, id LIMIT ?`,
    after
      ? [accountId, partition, after.created_at, after.created_at, after.id, limit]
      : [accountId, partition, limit],
  );

/**
 * Subscriptions an account holds in a partition (paused ones included, deleted ones not). Inside a
 * transaction on PostgreSQL the account's row is locked first, so that concurrent creates for one
 * account count one after another (SQLite has a single writer already).
 */
export async function countSubscriptions(db: Db, accountId: string, partition: Partition): Promise<number> {
  if (db.engine === 'postgres') await db.get('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [accountId]);
  const row = await db.get<{ n: number | string }>(
    'SELECT COUNT(*) AS n FROM subscriptions WHERE account_id = ? AND partition = ? AND deleted_at IS NULL',
    [accountId, partition],
  );
  return Number(row?.n ?? 0);
}

export const entitiesOf = async (db: Db, ids: string[]) => {
  if (ids.length === 0) return new Map<string, WatchedEntity[]>();
  const rows = await db.all<WatchedEntity & { subscription_id: string }>(
    `SELECT subscription_id, identifier, id_type FROM subscription_entities WHERE subscription_id IN (${ids.map(() => '?').join(', ')}) ORDER BY identifier`,
    ids,
  );
  const map = new Map<string, WatchedEntity[]>();
  for (const r of rows)
    map.set(r.subscription_id, [
      ...(map.get(r.subscription_id) ?? []),
      { identifier: r.identifier, id_type: r.id_type },
    ]);
  return map;
};

/**
 * Changes only the given columns of a live subscription of this account and partition; resolves to
 * the rows changed (0: not found, or deleted meanwhile). Concurrent PATCH, roll and DELETE each write
 * their own columns only, so none undoes another.
 */
export function updateSubscriptionFields(
  db: Db,
  scope: { id: string; accountId: string; partition: Partition },
  fields: Partial<
    Pick<SubscriptionRow, 'events' | 'webhook_url' | 'status' | 'secret' | 'updated_at' | 'deleted_at'>
  >,
) {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  return db.run(
    `UPDATE subscriptions SET ${entries.map(([k]) => `${k} = ?`).join(', ')}
     WHERE id = ? AND account_id = ? AND partition = ? AND deleted_at IS NULL`,
    [...entries.map(([, v]) => v), scope.id, scope.accountId, scope.partition],
  );
}

/** Subscriptions of the partition watching any of these identifiers. */
export const subscriptionsWatching = (db: Db, partition: Partition, identifiers: string[]) =>
  identifiers.length === 0
    ? Promise.resolve([])
    : db.all<SubscriptionRow>(
        `SELECT DISTINCT s.id, s.account_id, s.partition, s.events, s.webhook_url, s.status, s.secret, s.created_at, s.updated_at, s.deleted_at
         FROM subscription_entities e JOIN subscriptions s ON s.id = e.subscription_id
         WHERE e.partition = ? AND e.identifier IN (${identifiers.map(() => '?').join(', ')}) AND s.deleted_at IS NULL`,
        [partition, ...identifiers],
      );

/** Subscriptions by id, deleted ones included (the worker must know a delivery's subscription is gone). */
export async function subscriptionsById(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, SubscriptionRow>();
  const rows = await db.all<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export const removeEntities = (db: Db, subscriptionId: string) =>
  db.run('DELETE FROM subscription_entities WHERE subscription_id = ?', [subscriptionId]);

/**
 * Every ABN a subscription of the partition watches: the ABNs watched as such, and the ABN of each
 * watched ACN (the same entity's, as its current identity records join them). Paused subscriptions
 * count: their events are still recorded for polling.
 */
export async function watchedAbns(db: Db, partition: Partition): Promise<Set<string>> {
  const rows = await db.all<WatchedEntity>(
    'SELECT DISTINCT identifier, id_type FROM subscription_entities WHERE partition = ?',
    [partition],
  );
  const watched = new Set(rows.filter((r) => r.id_type === 'abn').map((r) => r.identifier));
  const acns = rows.filter((r) => r.id_type === 'acn').map((r) => r.identifier);
  if (acns.length === 0) return watched;
  const joined = await sameEntity(db, partition, { abns: [], acns }, { withRemoved: false });
  for (const abn of joined.abns) watched.add(abn);
  return watched;
}

export const subscriptionQueries = {
  insert: insertSubscription,
  replaceEntities,
  removeEntities,
  find: findSubscription,
  list: listSubscriptions,
  count: countSubscriptions,
  entitiesOf,
  update: updateSubscriptionFields,
  watching: subscriptionsWatching,
  byId: subscriptionsById,
  watchedAbns,
};
