import type { Partition } from '../ctx.ts';
import { ENTITY_NAME_DATASETS } from '../registers/index.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import type { Store } from '../store/store.ts';

/**
 * Every register's records for one entity, joined ABN↔ACN both ways (the store's same-entity join),
 * the records of the identifiers asked first. Kept by the process until the next ingest.
 */
export const entityRecords = (
  store: Store,
  partition: Partition,
  id: { abn?: string; acn?: string },
): Promise<EntityRecord[]> => store.entities.ofEntity(partition, id);

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
