import type { Partition } from '../ctx.ts';
import { ENTITY_NAME_DATASETS } from '../registers/index.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import { joinIdentifiers, type Store } from '../store/store.ts';

/**
 * Every register's records for one entity, joined ABN↔ACN both ways (the store's same-entity join):
 * the ABN's records give the ACN (ABR's ASIC number, ASIC's ABN column) and the ACN's records give
 * the ABN. The records of the identifiers asked come first, then those of the identifiers joined.
 */
export async function entityRecords(
  store: Store,
  partition: Partition,
  id: { abn?: string; acn?: string },
): Promise<EntityRecord[]> {
  const asked = { abns: id.abn ? [id.abn] : [], acns: id.acn ? [id.acn] : [] };
  const records = await store.entities.byIdentifiers(partition, asked);
  const joined = { abns: new Set(asked.abns), acns: new Set(asked.acns) };
  joinIdentifiers(joined, records);
  const more = {
    abns: [...joined.abns].filter((a) => a !== id.abn),
    acns: [...joined.acns].filter((a) => a !== id.acn),
  };
  if (more.abns.length + more.acns.length === 0) return records;
  const seen = new Set(records.map((r) => `${r.dataset}|${r.key}`));
  const extra = await store.entities.byIdentifiers(partition, more);
  return [...records, ...extra.filter((r) => !seen.has(`${r.dataset}|${r.key}`))];
}

/** The names an entity is known by, for screening: current, former, business, trading, individual. */
export function entityNames(records: EntityRecord[]): string[] {
  const names = new Map<string, string>();
  const add = (n: string | null | undefined) => {
    if (n && !names.has(n.toUpperCase())) names.set(n.toUpperCase(), n);
  };
  for (const r of records) {
    if (!ENTITY_NAME_DATASETS.has(r.dataset)) continue;
    add(r.name);
    for (const n of r.names)
      if (['former', 'business', 'trading', 'other', 'individual'].includes(n.type)) add(n.name);
  }
  return [...names.values()];
}
