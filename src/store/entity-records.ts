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
  // One query per column, so each uses its own index (an OR across two columns may scan the table).
  const query = (column: 'abn' | 'acn', values: string[]) =>
    values.length === 0
      ? Promise.resolve([])
      : db.all<StoredRecord & { dataset: string }>(
          `SELECT id, dataset, record_key, abn, acn, name, names, status, as_of, data, removed_at, seen_ingest
           FROM source_records WHERE partition = ? AND ${column} IN (${values.map(() => '?').join(', ')}) AND removed_at IS NULL`,
          [partition, ...values],
        );
  const rows = [
    ...(await query('abn', [...new Set(ids.abns)])),
    ...(await query('acn', [...new Set(ids.acns)])),
  ];
  const seen = new Set<string>();
  return rows
    .filter((row) => {
      const id = `${row.dataset}|${row.record_key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .sort((a, b) => a.dataset.localeCompare(b.dataset) || a.record_key.localeCompare(b.record_key))
    .map((row) => ({ ...toSourceRecord(row), dataset: row.dataset }));
}

/** Whether any current record in the partition carries this ABN or ACN. */
export async function isKnownIdentifier(
  db: Db,
  partition: Partition,
  id: { abn?: string | null; acn?: string | null },
) {
  const has = (column: 'abn' | 'acn', value: string | null | undefined) =>
    value
      ? db.get(
          `SELECT 1 AS one FROM source_records WHERE partition = ? AND ${column} = ? AND removed_at IS NULL LIMIT 1`,
          [partition, value],
        )
      : Promise.resolve(undefined);
  return (await has('abn', id.abn)) !== undefined || (await has('acn', id.acn)) !== undefined;
}

/** The identifier mappings GLEIF publishes for one LEI (OpenCorporates, S&P Global, QCC, …). */
export async function leiMappings(db: Db, partition: Partition, lei: string) {
  // Mapping keys start with the LEI, so this is a primary-key range, not a scan.
  const rows = await db.all<{ data: string }>(
    "SELECT data FROM source_records WHERE partition = ? AND dataset = 'gleif-mappings' AND record_key >= ? AND record_key < ? AND removed_at IS NULL",
    [partition, `${lei}|`, `${lei}}`],
  );
  return rows.map((r) => JSON.parse(r.data) as { lei: string; kind: string; id: string });
}
