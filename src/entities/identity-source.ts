import type { CallerCtx, Partition } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { isValidAbn, isValidAcn } from '../identifiers/check-digits.ts';
import type { AbrClient } from '../registers/abr-web/client.ts';
import type { AbrEntity } from '../registers/abr-web/entity.ts';
import { AbrAuthError, AbrInvalidIdentifier, isUpstreamOutage } from '../registers/abr-web/errors.ts';
import { IDENTITY_DATASETS, identityRegister } from '../registers/index.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import { entityRecords } from './entity-lookup.ts';
import type { RegistersState } from './registers-state.ts';
import type { SandboxSimulation } from './sandbox-simulation.ts';

/** A well-formed ABN or ACN whose check digits fail is refused (400 `checksum`), not looked up. */
export function requireCheckDigits(id: { abn?: string | undefined; acn?: string | undefined }): void {
  if (id.abn && !isValidAbn(id.abn)) {
    throw new AppError('invalid_request', `${id.abn} is not a valid ABN: its check digits do not match.`, {
      code: 'checksum',
      param: 'abn',
    });
  }
  if (id.acn && !isValidAcn(id.acn)) {
    throw new AppError('invalid_request', `${id.acn} is not a valid ACN: its check digit does not match.`, {
      code: 'checksum',
      param: 'acn',
    });
  }
}

const mirrorNotLoaded = (what: string) =>
  new AppError(
    'upstream_unavailable',
    `The live register mirror has never been loaded (aevs ingest abr-bulk … and asic-companies …)${what}; nothing can be looked up.`,
    { code: 'mirror_not_loaded' },
  );

const mirrorLoaded = (state: RegistersState) => [...IDENTITY_DATASETS].some((d) => state.loaded(d));

/** Names are only searched in the local mirror: with a live one never loaded, a search is an outage. */
export function requireNameIndex(partition: Partition, state: RegistersState): void {
  if (partition === 'live' && !mirrorLoaded(state)) throw mirrorNotLoaded(', and names are searched in it');
}

/**
 * Everything the registers hold for an identifier, its identity fields read from the identity source
 * (which may answer 502): the source's own record first, then the other registers' records.
 */
export async function identityRecords(
  ctx: Pick<CallerCtx, 'store' | 'caller'>,
  id: { abn?: string; acn?: string },
  state: RegistersState,
  services: { abr: AbrClient | undefined; simulation: SandboxSimulation },
): Promise<EntityRecord[]> {
  const { partition } = ctx.caller;
  const live = await consultIdentitySource({
    partition,
    id,
    state,
    abr: services.abr,
    simulation: services.simulation,
  });
  const records = await entityRecords(
    ctx.store,
    partition,
    live ? { abn: live.abn ?? id.abn, acn: live.acn ?? id.acn } : id,
  );
  return live ? [live, ...records.filter((r) => r.dataset !== live.dataset)] : records;
}

/**
 * Where the identity fields come from (docs/decisions.md, resolve): the sandbox fixtures for test keys;
 * for live keys the ABR web services when a GUID is configured, else the local mirror of the ABN
 * Bulk Extract and ASIC datasets. An outage is a 502; a mirror never loaded is an outage too, since
 * "not found" may only be said by a source that was consulted.
 */
export async function consultIdentitySource(input: {
  partition: Partition;
  id: { abn?: string; acn?: string };
  state: RegistersState;
  abr: AbrClient | undefined;
  simulation: SandboxSimulation;
}): Promise<EntityRecord | null> {
  const { partition, id, state } = input;
  if (partition === 'sandbox') {
    if ([id.abn, id.acn].some((v) => v && input.simulation.outage.has(v))) {
      throw new AppError(
        'upstream_unavailable',
        'The identity source did not answer (simulated by this sandbox scenario). Retry later.',
        {
          code: 'simulated_outage',
        },
      );
    }
    return null;
  }
  if (input.abr) {
    try {
      const entity = id.abn ? await input.abr.lookupAbn(id.abn) : await input.abr.lookupAcn(id.acn ?? '');
      return entity ? abrRecord(entity) : null;
    } catch (error) {
      if (isUpstreamOutage(error) || error instanceof AbrAuthError) {
        throw new AppError('upstream_unavailable', 'The ABR web services did not answer. Retry later.', {
          code: 'abr_unavailable',
        });
      }
      if (error instanceof AbrInvalidIdentifier) throw new AppError('invalid_request', error.message);
      throw error;
    }
  }
  if (!mirrorLoaded(state)) throw mirrorNotLoaded(', and no ABR web-services GUID is configured');
  return null;
}

/** An ABR web-services answer in the shape of an ABN Bulk Extract record, so one merge serves both. */
function abrRecord(e: AbrEntity): EntityRecord {
  return {
    dataset: identityRegister('abn').dataset,
    key: e.abn,
    abn: e.abn,
    acn: e.acn,
    name: e.entity_name ?? '',
    names: [
      ...e.business_names.map((n) => ({ name: n.name, type: 'business' })),
      ...(e.trading_names ?? []).map((n) => ({ name: n.name, type: 'trading' })),
    ],
    status: e.abn_status === 'Active' ? 'ACT' : 'CAN',
    asOf: e.retrieved_at.slice(0, 10),
    data: {
      abn_status: e.abn_status === 'Active' ? 'ACT' : 'CAN',
      abn_status_from: e.abn_status_from,
      entity_type_code: e.entity_type_code,
      entity_type_text: e.entity_type_text,
      individual: e.individual
        ? {
            given: [e.individual.given, e.individual.other_given].filter(Boolean),
            family: e.individual.family,
          }
        : undefined,
      state: e.state,
      postcode: e.postcode,
      asic_number: e.acn,
      gst_status: e.gst_registered ? 'ACT' : null,
      gst_status_from: e.gst_from,
      source_note: 'ABR web services, read live',
    },
  };
}
