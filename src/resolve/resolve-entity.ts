import type { CallerCtx } from '../ctx.ts';
import { entityRecords } from '../entities/entity-lookup.ts';
import { identityRecords, requireCheckDigits, requireNameIndex } from '../entities/identity-source.ts';
import { type RegistersState, registersState } from '../entities/registers-state.ts';
import type { AbrClient } from '../registers/abr-web/client.ts';
import { type ScreenServices, screenEntity } from '../screen/screen-entity.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import { enrichmentBlocks } from './blocks.ts';
import { canonicalRecord } from './canonical.ts';
import {
  type Candidate,
  DISCLAIMER,
  INCLUDE_BLOCKS,
  type ResolveRequest,
  type ResolveResponse,
} from './schemas.ts';
import { emptyScreening, screeningBlock } from './screening-block.ts';
import { searchNames } from './search-names.ts';
import { slots } from './slots.ts';

export type ResolveServices = ScreenServices & { abr: AbrClient | undefined };

/** POST /v1/resolve (docs/decisions.md, contract summary §4.1): an ABN, ACN or name in, ranked candidates with the canonical record out. */
export async function resolveEntity({
  ctx,
  input,
  services,
}: {
  ctx: Pick<CallerCtx, 'store' | 'caller' | 'clock'>;
  input: ResolveRequest;
  services: ResolveServices;
}): Promise<ResolveResponse> {
  const include = new Set(input.include ?? INCLUDE_BLOCKS);
  // What was sent, as read (spaces stripped from identifiers), without defaults added.
  const query = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (input.name !== undefined) {
    // Names are searched in the local copies of the registers only: with none loaded, "no candidates"
    // would be said by no source at all.
    requireNameIndex(ctx.caller.partition, await registersState(ctx.store, ctx.caller.partition));
    const hits = await searchNames({
      ctx,
      input: { name: input.name, state: input.state, postcode: input.postcode, mode: input.mode ?? 'fuzzy' },
    });
    // One candidate per entity: a name found in several registers (the ABR's and GLEIF's, say),
    // or found by ACN in one and by ABN in another, is the same entity, ranked where it first comes.
    const candidates: Candidate[] = [];
    const seen = new Set<string>();
    for (const hit of hits) {
      const hitKey = hit.abn ? `abn:${hit.abn}` : `acn:${hit.acn}`;
      if (seen.has(hitKey)) continue;
      seen.add(hitKey);
      const c = await candidateFor(
        ctx,
        { abn: hit.abn ?? undefined, acn: hit.abn ? undefined : (hit.acn ?? undefined) },
        include,
        services,
      );
      if (!c) continue;
      const ids = [c.canonical.abn.value, c.canonical.acn.value]
        .map((v, i) => (typeof v === 'string' ? `${i === 0 ? 'abn' : 'acn'}:${v}` : null))
        .filter((k): k is string => k !== null);
      if (ids.some((k) => k !== hitKey && seen.has(k))) continue;
      for (const k of ids) seen.add(k);
      candidates.push({ ...c, match_confidence: hit.confidence, match_signals: hit.signals });
    }
    return { query, candidates, disclaimer: DISCLAIMER };
  }
  const id = input.abn ? { abn: input.abn } : { acn: input.acn };
  requireCheckDigits(id);
  const candidate = await candidateFor(ctx, id, include, services, true);
  return {
    query,
    candidates: candidate
      ? [
          {
            ...candidate,
            match_confidence: 100,
            match_signals: { exact_identifier: input.abn ? 'abn' : 'acn' },
          },
        ]
      : [],
    disclaimer: DISCLAIMER,
  };
}

async function candidateFor(
  ctx: Pick<CallerCtx, 'store' | 'caller' | 'clock'>,
  id: { abn?: string; acn?: string },
  include: Set<(typeof INCLUDE_BLOCKS)[number]>,
  services: ResolveServices,
  consultUpstream = false,
): Promise<Candidate | null> {
  const { partition } = ctx.caller;
  const state = await registersState(ctx.store, partition);
  const records = consultUpstream
    ? await identityRecords(ctx, id, state, services)
    : await entityRecords(ctx.store, partition, id);
  if (records.length === 0) return null;

  const known = new Map<string, boolean>();
  const resolvable = (x: { abn: string | null; acn: string | null }) =>
    known.get(`${x.abn}|${x.acn}`) ?? false;
  const { records: inSlot } = slots(records, state);
  for (const r of inSlot('canonical.related_entities')) {
    for (const t of (r.data.trustees as Array<{ abn: string | null; acn: string | null }>) ?? []) {
      known.set(`${t.abn}|${t.acn}`, await ctx.store.entities.isKnown(partition, t));
    }
  }
  const { canonical, conflicts, provenanceComplete } = canonicalRecord(records, state, resolvable);
  const abn = typeof canonical.abn.value === 'string' ? canonical.abn.value : undefined;
  const acn = typeof canonical.acn.value === 'string' ? canonical.acn.value : undefined;
  const screening = include.has('screening')
    ? screeningBlock(
        await screenEntity({ ctx, input: abn ? { abn } : { acn }, services, known: { records, state } }),
        records,
        state,
      )
    : emptyScreening();
  return {
    match_confidence: 100,
    match_signals: {},
    canonical,
    conflicts,
    provenance_complete: provenanceComplete,
    ...enrichmentBlocks(records, state, include, await mappingsOf(ctx, records, state)),
    screening,
  };
}

/** GLEIF's mapping-file entries for the entity's LEI, if it has one. */
async function mappingsOf(
  ctx: Pick<CallerCtx, 'store' | 'caller'>,
  records: EntityRecord[],
  state: RegistersState,
) {
  const lei = slots(records, state).records('external_ids.lei')[0]?.key;
  return lei ? ctx.store.entities.leiMappings(ctx.caller.partition, lei) : [];
}
