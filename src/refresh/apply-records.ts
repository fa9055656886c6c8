import type { Partition } from '../ctx.ts';
import { type EventTally, recordChanges } from '../events/record-changes.ts';
import { nameKeys, serialise } from '../ingest/prepare.ts';
import type { RegisterAdapter, SourceRecord } from '../registers/types.ts';
import { holds, type Store, toSourceRecord } from '../store/store.ts';

export type Applied = EventTally & { inserted: number; updated: number; unchanged: number };

/**
 * Some records of a dataset, not a snapshot: each is compared with the stored copy, stored when it
 * differs, and its change events (the adapter's diff) written and fanned out, in the caller's
 * transaction. Records not given are left as they are.
 */
export async function applyRecords(
  tx: Store,
  input: {
    clock: () => Date;
    adapter: RegisterAdapter;
    partition: Partition;
    ingestId: string;
    asOf: string | null;
    at: string;
    records: SourceRecord[];
  },
): Promise<Applied> {
  const { adapter, partition, ingestId, at } = input;
  const applied: Applied = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    events: 0,
    events_by_type: {},
    deliveries: 0,
  };
  if (input.records.length === 0) return applied;
  const stored = new Map(
    (
      await tx.records.find(
        partition,
        adapter.dataset,
        input.records.map((r) => r.key),
      )
    ).map((row) => [row.record_key, row]),
  );
  for (const record of input.records) {
    const { namesJson, dataJson, fingerprint } = serialise(record);
    const before = stored.get(record.key);
    if (before && !before.removed_at && holds(before, { ...record, namesJson, dataJson, fingerprint })) {
      applied.unchanged++;
      continue;
    }
    const write = {
      partition,
      dataset: adapter.dataset,
      record,
      namesJson,
      dataJson,
      fingerprint,
      at,
      ingestId,
    };
    let recordId: number;
    if (before) {
      await tx.records.replace(write);
      await tx.records.deleteNames(before.id);
      recordId = before.id;
      applied.updated++;
    } else {
      [recordId] = (await tx.records.insert([write])) as [number];
      applied.inserted++;
    }
    await tx.records.insertNames(nameKeys(record).map((k) => ({ recordId, ...k })));
    const previous = before && !before.removed_at ? toSourceRecord(before) : null;
    await recordChanges(
      tx,
      {
        clock: input.clock,
        changes: adapter.diff(previous, record),
        register: adapter,
        partition,
        asOf: input.asOf,
        ingestId,
      },
      applied,
    );
  }
  return applied;
}
