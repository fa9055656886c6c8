import type { Partition } from '../ctx.ts';
import type { SourceRecord } from '../registers/types.ts';
import type { Db } from './db.ts';
import { type StoredRecord, toSourceRecord } from './source-records.ts';

export type EntityRecord = SourceRecord & { dataset: string };

/** Current (not removed) records of every dataset carrying one of these ABNs or ACNs. */
export async function recordsByIdentifiers(
  db: Db,
  partition: Partition,
  ids: { abns: string[]; acns: string[] },
): Promise<EntityRecord[]> {
  if (ids.abns.length + ids.acns.length === 0) return [];
  const clauses: string[] = [];
  const params: unknown[] = [partition];
  if (ids.abns.length) {
    clauses.push(`abn IN (${ids.abns.map(() => '?').join(', ')})`);
    params.push(...ids.abns);
  }
  if (ids.acns.length) {
    clauses.push(`acn IN (${ids.acns.map(() => '?').join(', ')})`);
    params.push(...ids.acns);
  }
  const rows = await db.all<StoredRecord & { dataset: string }>(
    `SELECT dataset, record_key, abn, acn, name, names, status, as_of, data, content_hash, removed_at, seen_ingest
     FROM source_records WHERE partition = ? AND removed_at IS NULL AND (${clauses.join(' OR ')})
     ORDER BY dataset, record_key`,
    params,
  );
  return rows.map((row) => ({ ...toSourceRecord(row), dataset: row.dataset }));
}

/** Whether any current record in the partition carries this ABN or ACN. */
export async function isKnownIdentifier(
  db: Db,
  partition: Partition,
  id: { abn?: string | null; acn?: string | null },
) {
  const row = await db.get(
    'SELECT 1 AS one FROM source_records WHERE partition = ? AND removed_at IS NULL AND (abn = ? OR acn = ?) LIMIT 1',
    [partition, id.abn ?? null, id.acn ?? null],
  );
  return row !== undefined;
}
