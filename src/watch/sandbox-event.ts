import type { CallerCtx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { recordChanges } from '../events/record-changes.ts';
import type { EventType, FieldChange } from '../events/types.ts';
import { validateIdentifier } from '../identifiers/validate-identifier.ts';
import { identityRegister, REGISTERS } from '../registers/index.ts';
import type { RegisterAdapter } from '../registers/types.ts';

/**
 * The register that raises each event type in the sandbox, and the field changes it reports (its
 * adapter's example), so that a sandbox event reads like a real one.
 */
function asRaised(type: EventType, name: string) {
  const register = REGISTERS.find((r: RegisterAdapter) => r.sandboxExamples?.[type]) as RegisterAdapter;
  const example = register.sandboxExamples?.[type] as (name: string) => FieldChange[];
  return { dataset: register.dataset, source: register.source, changes: example(name) };
}

/**
 * POST /v1/sandbox/events (docs/decisions.md, sandbox): a synthetic change event for a sandbox entity,
 * delivered to the calling account's matching subscriptions exactly as a real change would be: the
 * register, source and field changes are those a real event of the type carries (asRaised).
 */
export async function triggerSandboxEvent({
  ctx,
  input,
}: {
  ctx: Pick<CallerCtx, 'store' | 'caller' | 'clock'>;
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
  const records = await ctx.store.entities.byIdentifiers(
    'sandbox',
    v.identifier_type === 'abn' ? { abns: [id], acns: [] } : { abns: [], acns: [id] },
  );
  const main =
    records.find((r) => r.dataset === identityRegister('abn').dataset) ??
    records.find((r) => r.dataset === identityRegister('acn').dataset) ??
    records[0];
  if (!main) {
    throw new AppError('not_found', `${id} is not a sandbox entity; see GET /v1/sandbox/scenarios.`, {
      param: 'identifier',
    });
  }
  const raised = asRaised(input.type, main.name);
  const deliveries = await ctx.store.transaction((tx) =>
    recordChanges(tx, {
      clock: ctx.clock,
      changes: [
        {
          type: input.type,
          entity: { abn: main.abn, acn: main.acn, name: main.name },
          changes: raised.changes,
        },
      ],
      register: raised,
      partition: 'sandbox',
      asOf: ctx.clock().toISOString().slice(0, 10),
      ingestId: null,
      onlyAccount: ctx.caller.accountId,
    }),
  );
  // The ids are the deliveries' own: each is the webhook-id of its webhook and the event_id polling shows.
  return {
    type: input.type,
    entity: { abn: main.abn, acn: main.acn, name: main.name },
    deliveries: deliveries.length,
    event_ids: deliveries,
  };
}
