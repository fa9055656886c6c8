import { newId } from '../ids.ts';
import type { ChangeEventRow } from '../store/change-events.ts';
import type { Store } from '../store/store.ts';

/** The webhook body (docs/decisions.md, watch subscriptions and webhooks): also what polling returns as `payload`. */
export type WebhookBody = {
  id: string;
  type: string;
  created_at: string;
  subscription_id: string;
  entity: { abn: string | null; acn: string | null; name: string | null };
  data: {
    changes: Array<{ field: string; old: unknown; new: unknown; source: string; as_of: string | null }>;
  };
};

/**
 * One delivery per subscription (its id, the webhook-id, is returned) that watches the event's
 * entity, under either of its identifiers (an ACN watch sees its ABN's events and the reverse), and
 * chose its type. Written in the caller's transaction (the same one as the event), so an event is
 * never recorded without its deliveries, and it must be a transaction: the delivery times are
 * serialised until it ends. A subscription's repeated fan-out of one event inserts nothing.
 */
export async function fanOut(
  tx: Store,
  clock: () => Date,
  event: ChangeEventRow,
  onlyAccount?: string,
): Promise<string[]> {
  const ids = await tx.entities.sameEntity(
    event.partition,
    { abns: event.abn ? [event.abn] : [], acns: event.acn ? [event.acn] : [] },
    // The event may be about a record's removal: the entity is still the same.
    { withRemoved: true },
  );
  const entity = { abn: ids.abns[0] ?? null, acn: ids.acns[0] ?? null };
  const subscriptions = (await tx.subscriptions.watching(event.partition, [...ids.abns, ...ids.acns])).filter(
    (s) =>
      (!onlyAccount || s.account_id === onlyAccount) &&
      (JSON.parse(s.events) as string[]).includes(event.type),
  );
  const written: string[] = [];
  if (subscriptions.length === 0) return written;
  // Polling pages by created_at: the times are chosen under the delivery writers' lock.
  const nextTime = await tx.deliveries.times(clock);
  for (const sub of subscriptions) {
    const id = newId('evt');
    const createdAt = nextTime();
    const body: WebhookBody = {
      id,
      type: event.type,
      created_at: createdAt,
      subscription_id: sub.id,
      entity: { abn: entity.abn, acn: entity.acn, name: event.entity_name },
      data: {
        changes: event.changes.map((c) => ({
          field: c.field,
          old: c.old,
          new: c.new,
          source: event.source,
          as_of: event.as_of,
        })),
      },
    };
    const inserted = await tx.deliveries.insert({
      id,
      account_id: sub.account_id,
      partition: event.partition,
      subscription_id: sub.id,
      change_event_id: event.id,
      type: event.type,
      entity_abn: entity.abn,
      entity_acn: entity.acn,
      payload: JSON.stringify(body),
      created_at: createdAt,
      status: sub.status === 'paused' ? 'paused' : 'pending',
      attempts: 0,
      response_code: null,
      next_attempt_at: createdAt,
      locked_until: null,
      last_error: null,
    });
    if (inserted) written.push(id);
  }
  return written;
}
