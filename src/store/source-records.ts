import type { Partition } from '../ctx.ts';
import type { SourceRecord } from '../registers/types.ts';
import type { Db } from './db.ts';

export type StoredRecord = {
  /** The record's id in the store: what its names refer to. */
  id: number;
  record_key: string;
  abn: string | null;
  acn: string | null;
  name: string;
  names: string;
  status: string | null;
  as_of: string | null;
  data: string;
  removed_at: string | null;
  seen_ingest: string | null;
  /** The digest of what `holds` compares; null where the writer left it out (an older store, PostgreSQL's snapshot load). */
  fingerprint: string | null;
};

export const toSourceRecord = (row: StoredRecord): SourceRecord => ({
  key: row.record_key,
  abn: row.abn,
  acn: row.acn,
  name: row.name,
  names: JSON.parse(row.names),
  status: row.status,
  asOf: row.as_of,
  data: JSON.parse(row.data),
});

/** A stored record's columns, as `StoredRecord` holds them. */
export const STORED_COLUMNS =
  'id, record_key, abn, acn, name, names, status, as_of, data, removed_at, seen_ingest, fingerprint';
const COLUMNS = STORED_COLUMNS;

/** A record as it is written: its fields, and its names and data serialised. */
export type SerialisedRecord = Pick<SourceRecord, 'abn' | 'acn' | 'name' | 'status' | 'asOf'> & {
  namesJson: string;
  dataJson: string;
  fingerprint: string;
};

/**
 * Whether the stored row holds exactly this record: what an ingest checks before asking the
 * adapter's diff what changed. The serialised forms are compared as they are: a record serialises
 * the same way each time, so equal text is an equal record; so is an equal fingerprint, its digest.
 */
export const holds = (row: StoredRecord, r: SerialisedRecord): boolean =>
  row.fingerprint !== null ? row.fingerprint === r.fingerprint : holdsFieldByField(row, r);

const holdsFieldByField = (row: StoredRecord, r: SerialisedRecord): boolean =>
  row.data === r.dataJson &&
  row.names === r.namesJson &&
  row.name === r.name &&
  row.abn === r.abn &&
  row.acn === r.acn &&
  row.status === r.status &&
  row.as_of === r.asOf;

/** These columns of the dataset's records with these keys. */
const byKeys = <T>(db: Db, columns: string, partition: Partition, dataset: string, keys: string[]) =>
  db.all<T>(
    `SELECT ${columns} FROM source_records WHERE partition = ? AND dataset = ? AND record_key IN (${keys.map(() => '?').join(', ')})`,
    [partition, dataset, ...keys],
  );

export const findRecords = (db: Db, partition: Partition, dataset: string, keys: string[]) =>
  byKeys<StoredRecord>(db, COLUMNS, partition, dataset, keys);

/** Whether the partition holds any record of the dataset, removed ones included. */
export const hasRecords = async (db: Db, partition: Partition, dataset: string) =>
  (await db.get('SELECT 1 AS one FROM source_records WHERE partition = ? AND dataset = ? LIMIT 1', [
    partition,
    dataset,
  ])) !== undefined;

/** What a re-ingest reads of each stored record first: enough to tell it unchanged. */
export type StoredState = Pick<StoredRecord, 'id' | 'record_key' | 'fingerprint' | 'removed_at' | 'as_of'>;

export const findStates = (db: Db, partition: Partition, dataset: string, keys: string[]) =>
  byKeys<StoredState>(db, 'id, record_key, fingerprint, removed_at, as_of', partition, dataset, keys);

/**
 * A page of the dataset's stored records, by key after `after`: id and key only, read from the index
 * by key alone. What a snapshot did not hold is found by going through them all.
 */
export function keysPage(db: Db, partition: Partition, dataset: string, after: string, limit: number) {
  return db.all<{ id: number; record_key: string }>(
    'SELECT id, record_key FROM source_records WHERE partition = ? AND dataset = ? AND record_key > ? ORDER BY record_key LIMIT ?',
    [partition, dataset, after, limit],
  );
}

