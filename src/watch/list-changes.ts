import type { CallerCtx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { validateIdentifier } from '../identifiers/validate-identifier.ts';

export type ChangeEntry = {
  event_id: string;
  type: string;
  payload: string;
  created_at: string;
  subscription_id: string;
  delivery_status: 'pending' | 'delivered' | 'failed' | 'paused';
  response_code: number | null;
  attempts: number;
};

/**
 * Polling (docs/decisions.md, contract summary §4.5): every delivery of the caller's subscriptions for the entity (by ABN or ACN),
 * strictly after `since`, oldest first. `created_at` values are unique and strictly increasing
 * (microseconds), so passing `next_cursor` back as `since` never skips or repeats an entry.
 */
export async function listChanges({
  ctx,
  input,
}: {
  ctx: Pick<CallerCtx, 'store' | 'caller'>;
  input: { id: string; since: string; limit: number };
}): Promise<{ changes: ChangeEntry[]; next_cursor: string | null }> {
  const v = validateIdentifier(input.id);
  if (!v.valid) {
    throw new AppError('invalid_request', `${input.id} is not a valid ABN or ACN.`, {
      code: v.reason,
      param: 'id',
    });
  }
  const since = toMicros(input.since);
  // One more than asked tells whether this is the final page.
  const rows = await ctx.store.deliveries.forEntity(
    ctx.caller.accountId,
    ctx.caller.partition,
    v.normalized,
    since,
    input.limit + 1,
  );
  const changes = rows.slice(0, input.limit).map((r) => ({
    event_id: r.id,
    type: r.type,
    payload: r.payload,
    created_at: r.created_at,
    subscription_id: r.subscription_id,
    delivery_status: r.status,
    response_code: r.response_code === null ? null : Number(r.response_code),
    attempts: Number(r.attempts),
  }));
  const last = changes[changes.length - 1];
  return { changes, next_cursor: rows.length > input.limit && last ? last.created_at : null };
}

/**
 * `since` in the stored form (`YYYY-MM-DDTHH:MM:SS.ffffffZ`, UTC) so the text comparison is exact:
 * an offset is converted, missing fractions are zeros, microseconds given are kept.
 */
function toMicros(since: string): string {
  const fraction = /\.(\d+)/.exec(since)?.[1] ?? '';
  const iso = new Date(since).toISOString(); // millisecond precision, UTC
  const micros = fraction.length > 3 ? fraction.slice(3, 6).padEnd(3, '0') : '000';
  return `${iso.slice(0, 23)}${micros}Z`;
}
