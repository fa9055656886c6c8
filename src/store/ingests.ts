import type { Partition } from '../ctx.ts';
import type { Db } from './db.ts';

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

export const insertIngest = (db: Db, r: IngestRow) =>
  db.run(
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
