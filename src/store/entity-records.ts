import type { Partition } from '../ctx.ts';
import { IDENTITY_DATASETS, registerFor } from '../registers/index.ts';
import type { SourceRecord } from '../registers/types.ts';
import type { Db } from './db.ts';
import { KeptUntilIngest } from './kept.ts';
import { type StoredRecord, toSourceRecord } from './source-records.ts';

export type EntityRecord = SourceRecord & { dataset: string };

/** What a record of an entity is read with. */
const ENTITY_COLUMNS =
  'id, dataset, record_key, abn, acn, name, names, status, as_of, data, removed_at, seen_ingest';

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
          `SELECT ${ENTITY_COLUMNS} FROM source_records WHERE partition = ? AND ${column} IN (${values.map(() => '?').join(', ')}) AND removed_at IS NULL`,
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

/**
 * What a resolve reads of an entity, kept by the process until the next ingest (docs/architecture.md,
 * what a process keeps) once it is asked for a second time: an identifier asked again and again is
 * read from the store twice.
 */
const keptRecords = new KeptUntilIngest<EntityRecord[]>(10_000, { secondUse: true });
const keptFacts = new KeptUntilIngest<boolean>(10_000, { secondUse: true });
const keptMappings = new KeptUntilIngest<Array<{ lei: string; kind: string; id: string }>>(10_000, {
  secondUse: true,
});

/**
 * Every register's records for one entity, joined ABN↔ACN both ways (the same-entity join below):
 * the ABN's records give the ACN (ABR's ASIC number, ASIC's ABN column) and the ACN's records give
 * the ABN. The records of the identifiers asked come first, then those of the identifiers joined.
 */
export function recordsOfEntity(
  db: Db,
  partition: Partition,
  id: { abn?: string | undefined; acn?: string | undefined },
): Promise<EntityRecord[]> {
  return keptRecords.get(db, `${partition}|${id.abn ?? ''}|${id.acn ?? ''}`, async () => {
    if (id.abn && id.acn) {
      // Both given: each one's records, then the identifiers they join to.
      const asked = { abns: [id.abn], acns: [id.acn] };
      const records = await recordsByIdentifiers(db, partition, asked);
      const joined = { abns: new Set(asked.abns), acns: new Set(asked.acns) };
      joinIdentifiers(joined, records);
      const more = {
        abns: [...joined.abns].filter((a) => a !== id.abn),
        acns: [...joined.acns].filter((a) => a !== id.acn),
      };
      if (more.abns.length + more.acns.length === 0) return records;
      const seen = new Set(records.map((r) => `${r.dataset}|${r.key}`));
      const extra = await recordsByIdentifiers(db, partition, more);
      return [...records, ...extra.filter((r) => !seen.has(`${r.dataset}|${r.key}`))];
    }
    const [column, value] = id.abn ? (['abn', id.abn] as const) : (['acn', id.acn] as const);
    return value ? recordsOfOneIdentifier(db, partition, column, value) : [];
  });
}

/**
 * One identifier's records and the records of the identifiers its identity records join it to, in
 * one statement (one round trip; what a resolve by ABN or ACN reads): an ABN's records carry that
 * ABN, so only their ACNs join further, and an ACN's only their ABNs. The records of the identifier
 * asked come first, as `recordsByIdentifiers` orders them, then the joined ones.
 */
async function recordsOfOneIdentifier(
  db: Db,
  partition: Partition,
  column: 'abn' | 'acn',
  value: string,
): Promise<EntityRecord[]> {
  const rows = await db.all<StoredRecord & { dataset: string; joined: number }>(
    ONE_IDENTIFIER_SQL[column],
    [partition, value, partition, value, partition, value, ...IDENTITY_DATASETS],
    { samePlan: true },
  );
  return rows
    .sort(
      (a, b) =>
        Number(a.joined) - Number(b.joined) ||
        a.dataset.localeCompare(b.dataset) ||
        a.record_key.localeCompare(b.record_key),
    )
    .map((row) => ({ ...toSourceRecord(row), dataset: row.dataset }));
}

const writeOneIdentifierSql = (column: 'abn' | 'acn', other: 'abn' | 'acn') =>
  `SELECT 0 AS joined, ${ENTITY_COLUMNS} FROM source_records
     WHERE partition = ? AND ${column} = ? AND removed_at IS NULL
     UNION ALL
     SELECT 1 AS joined, ${ENTITY_COLUMNS} FROM source_records
     WHERE partition = ? AND removed_at IS NULL AND (${column} IS NULL OR ${column} <> ?)
       AND ${other} IN (
         SELECT ${other} FROM source_records
         WHERE partition = ? AND ${column} = ? AND removed_at IS NULL
           AND dataset IN (${[...IDENTITY_DATASETS].map(() => '?').join(', ')}))`;

