import type { CallerCtx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { storedTime } from '../events/event-clock.ts';
import type { DeliveryRow } from '../store/deliveries.ts';
import type { DeliveryEntry } from './schemas.ts';

type DeliveriesCtx = Pick<CallerCtx, 'store' | 'caller' | 'clock'>;

/** A delivery as the changes feed shows it, with its entity and when its next attempt is due. */
export const presentDelivery = (r: DeliveryRow): DeliveryEntry => ({
  event_id: r.id,
  type: r.type as DeliveryEntry['type'],
  payload: r.payload,
  created_at: r.created_at,
  subscription_id: r.subscription_id,
  delivery_status: r.status,
  response_code: r.response_code === null ? null : Number(r.response_code),
  attempts: Number(r.attempts),
  entity: { abn: r.entity_abn, acn: r.entity_acn },
  next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
});

const noSubscription = (id: string) =>
  new AppError('not_found', `No subscription ${id} for this account.`, { param: 'id' });

async function requireSubscription(ctx: DeliveriesCtx, id: string) {
  const row = await ctx.store.subscriptions.find(ctx.caller.accountId, ctx.caller.partition, id);
  if (!row) throw noSubscription(id);
  return row;
}

const scopeOf = (ctx: DeliveriesCtx, subscriptionId: string) => ({
  accountId: ctx.caller.accountId,
  partition: ctx.caller.partition,
  subscriptionId,
});

/** A subscription's deliveries, newest first; `next_cursor` is passed back as `cursor`. */
export async function listDeliveries({
  ctx,
  input,
}: {
  ctx: DeliveriesCtx;
  input: { id: string; limit: number; cursor?: string | undefined };
}) {
  let before: string | null = null;
  if (input.cursor !== undefined) {
    before = Buffer.from(input.cursor, 'base64url').toString('utf8');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(before))
      throw new AppError('invalid_request', 'cursor is not one this API returned.', { param: 'cursor' });
  }
  await requireSubscription(ctx, input.id);
  const rows = await ctx.store.deliveries.forSubscription(scopeOf(ctx, input.id), before, input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(presentDelivery),
    next_cursor:
      rows.length > input.limit && last ? Buffer.from(last.created_at).toString('base64url') : null,
  };
}

/**
 * A new attempt now for a `failed` delivery, with the same id (its `webhook-id`). It is one more
 * attempt: should it fail too, the delivery is `failed` again (docs/decisions.md, resending a delivery).
 * On a paused subscription the delivery waits, `paused`, for the resume.
 */
export async function resendDelivery({
  ctx,
  input,
}: {
  ctx: DeliveriesCtx;
  input: { id: string; eventId: string };
}) {
  return ctx.store.transaction(async (tx) => {
    const scoped = { ...ctx, store: tx };
    const subscription = await requireSubscription(scoped, input.id);
    const delivery = await tx.deliveries.find(scopeOf(scoped, input.id), input.eventId);
    if (!delivery)
      throw new AppError('not_found', `No delivery ${input.eventId} for subscription ${input.id}.`, {
        param: 'event_id',
      });
    if (delivery.status !== 'failed') {
      throw new AppError(
        'conflict',
        `Delivery ${delivery.id} is ${delivery.status}: only a failed delivery can be resent.`,
        { code: 'not_failed', param: 'event_id' },
      );
    }
    const status = subscription.status === 'paused' ? 'paused' : 'pending';
    const now = storedTime(ctx.clock());
    await tx.deliveries.resend(delivery.id, status, now);
    return {
      delivery: presentDelivery({
        ...delivery,
        status,
        next_attempt_at: now,
        last_error: null,
        locked_until: null,
      }),
    };
  });
}