/** Stored records by id, in id order. */
export function findByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.all<StoredRecord>(
    `SELECT ${COLUMNS} FROM source_records WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
    ids,
  );
}

/** How many of the dataset's records are current (not removed). */
export async function countCurrent(db: Db, partition: Partition, dataset: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM source_records WHERE partition = ? AND dataset = ? AND removed_at IS NULL',
    [partition, dataset],
  );
  return Number(row?.n ?? 0);
}

/** Fingerprints for records stored without one, found unchanged by their fields: the next comparison is by fingerprint. */
export async function setFingerprints(db: Db, rows: Array<{ id: number; fingerprint: string }>) {
  for (const r of rows)
    await db.run('UPDATE source_records SET fingerprint = ? WHERE id = ?', [r.fingerprint, r.id]);
}

export type RecordWrite = {
  partition: Partition;
  dataset: string;
  record: SourceRecord;
  namesJson: string;
  dataJson: string;
  fingerprint: string;
  at: string;
  ingestId: string;
};

const RECORD_COLUMNS =
  'partition, dataset, record_key, abn, acn, name, names, status, as_of, data, fingerprint, first_seen_at, updated_at, seen_ingest';

/** Many rows per statement (SQLite allows 32,766 parameters; 14 columns × 100 rows stays far below). */
async function insertMany<T>(
  db: Db,
  head: string,
  columns: number,
  rows: T[],
  values: (row: T) => unknown[],
  returning?: string,
): Promise<Array<Record<string, unknown>>> {
  const BATCH = 100;
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const tuple = `(${Array(columns).fill('?').join(', ')})`;
    const sql = `${head} VALUES ${batch.map(() => tuple).join(', ')}`;
    if (returning)
      out.push(
        ...(await db.all<Record<string, unknown>>(`${sql} RETURNING ${returning}`, batch.flatMap(values))),
      );
    else await db.run(sql, batch.flatMap(values));
  }
  return out;
}

/** Inserts the records; resolves to the id each was given, in the order given. */
export async function insertRecords(db: Db, rows: RecordWrite[]): Promise<number[]> {
  const inserted = await insertMany(
    db,
    `INSERT INTO source_records (${RECORD_COLUMNS})`,
    14,
    rows,
    (r) => [
      r.partition,
      r.dataset,
      r.record.key,
      r.record.abn,
      r.record.acn,
      r.record.name,
      r.namesJson,
      r.record.status,
      r.record.asOf,
      r.dataJson,
      r.fingerprint,
      r.at,
      r.at,
      r.ingestId,
    ],
    'id, record_key',
  );
  const ids = new Map(inserted.map((row) => [row.record_key as string, Number(row.id)]));
  return rows.map((r) => {
    const id = ids.get(r.record.key);
    if (id === undefined) throw new Error(`record ${r.record.key} was inserted without an id`);
    return id;
  });
}

/** A searchable name of the record with that id. */
export type NameRow = { recordId: number; name: string; type: string; key: string };

export const insertNames = (db: Db, rows: NameRow[]) =>
  insertMany(db, 'INSERT INTO source_names (record_id, name, name_type, name_key)', 4, rows, (n) => [
    n.recordId,
    n.name,
    n.type,
    n.key,
  ]);

export function replaceRecord(db: Db, r: RecordWrite) {
  const { record } = r;
  return db.run(
    `UPDATE source_records SET abn = ?, acn = ?, name = ?, names = ?, status = ?, as_of = ?, data = ?, fingerprint = ?, updated_at = ?, removed_at = NULL, seen_ingest = ?
     WHERE partition = ? AND dataset = ? AND record_key = ?`,
    [
      record.abn,
      record.acn,
      record.name,
      r.namesJson,
      record.status,
      record.asOf,
      r.dataJson,
      r.fingerprint,
      r.at,
      r.ingestId,
      r.partition,
      r.dataset,
      record.key,
    ],
  );
}

export function markRemoved(db: Db, partition: Partition, dataset: string, key: string, at: string) {
  return db.run(
    'UPDATE source_records SET removed_at = ?, updated_at = ? WHERE partition = ? AND dataset = ? AND record_key = ?',
    [at, at, partition, dataset, key],
  );
}

export const deleteNames = (db: Db, recordId: number) =>
  db.run('DELETE FROM source_names WHERE record_id = ?', [recordId]);

/**
 * Entities in other datasets carrying one of these name keys and an ABN or ACN to attach events to.
 * Neither engine keeps an index of names by key (building it after a large load cost more than most
 * of the load's other indexes): each engine's index of the keys' words finds the names holding a
 * key's words, and only those whose key is exactly one of these are kept. On PostgreSQL each key is
 * looked up on its own (a plan joining the keys to the names by hash would read every name).
 */
export function entitiesNamed(db: Db, partition: Partition, excludeDataset: string, nameKeys: string[]) {
  if (nameKeys.length === 0) return Promise.resolve([]);
  const sqlite = db.engine === 'sqlite';
  const keys = sqlite ? nameKeys.map(() => '?').join(', ') : '';
  return db.all<{ name: string; name_key: string; abn: string | null; acn: string | null; dataset: string }>(
    `SELECT DISTINCT n.name, n.name_key, r.abn, r.acn, r.dataset
     FROM ${
       sqlite
         ? 'source_names_fts f JOIN source_names n ON n.rowid = f.rowid'
         : `unnest(?::text[]) AS k(key) CROSS JOIN LATERAL (
             SELECT * FROM source_names n
             WHERE to_tsvector('simple', n.name_key) @@ plainto_tsquery('simple', k.key) AND n.name_key = k.key
             OFFSET 0
           ) n`
     }
       JOIN source_records r ON r.id = n.record_id
     WHERE ${sqlite ? `source_names_fts MATCH ? AND n.name_key IN (${keys}) AND ` : ''}r.partition = ?
       AND r.dataset <> ? AND (r.abn IS NOT NULL OR r.acn IS NOT NULL)`,
    [
      ...(sqlite
        ? [nameKeys.map((k) => `"${k.replace(/"/g, '""')}"`).join(' OR '), ...nameKeys]
        : [nameKeys]),
      partition,
      excludeDataset,
    ],
  );
}

/** The current records of a dataset (a screening list, held in memory by the screening). */
export async function currentRecords(db: Db, partition: Partition, dataset: string): Promise<SourceRecord[]> {
  const rows = await db.all<StoredRecord>(
    `SELECT ${COLUMNS} FROM source_records WHERE partition = ? AND dataset = ? AND removed_at IS NULL`,
    [partition, dataset],
  );
  return rows.map(toSourceRecord);
}

export const recordQueries = {
  find: findRecords,
  hasAny: hasRecords,
  findStates,
  findByIds,
  countCurrent,
  keysPage,
  setFingerprints,
  insert: insertRecords,
  insertNames,
  replace: replaceRecord,
  markRemoved,
  deleteNames,
  entitiesNamed,
  current: currentRecords,
};