/**
 * The statement of `recordsOfOneIdentifier`, by the identifier's column; its parameters are the
 * partition and the identifier, three times, then the identity datasets. Each part reads through the
 * index of its column: the joined identifiers are looked up one by one, never by a range of the
 * other column.
 */
export const ONE_IDENTIFIER_SQL = {
  abn: writeOneIdentifierSql('abn', 'acn'),
  acn: writeOneIdentifierSql('acn', 'abn'),
} as const;

/** Whether any current record in the partition carries this ABN or ACN. */
export function isKnownIdentifier(
  db: Db,
  partition: Partition,
  id: { abn?: string | null; acn?: string | null },
): Promise<boolean> {
  const has = (column: 'abn' | 'acn', value: string | null | undefined) =>
    value
      ? db.get(
          `SELECT 1 AS one FROM source_records WHERE partition = ? AND ${column} = ? AND removed_at IS NULL LIMIT 1`,
          [partition, value],
          { samePlan: true },
        )
      : Promise.resolve(undefined);
  return keptFacts.get(
    db,
    `${partition}|${id.abn ?? ''}|${id.acn ?? ''}`,
    async () => (await has('abn', id.abn)) !== undefined || (await has('acn', id.acn)) !== undefined,
  );
}

/** The identifier mappings GLEIF publishes for one LEI (OpenCorporates, S&P Global, QCC, …). */
export function leiMappings(db: Db, partition: Partition, lei: string) {
  // Mapping keys start with the LEI, so this is a primary-key range, not a scan.
  return keptMappings.get(db, `${partition}|${lei}`, async () => {
    const rows = await db.all<{ data: string }>(
      'SELECT data FROM source_records WHERE partition = ? AND dataset = ? AND record_key >= ? AND record_key < ? AND removed_at IS NULL',
      [partition, registerFor('external_ids.mappings').dataset, `${lei}|`, `${lei}}`],
    );
    return rows.map((r) => JSON.parse(r.data) as { lei: string; kind: string; id: string });
  });
}

/** Identifiers per query: far below either engine's limit on parameters. */
const IN_BATCH = 500;

/**
 * The same-entity join (docs/architecture.md, entities): the identifiers of one entity are the ABNs
 * and ACNs its identity records carry (the ABR's record names the ACN as its ASIC number, ASIC's
 * names the ABN), so an ACN watch sees its ABN's events and a resolve by ABN finds the ACN's records.
 * Answers the identifiers given, then the ones they join to, each once. `withRemoved` also follows
 * identity records gone from the latest snapshot (an event about a record's removal is still the
 * entity's).
 */
export async function sameEntity(
  db: Db,
  partition: Partition,
  ids: { abns: readonly string[]; acns: readonly string[] },
  options: { withRemoved: boolean },
): Promise<{ abns: string[]; acns: string[] }> {
  const joined = { abns: new Set(ids.abns), acns: new Set(ids.acns) };
  const datasets = [...IDENTITY_DATASETS];
  const current = options.withRemoved ? '' : ' AND removed_at IS NULL';
  // One query per column, so each uses its own index (an OR across two columns may scan the table).
  for (const [column, values] of [
    ['abn', [...joined.abns]],
    ['acn', [...joined.acns]],
  ] as const) {
    for (let i = 0; i < values.length; i += IN_BATCH) {
      const batch = values.slice(i, i + IN_BATCH);
      const rows = await db.all<{ dataset: string; abn: string | null; acn: string | null }>(
        `SELECT dataset, abn, acn FROM source_records
         WHERE partition = ? AND ${column} IN (${batch.map(() => '?').join(', ')})
           AND dataset IN (${datasets.map(() => '?').join(', ')})${current}`,
        [partition, ...batch, ...datasets],
      );
      joinIdentifiers(joined, rows);
    }
  }
  return { abns: [...joined.abns], acns: [...joined.acns] };
}

/**
 * The join itself: the ABNs and ACNs the identity records among `records` carry are added to
 * `joined`. Also used on records already read (a resolve's), so the join is never written twice.
 */
export function joinIdentifiers(
  joined: { abns: Set<string>; acns: Set<string> },
  records: ReadonlyArray<{ dataset: string; abn: string | null; acn: string | null }>,
): void {
  for (const r of records) {
    if (!IDENTITY_DATASETS.has(r.dataset)) continue;
    if (r.abn) joined.abns.add(r.abn);
    if (r.acn) joined.acns.add(r.acn);
  }
}

export const entityQueries = {
  byIdentifiers: recordsByIdentifiers,
  ofEntity: recordsOfEntity,
  isKnown: isKnownIdentifier,
  leiMappings,
  sameEntity,
};
