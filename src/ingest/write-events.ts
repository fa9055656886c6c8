import type { Partition } from '../ctx.ts';
import { eventClock } from '../events/event-clock.ts';
import type { DetectedChange } from '../events/types.ts';
import { newId } from '../ids.ts';
import type { RegisterAdapter } from '../registers/types.ts';
import { type ChangeEventRow, insertChangeEvent } from '../store/change-events.ts';
import type { Db } from '../store/db.ts';
import { fanOut } from '../watch/fan-out.ts';

/** What writing events adds up to: counted into an ingest's summary or a re-read's. */
export type EventTally = { events: number; events_by_type: Record<string, number>; deliveries: number };

/**
 * Stores the change events a register's records produced and queues their webhook deliveries for
 * the subscriptions watching each entity, in the caller's transaction. An event must name an entity
 * someone can watch: one with neither an ABN nor an ACN is dropped.
 */
export async function writeChangeEvents(
  tx: Db,
  changes: DetectedChange[],
  meta: {
    adapter: Pick<RegisterAdapter, 'dataset' | 'source'>;
    partition: Partition;
    asOf: string | null;
    ingestId: string;
  },
  tally: EventTally,
): Promise<void> {
  for (const change of changes) {
    const abn = change.entity.abn ?? null;
    const acn = change.entity.acn ?? null;
    if (!abn && !acn) continue;
    const event: ChangeEventRow = {
      id: newId('evt'),
      partition: meta.partition,
      dataset: meta.adapter.dataset,
      source: meta.adapter.source,
      type: change.type,
      abn,
      acn,
      entity_name: change.entity.name ?? null,
      changes: change.changes,
      as_of: meta.asOf,
      created_at: eventClock.next(),
      ingest_id: meta.ingestId,
    };
    await insertChangeEvent(tx, event);
    tally.deliveries += (await fanOut(tx, event)).length;
    tally.events++;
    tally.events_by_type[change.type] = (tally.events_by_type[change.type] ?? 0) + 1;
  }
}
