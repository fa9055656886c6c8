import type { CallerCtx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { eventClock } from '../events/event-clock.ts';
import type { EventType } from '../events/types.ts';
import { validateIdentifier } from '../identifiers/validate-identifier.ts';
import { newId } from '../ids.ts';
import { insertChangeEvent } from '../store/change-events.ts';
import { recordsByIdentifiers } from '../store/entity-records.ts';
import { fanOut } from './fan-out.ts';

/**
 * POST /v1/sandbox/events (decisions.md, sandbox): a synthetic change event for a sandbox entity,
 * delivered to the calling account's matching subscriptions exactly as a real change would be.
 */
export async function triggerSandboxEvent({
  ctx,
  input,
}: {
  ctx: Pick<CallerCtx, 'db' | 'caller' | 'clock'>;
  input: { identifier: string; type: EventType };
}) {
  if (ctx.caller.mode !== 'test') {
    throw new AppError('forbidden', 'Sandbox events are for test keys (svc_sk_test_…).', {
      code: 'test_key_required',
    });
  }
  const v = validateIdentifier(input.identifier);
  if (!v.valid) {
    throw new AppError('invalid_request', `${input.identifier} is not a valid ABN or ACN.`, {
      code: v.reason,
      param: 'identifier',
    });
  }
  const id = v.normalized;
  const records = await recordsByIdentifiers(
    ctx.db,
    'sandbox',
    v.identifier_type === 'abn' ? { abns: [id], acns: [] } : { abns: [], acns: [id] },
  );
  const main =
    records.find((r) => r.dataset === 'abr-bulk') ??
    records.find((r) => r.dataset === 'asic-companies') ??
    records[0];
  if (!main) {
    throw new AppError('not_found', `${id} is not a sandbox entity; see GET /v1/sandbox/scenarios.`, {
      param: 'identifier',
    });
  }
  const event = {
    id: newId('evt'),
    partition: 'sandbox' as const,
    dataset: 'sandbox',
    source: 'sandbox',
    type: input.type,
    abn: main.abn,
    acn: main.acn,
    entity_name: main.name,
    changes: [{ field: 'sandbox', old: null, new: `synthetic ${input.type} event` }],
    as_of: ctx.clock().toISOString().slice(0, 10),
    created_at: eventClock.next(),
    ingest_id: null,
  };
  const deliveries = await ctx.db.transaction(async (tx) => {
    await insertChangeEvent(tx, event);
    return fanOut(tx, event, ctx.caller.accountId);
  });
  // The ids are the deliveries' own: each is the webhook-id of its webhook and the event_id polling shows.
  return {
    type: event.type,
    entity: { abn: main.abn, acn: main.acn, name: main.name },
    deliveries: deliveries.length,
    event_ids: deliveries,
  };
}
