import type { Partition } from '../ctx.ts';
import { newId } from '../ids.ts';
import type { ChangeEventRow } from '../store/change-events.ts';
import type { Store } from '../store/store.ts';
import { nextEventTime } from './event-clock.ts';
import { fanOut } from './fan-out.ts';
import type { DetectedChange } from './types.ts';

/** What recording changes adds up to: counted into an ingest's summary or a re-read's. */
export type EventTally = { events: number; events_by_type: Record<string, number>; deliveries: number };

export const emptyTally = (): EventTally => ({ events: 0, events_by_type: {}, deliveries: 0 });

/**
 * The one path by which change events enter the store (an ingest, the ABR re-read, the sandbox's
 * trigger): each change is stored as an event of its register and fanned out to a webhook delivery
 * for every subscription watching its entity, in the caller's transaction. An event must name an
 * entity someone can watch: one with neither an ABN nor an ACN is dropped. Times come from the
 * context's clock. Resolves to the ids of the deliveries queued (each one's webhook-id).
 */
export async function recordChanges(
  tx: Store,
  input: {
    clock: () => Date;
    changes: DetectedChange[];
    /** The register that raised them: its dataset and provenance code. */
    register: { dataset: string; source: string };
    partition: Partition;
    asOf: string | null;
    /** The ingest (or re-read) they come from; null for the sandbox's trigger. */
    ingestId: string | null;
    /** Deliveries to this account's subscriptions only (the sandbox's trigger). */
    onlyAccount?: string;
  },
  tally: EventTally = emptyTally(),
): Promise<string[]> {
  const deliveries: string[] = [];
  for (const change of input.changes) {
    const abn = change.entity.abn ?? null;
    const acn = change.entity.acn ?? null;
    if (!abn && !acn) continue;
    const event: ChangeEventRow = {
      id: newId('evt'),
      partition: input.partition,
      dataset: input.register.dataset,
      source: input.register.source,
      type: change.type,
      abn,
      acn,
      entity_name: change.entity.name ?? null,
      changes: change.changes,
      as_of: input.asOf,
      created_at: nextEventTime(input.clock),
      ingest_id: input.ingestId,
    };
    await tx.changeEvents.insert(event);
    const queued = await fanOut(tx, input.clock, event, input.onlyAccount);
    deliveries.push(...queued);
    tally.deliveries += queued.length;
    tally.events++;
    tally.events_by_type[change.type] = (tally.events_by_type[change.type] ?? 0) + 1;
  }
  return deliveries;
}
