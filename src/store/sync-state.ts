import type { Partition } from '../ctx.ts';
import type { Db } from './db.ts';

export type SyncStatus = 'synced' | 'unchanged' | 'failed';

export type SyncStateRow = {
  partition: Partition;
  dataset: string;
  /** JSON: what the source said of its files at the last sync that applied or found nothing new. */
  fingerprint: string | null;
  last_sync_at: string | null;
  last_sync_status: SyncStatus | null;
  last_sync_error: string | null;
  next_sync_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
};

export const listSyncStates = (db: Db, partition: Partition) =>
  db.all<SyncStateRow>('SELECT * FROM sync_state WHERE partition = ? ORDER BY dataset', [partition]);

export const getSyncState = (db: Db, partition: Partition, dataset: string) =>
  db.get<SyncStateRow>('SELECT * FROM sync_state WHERE partition = ? AND dataset = ?', [partition, dataset]);

/**
 * Takes (or renews) a dataset's lease for `owner` until `until`, unless another owner holds one
 * that has not run out at `now`: true when `owner` holds it. One statement decides, so two processes
 * asking at once cannot both get it.
 */
export async function claimSyncLease(
  db: Db,
  partition: Partition,
  dataset: string,
  lease: { owner: string; now: string; until: string },
): Promise<boolean> {
  await db.run('INSERT INTO sync_state (partition, dataset) VALUES (?, ?) ON CONFLICT DO NOTHING', [
    partition,
    dataset,
  ]);
  const changed = await db.run(
    `UPDATE sync_state SET lease_owner = ?, lease_until = ?
     WHERE partition = ? AND dataset = ? AND (lease_owner IS NULL OR lease_owner = ? OR lease_until < ?)`,
    [lease.owner, lease.until, partition, dataset, lease.owner, lease.now],
  );
  return changed > 0;
}

export const releaseSyncLease = (db: Db, partition: Partition, dataset: string, owner: string) =>
  db.run(
    'UPDATE sync_state SET lease_owner = NULL, lease_until = NULL WHERE partition = ? AND dataset = ? AND lease_owner = ?',
    [partition, dataset, owner],
  );

/** A sync's outcome; the fingerprint is kept as it was when `fingerprint` is undefined (a failure). */
export async function recordSyncOutcome(
  db: Db,
  partition: Partition,
  dataset: string,
  outcome: {
    at: string;
    status: SyncStatus;
    error: string | null;
    nextAt: string;
    fingerprint?: string;
  },
): Promise<void> {
  await db.run('INSERT INTO sync_state (partition, dataset) VALUES (?, ?) ON CONFLICT DO NOTHING', [
    partition,
    dataset,
  ]);
  await db.run(
    `UPDATE sync_state SET last_sync_at = ?, last_sync_status = ?, last_sync_error = ?, next_sync_at = ?,
       fingerprint = COALESCE(?, fingerprint)
     WHERE partition = ? AND dataset = ?`,
    [
      outcome.at,
      outcome.status,
      outcome.error,
      outcome.nextAt,
      outcome.fingerprint ?? null,
      partition,
      dataset,
    ],
  );
}

export const syncStateQueries = {
  list: listSyncStates,
  get: getSyncState,
  claim: claimSyncLease,
  release: releaseSyncLease,
  recordOutcome: recordSyncOutcome,
};
