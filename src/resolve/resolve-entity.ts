import type { CallerCtx } from '../ctx.ts';
import type { AbrClient } from '../registers/abr-web/client.ts';
import type { ScreenResponse } from '../screen/schemas.ts';
import { type ScreenServices, screenEntity } from '../screen/screen-entity.ts';
import { type EntityRecord, isKnownIdentifier, leiMappings } from '../store/entity-records.ts';
import { enrichmentBlocks } from './blocks.ts';
import { canonicalRecord } from './canonical.ts';
import { entityRecords } from './entity-lookup.ts';
import { identityRecords, requireCheckDigits, requireNameIndex } from './identity-source.ts';
import { registersState } from './registers-state.ts';
import {
  type Candidate,
  DISCLAIMER,
  INCLUDE_BLOCKS,
  type ResolveRequest,
  type ResolveResponse,
} from './schemas.ts';
import { searchNames } from './search-names.ts';

export type ResolveServices = ScreenServices & { abr: AbrClient | undefined };

/** POST /v1/resolve (spec 4.1): an ABN, ACN or name in, ranked candidates with the canonical record out. */
export async function resolveEntity({
  ctx,
  input,
  services,
}: {
  ctx: Pick<CallerCtx, 'db' | 'caller' | 'clock'>;
  input: ResolveRequest;
  services: ResolveServices;
}): Promise<ResolveResponse> {
  const include = new Set(input.include ?? INCLUDE_BLOCKS);
  // What was sent, as read (spaces stripped from identifiers), without defaults added.
  const query = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (input.name !== undefined) {
    // Names are searched in the local copies of the registers only: with none loaded, "no candidates"
    // would be said by no source at all.
    requireNameIndex(ctx.caller.partition, await registersState(ctx.db, ctx.caller.partition));
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
  ctx: Pick<CallerCtx, 'db' | 'caller' | 'clock'>,
  id: { abn?: string; acn?: string },
  include: Set<(typeof INCLUDE_BLOCKS)[number]>,
  services: ResolveServices,
  consultUpstream = false,
): Promise<Candidate | null> {
  const { partition } = ctx.caller;
  const state = await registersState(ctx.db, partition);
  const records = consultUpstream
    ? await identityRecords(ctx, id, state, services)
    : await entityRecords(ctx.db, partition, id);
  if (records.length === 0) return null;

  const known = new Map<string, boolean>();
  const resolvable = (x: { abn: string | null; acn: string | null }) =>
    known.get(`${x.abn}|${x.acn}`) ?? false;
  for (const r of records.filter((r) => r.dataset === 'trustees')) {
    for (const t of (r.data.trustees as Array<{ abn: string | null; acn: string | null }>) ?? []) {
      known.set(`${t.abn}|${t.acn}`, await isKnownIdentifier(ctx.db, partition, t));
    }
  }
  const { canonical, conflicts, provenanceComplete } = canonicalRecord(records, state, resolvable);
  const abn = typeof canonical.abn.value === 'string' ? canonical.abn.value : undefined;
  const acn = typeof canonical.acn.value === 'string' ? canonical.acn.value : undefined;
  const screening = include.has('screening')
    ? screeningBlock(
        await screenEntity({ ctx, input: abn ? { abn } : { acn }, services, known: { records, state } }),
        records,
        state.asOf('asic-insolvency'),
        state.asOf('austrac'),
      )
    : emptyScreening();
  return {
    match_confidence: 100,
    match_signals: {},
    canonical,
    conflicts,
    provenance_complete: provenanceComplete,
    ...enrichmentBlocks(records, state, include, await mappingsOf(ctx, records)),
    screening,
  };
}

/** GLEIF's mapping-file entries for the entity's LEI, if it has one. */
async function mappingsOf(ctx: Pick<CallerCtx, 'db' | 'caller'>, records: EntityRecord[]) {
  const lei = records.find((r) => r.dataset === 'gleif')?.key;
  return lei ? leiMappings(ctx.db, ctx.caller.partition, lei) : [];
}

function emptyScreening(): Candidate['screening'] {
  const notComputed = 'Not computed: screening was not in `include`.';
  return {
    dfat_sanctions: { status: 'unavailable', checked_as_of: null, note: notComputed },
    asic_banned_org: { status: 'unavailable', matched_on: null, checked_as_of: null, note: notComputed },
    asic_banned_person: { note: notComputed },
    external_administration: { source: 'asic', checked_as_of: null, note: notComputed },
    bankruptcy_petition: { note: notComputed },
    austrac_reporting_entity: { source: 'austrac', checked_as_of: null, note: notComputed },
  };
}

/** The screen result in the resolve candidate's shape (spec 2.8). */
function screeningBlock(
  screen: ScreenResponse,
  records: EntityRecord[],
  insolvencyAsOf: string | null,
  austracAsOf: string | null,
): Candidate['screening'] {
  const { dfat_sanctions: dfat, asic_banned_org: org, asic_banned_person: person } = screen.results;
  const asic = records.find((r) => r.dataset === 'asic-companies');
  const appointments = records.filter((r) => r.dataset === 'asic-insolvency');
  const austrac = records.filter((r) => r.dataset === 'austrac');
  return {
    dfat_sanctions: { status: dfat.status, checked_as_of: dfat.checked_as_of, note: dfat.note },
    asic_banned_org: {
      status: org.status,
      matched_on: org.matches[0] ? `${org.matches[0].matched_on}: ${org.matches[0].list_entry.name}` : null,
      checked_as_of: org.checked_as_of,
      note: org.note,
    },
    asic_banned_person: {
      note: `${person.status}: ${person.note}${person.matches.length ? ` Matched: ${person.matches.map((m) => m.list_entry.name).join('; ')}.` : ''}`,
    },
    external_administration: {
      source: 'asic',
      checked_as_of: insolvencyAsOf ? `${insolvencyAsOf}T00:00:00Z` : null,
      note: appointments.length
        ? `In external administration: ${appointments.map((a) => `${a.data.appointment_type} from ${a.data.effective_date}`).join('; ')}.`
        : asic?.status === 'EXAD'
          ? 'ASIC lists the company as under external administration (EXAD).'
          : insolvencyAsOf
            ? 'No appointment in the loaded ASIC insolvency data.'
            : 'ASIC insolvency data is not loaded: not checked.',
    },
    bankruptcy_petition: {
      note: records.some((r) => r.dataset === 'npii')
        ? `Recorded on the National Personal Insolvency Index: ${records
            .filter((r) => r.dataset === 'npii')
            .map((r) => r.data.proceeding_type)
            .join('; ')}.`
        : 'The National Personal Insolvency Index has no free bulk source; only operator-loaded records are checked.',
    },
    austrac_reporting_entity: {
      source: 'austrac',
      checked_as_of: austracAsOf ? `${austracAsOf}T00:00:00Z` : null,
      note: austrac.length
        ? `On the ${austrac.map((a) => `${a.data.register} (${a.status})`).join('; ')}.`
        : austracAsOf
          ? 'Not on the loaded AUSTRAC register data.'
          : 'AUSTRAC data is not loaded: not checked.',
    },
  };
}
