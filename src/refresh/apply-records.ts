import { createHash } from 'node:crypto';
import type { Partition } from '../ctx.ts';
import { eventClock } from '../events/event-clock.ts';
import { newId } from '../ids.ts';
import { nameKey } from '../names/name-key.ts';
import type { RegisterAdapter, SourceRecord } from '../registers/types.ts';
import { insertChangeEvent } from '../store/change-events.ts';
import type { Db } from '../store/db.ts';
import {
  deleteNames,
  findRecords,
  insertNames,
  insertRecords,
  replaceRecord,
  toSourceRecord,
} from '../store/source-records.ts';
import { fanOut } from '../watch/fan-out.ts';

export type Applied = {
  inserted: number;
  updated: number;
  unchanged: number;
  events: number;
  events_by_type: Record<string, number>;
  deliveries: number;
};

const hashOf = (r: SourceRecord, namesJson: string, dataJson: string) =>
  createHash('sha1')
    .update(
      `${r.abn}\u0000${r.acn}\u0000${r.name}\u0000${r.status}\u0000${r.asOf}\u0000${namesJson}\u0000${dataJson}`,
    )
    .digest('base64');

/**
 * Some records of a dataset, not a snapshot: each is compared with the stored copy, stored when it
 * differs, and its change events (the adapter's diff) written and fanned out, in the caller's
 * transaction. Records not given are left as they are.
 */
export async function applyRecords(
  tx: Db,
  input: {
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
      await findRecords(
        tx,
        partition,
        adapter.dataset,
        input.records.map((r) => r.key),
      )
    ).map((row) => [row.record_key, row]),
  );
  for (const record of input.records) {
    const namesJson = JSON.stringify(record.names);
    const dataJson = JSON.stringify(record.data);
    const hash = hashOf(record, namesJson, dataJson);
    const before = stored.get(record.key);
    if (before && before.content_hash === hash && !before.removed_at) {
      applied.unchanged++;
      continue;
    }
    const write = { partition, dataset: adapter.dataset, record, hash, namesJson, dataJson, at, ingestId };
    if (before) {
      await replaceRecord(tx, write);
      await deleteNames(tx, partition, adapter.dataset, record.key);
      applied.updated++;
    } else {
      await insertRecords(tx, [write]);
      applied.inserted++;
    }
    const keys = new Map<string, { name: string; type: string; key: string }>();
    for (const n of [{ name: record.name, type: 'main' }, ...record.names]) {
      const key = nameKey(n.name);
      if (key !== '' && !keys.has(`${n.type}|${key}`)) keys.set(`${n.type}|${key}`, { ...n, key });
    }
    await insertNames(
      tx,
      [...keys.values()].map((k) => ({ partition, dataset: adapter.dataset, record, ...k })),
    );
    const previous = before && !before.removed_at ? toSourceRecord(before) : null;
    for (const change of adapter.diff(previous, record)) {
      const abn = change.entity.abn ?? null;
      const acn = change.entity.acn ?? null;
      if (!abn && !acn) continue;
      const event = {
        id: newId('evt'),
        partition,
        dataset: adapter.dataset,
        source: adapter.source,
        type: change.type,
        abn,
        acn,
        entity_name: change.entity.name ?? null,
        changes: change.changes,
        as_of: input.asOf,
        created_at: eventClock.next(),
        ingest_id: ingestId,
      };
      await insertChangeEvent(tx, event);
      applied.deliveries += (await fanOut(tx, event)).length;
      applied.events++;
      applied.events_by_type[change.type] = (applied.events_by_type[change.type] ?? 0) + 1;
    }
  }
  return applied;
}
