import type { CallerCtx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { eventClock } from '../events/event-clock.ts';
import type { EventType, FieldChange } from '../events/types.ts';
import { validateIdentifier } from '../identifiers/validate-identifier.ts';
import { newId } from '../ids.ts';
import { insertChangeEvent } from '../store/change-events.ts';
import { recordsByIdentifiers } from '../store/entity-records.ts';
import { fanOut } from './fan-out.ts';

/**
 * What each event type looks like when a register raises it: the register (dataset and source code)
 * and the field changes its adapter reports, so that a sandbox event reads like a real one. `name`
 * is the entity's name.
 */
const AS_RAISED: Record<
  EventType,
  (name: string) => { dataset: string; source: string; changes: FieldChange[] }
> = {
  deregistration: () => ({
    dataset: 'asic-companies',
    source: 'asic',
    changes: [{ field: 'status', old: 'REGD', new: 'DRGD' }],
  }),
  name_change: (name) => ({
    dataset: 'asic-companies',
    source: 'asic',
    changes: [{ field: 'entity_name', old: name, new: `${name.replace(/ PTY LTD$/, '')} RENAMED PTY LTD` }],
  }),
  abn_cancelled: () => ({
    dataset: 'abr-bulk',
    source: 'abr',
    changes: [{ field: 'abn_status', old: 'ACT', new: 'CAN' }],
  }),
  gst_deregistered: () => ({
    dataset: 'abr-bulk',
    source: 'abr',
    changes: [{ field: 'gst_status', old: 'ACT', new: 'CAN' }],
  }),
  banned_match: (name) => ({
    dataset: 'asic-banned-orgs',
    source: 'asic',
    changes: [{ field: 'listed_name', old: null, new: name }],
  }),
  sanctions_match: (name) => ({
    dataset: 'dfat',
    source: 'dfat',
    changes: [{ field: 'listed_name', old: null, new: name }],
  }),
  external_administration: () => ({
    dataset: 'asic-companies',
    source: 'asic',
    changes: [{ field: 'status', old: 'REGD', new: 'EXAD' }],
  }),
  bankruptcy_petition_filed: () => ({
    dataset: 'npii',
    source: 'afsa',
    changes: [{ field: 'proceeding_type', old: null, new: 'Creditors Petition' }],
  }),
  charity_status_change: () => ({
    dataset: 'acnc',
    source: 'acnc',
    changes: [{ field: 'charity_status', old: 'Registered', new: null }],
  }),
  licensing_change: () => ({
    dataset: 'afs-licensees',
    source: 'asic',
    changes: [{ field: 'licence_status', old: 'Current', new: 'Cancelled' }],
  }),
  professional_registration_change: () => ({
    dataset: 'registered-liquidators',
    source: 'asic',
    changes: [{ field: 'registration_status', old: 'Registered', new: 'Cancelled' }],
  }),
  relationship_change: () => ({
    dataset: 'trustees',
    source: 'trustees',
    changes: [
      {
        field: 'trustees',
        old: [{ name: 'SANDBOX OLD TRUSTEE PTY LTD', abn: null, acn: null }],
        new: [{ name: 'SANDBOX NEW TRUSTEE PTY LTD', abn: null, acn: null }],
      },
    ],
  }),
  austrac_roll_change: () => ({
    dataset: 'austrac',
    source: 'austrac',
    changes: [{ field: 'status', old: null, new: 'Registered' }],
  }),
};

/**
 * POST /v1/sandbox/events (decisions.md, sandbox): a synthetic change event for a sandbox entity,
 * delivered to the calling account's matching subscriptions exactly as a real change would be: the
 * register, source and field changes are those a real event of the type carries (AS_RAISED).
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
  const raised = AS_RAISED[input.type](main.name);
  const event = {
    id: newId('evt'),
    partition: 'sandbox' as const,
    dataset: raised.dataset,
    source: raised.source,
    type: input.type,
    abn: main.abn,
    acn: main.acn,
    entity_name: main.name,
    changes: raised.changes,
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
