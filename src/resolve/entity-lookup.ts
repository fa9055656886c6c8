import type { Partition } from '../ctx.ts';
import { ENTITY_NAME_DATASETS, IDENTITY_DATASETS } from '../registers/index.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import type { Store } from '../store/store.ts';

/**
 * Every register's records for one entity, joined ABN↔ACN both ways: the ABN's records give the
 * ACN (ABR's ASIC number, ASIC's ABN column) and the ACN's records give the ABN.
 */
export async function entityRecords(
  db: Store,
  partition: Partition,
  id: { abn?: string; acn?: string },
): Promise<EntityRecord[]> {
  const abns = new Set(id.abn ? [id.abn] : []);
  const acns = new Set(id.acn ? [id.acn] : []);
  let records = await db.entities.byIdentifiers(partition, { abns: [...abns], acns: [...acns] });
  const more = { abns: [] as string[], acns: [] as string[] };
  for (const r of records) {
    if (!IDENTITY_DATASETS.has(r.dataset)) continue;
    if (r.abn && !abns.has(r.abn)) more.abns.push(r.abn);
    if (r.acn && !acns.has(r.acn)) more.acns.push(r.acn);
  }
  if (more.abns.length + more.acns.length > 0) {
    const seen = new Set(records.map((r) => `${r.dataset}|${r.key}`));
    const extra = await db.entities.byIdentifiers(partition, more);
    records = [...records, ...extra.filter((r) => !seen.has(`${r.dataset}|${r.key}`))];
  }
  return records;
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
