import { newId } from '../ids.ts';
import type { ChangeEventRow } from '../store/change-events.ts';
import type { Db } from '../store/db.ts';
import { insertDelivery } from '../store/deliveries.ts';
import { subscriptionsWatching } from '../store/subscriptions.ts';
import { deliveryClock } from './delivery-clock.ts';

/** The webhook body (decisions.md): also what polling returns as `payload`. */
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
 * The other identifier of the same entity: a company's ABN for its ACN and the reverse, from the ABR
 * and ASIC records, so an ACN watch sees its ABN's events and an ABN watch its ACN's.
 */
async function sameEntity(db: Db, event: Pick<ChangeEventRow, 'partition' | 'abn' | 'acn'>) {
  const abn = new Set(event.abn ? [event.abn] : []);
  const acn = new Set(event.acn ? [event.acn] : []);
  for (const [column, values] of [
    ['abn', [...abn]],
    ['acn', [...acn]],
  ] as const) {
    for (const value of values) {
      const rows = await db.all<{ abn: string | null; acn: string | null }>(
        `SELECT abn, acn FROM source_records WHERE partition = ? AND ${column} = ? AND dataset IN ('abr-bulk', 'asic-companies')`,
        [event.partition, value],
      );
      for (const r of rows) {
        if (r.abn) abn.add(r.abn);
        if (r.acn) acn.add(r.acn);
      }
    }
  }
  return { abn: [...abn][0] ?? null, acn: [...acn][0] ?? null, all: [...abn, ...acn] };
}

/**
 * One delivery per subscription (its id, the webhook-id, is returned) that watches the event's entity and chose its type, written in the
 * caller's transaction (the same one as the event), so an event is never recorded without its
 * deliveries, and it must be a transaction: the delivery times are serialised until it ends. A subscription's repeated fan-out of one event inserts nothing.
 */
export async function fanOut(db: Db, event: ChangeEventRow, onlyAccount?: string): Promise<string[]> {
  const entity = await sameEntity(db, event);
  const subscriptions = (await subscriptionsWatching(db, event.partition, entity.all)).filter(
    (s) =>
      (!onlyAccount || s.account_id === onlyAccount) &&
      (JSON.parse(s.events) as string[]).includes(event.type),
  );
  const written: string[] = [];
  if (subscriptions.length === 0) return written;
  // Polling pages by created_at: the times are chosen under the delivery writers' lock.
  const nextTime = await deliveryClock(db);
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
    const inserted = await insertDelivery(db, {
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
