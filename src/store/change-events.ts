import type { Partition } from '../ctx.ts';
import type { EventType, FieldChange } from '../events/types.ts';
import type { Db } from './db.ts';

export type ChangeEventRow = {
  id: string;
  partition: Partition;
  dataset: string;
  source: string;
  type: EventType;
  abn: string | null;
  acn: string | null;
  entity_name: string | null;
  changes: FieldChange[];
  as_of: string | null;
  created_at: string;
  ingest_id: string | null;
};

export const insertChangeEvent = (db: Db, e: ChangeEventRow) =>
  db.run(
    `INSERT INTO change_events (id, partition, dataset, source, type, abn, acn, entity_name, changes, as_of, created_at, ingest_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      e.id,
      e.partition,
      e.dataset,
      e.source,
      e.type,
      e.abn,
      e.acn,
      e.entity_name,
      JSON.stringify(e.changes),
      e.as_of,
      e.created_at,
      e.ingest_id,
    ],
  );

export const eventsOfIngest = async (db: Db, ingestId: string) =>
  (
    await db.all<Omit<ChangeEventRow, 'changes'> & { changes: string }>(
      'SELECT * FROM change_events WHERE ingest_id = ? ORDER BY created_at',
      [ingestId],
    )
  ).map((row) => ({ ...row, changes: JSON.parse(row.changes) as FieldChange[] }));

export const changeEventQueries = { insert: insertChangeEvent, ofIngest: eventsOfIngest };
