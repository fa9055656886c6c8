import type { Partition } from '../ctx.ts';
import type { Db } from './db.ts';
import { KeptUntilIngest } from './kept.ts';

export type IngestRow = {
  id: string;
  partition: Partition;
  dataset: string;
  files: string;
  status: 'applied' | 'failed';
  as_of: string | null;
  started_at: string;
  finished_at: string;
  rows_read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  rejected: number;
  rejected_examples: string;
  events: number;
  error: string | null;
};

export const insertIngest = async (db: Db, r: IngestRow) => {
  const inserted = await db.run(
    `INSERT INTO ingests (id, partition, dataset, files, status, as_of, started_at, finished_at, rows_read, inserted, updated, unchanged, removed, rejected, rejected_examples, events, error)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      r.id,
      r.partition,
      r.dataset,
      r.files,
      r.status,
      r.as_of,
      r.started_at,
      r.finished_at,
      r.rows_read,
      r.inserted,
      r.updated,
      r.unchanged,
      r.removed,
      r.rejected,
      r.rejected_examples,
      r.events,
      r.error,
    ],
  );
  await db.noteIngest?.();
  return inserted;
};

/** The latest applied ingest of each dataset in the partition. */
export const latestIngests = (db: Db, partition: Partition) =>
  db.all<IngestRow>(
    `SELECT i.* FROM ingests i
     WHERE i.partition = ? AND i.status = 'applied' AND i.finished_at = (
       SELECT MAX(j.finished_at) FROM ingests j WHERE j.partition = i.partition AND j.dataset = i.dataset AND j.status = 'applied')`,
    [partition],
  );

export const recordCounts = (db: Db, partition: Partition) =>
  db.all<{ dataset: string; n: number }>(
    'SELECT dataset, COUNT(*) AS n FROM source_records WHERE partition = ? AND removed_at IS NULL GROUP BY dataset',
    [partition],
  );

export const hasApplied = async (db: Db, partition: Partition, dataset: string) =>
  (await db.get(
    "SELECT 1 AS one FROM ingests WHERE partition = ? AND dataset = ? AND status = 'applied' LIMIT 1",
    [partition, dataset],
  )) !== undefined;

/** For each as-of day since `since`, when a dataset's copy for that day was last applied. */
export const appliedDays = (db: Db, partition: Partition, dataset: string, since: string) =>
  db.all<{ day: string; last_read: string }>(
    `SELECT as_of AS day, MAX(started_at) AS last_read FROM ingests
     WHERE partition = ? AND dataset = ? AND status = 'applied' AND as_of >= ?
     GROUP BY as_of`,
    [partition, dataset, since],
  );

/** PostgreSQL advisory lock key for re-reads ('aerr'). */
const REREAD_LOCK = 0x6165_7272;

/**
 * Inside a transaction: one ABR re-read at a time (another server, or the CLI beside one), so the
 * second sees what the first stored and finds nothing new. SQLite's write transaction already
 * serialises them; PostgreSQL takes a transaction-level advisory lock.
 */
export async function lockRereads(db: Db): Promise<void> {
  if (db.engine === 'postgres') await db.get('SELECT pg_advisory_xact_lock(?)', [REREAD_LOCK]);
}

type LoadedCopy = Pick<IngestRow, 'dataset' | 'id' | 'as_of'>;
/** Each process keeps the loaded copies it read until an ingest is applied (docs/architecture.md, what a process keeps). */
const keptCopies = new KeptUntilIngest<LoadedCopy[]>(1_000);

/** The loaded copy of each dataset in the partition, as kept by this process or read afresh. */
export const loadedCopies = (db: Db, partition: Partition): Promise<LoadedCopy[]> =>
  keptCopies.get(db, partition, () => readLoadedCopies(db, partition));

/**
 * The loaded copy of each dataset in the partition (its latest applied ingest): only what a resolve
 * or a screen needs of it, in one pass over the partition's ingests
 * (SQLite takes the other columns from the row holding MAX; PostgreSQL picks one row per dataset).
 */
const readLoadedCopies = (db: Db, partition: Partition) =>
  db.all<LoadedCopy>(
    db.engine === 'postgres'
      ? `SELECT DISTINCT ON (dataset) dataset, id, as_of FROM ingests
         WHERE partition = ? AND status = 'applied' ORDER BY dataset, finished_at DESC`
      : `SELECT dataset, id, as_of, MAX(finished_at) AS finished_at FROM ingests
         WHERE partition = ? AND status = 'applied' GROUP BY dataset`,
    [partition],
  );

export const ingestQueries = {
  insert: insertIngest,
  latest: latestIngests,
  loadedCopies,
  recordCounts,
  hasApplied,
  appliedDays,
  lockRereads,
};
