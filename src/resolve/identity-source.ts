import type { Partition } from '../ctx.ts';
import { AppError } from '../errors.ts';
import type { AbrClient } from '../registers/abr-web/client.ts';
import type { AbrEntity } from '../registers/abr-web/entity.ts';
import { AbrAuthError, isUpstreamOutage } from '../registers/abr-web/errors.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import type { RegistersState } from './registers-state.ts';
import type { SandboxSimulation } from './sandbox-simulation.ts';

/**
 * Where the identity fields come from (decisions.md, resolve): the sandbox fixtures for test keys;
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
      throw error;
    }
  }
  if (!state.loaded('abr-bulk') && !state.loaded('asic-companies')) {
    throw new AppError(
      'upstream_unavailable',
      'The live register mirror has never been loaded (aevs ingest abr-bulk … and asic-companies …), and no ABR web-services GUID is configured; nothing can be looked up.',
      { code: 'mirror_not_loaded' },
    );
  }
  return null;
}

/** An ABR web-services answer in the shape of an ABN Bulk Extract record, so one merge serves both. */
function abrRecord(e: AbrEntity): EntityRecord {
  return {
    dataset: 'abr-bulk',
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
