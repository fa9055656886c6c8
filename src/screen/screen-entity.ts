import type { CallerCtx } from '../ctx.ts';
import { entityNames } from '../entities/entity-lookup.ts';
import { identityRecords, requireCheckDigits } from '../entities/identity-source.ts';
import { asOfTimestamp, type RegistersState, registersState } from '../entities/registers-state.ts';
import type { SandboxSimulation } from '../entities/sandbox-simulation.ts';
import { REVIEW_THRESHOLD } from '../names/align-names.ts';
import type { AbrClient } from '../registers/abr-web/client.ts';
import { SCREENING_LISTS } from '../registers/index.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import { compareBirthDate } from './date-of-birth.ts';
import { keptName, type ListIndexCache, type ListMatch, ScreenedName } from './list-index.ts';
import {
  type ListResult,
  SCREEN_DISCLAIMER,
  type ScreenRequest,
  type ScreenResponse,
  type ScreenStatus,
} from './schemas.ts';

export type ScreenServices = {
  lists: ListIndexCache;
  simulation: SandboxSimulation;
  /** The ABR web services, when configured: live identifiers are read from them. */
  abr: AbrClient | undefined;
};

/** A screening score at or above this is `review` (docs/screening.md). */
export { REVIEW_THRESHOLD };

/**
 * Screens names (given, or an identifier's names) against the DFAT list and ASIC's banned lists.
 * Outcomes are only review, no_match or unavailable; a list not loaded or past its freshness limit
 * is unavailable, never no_match.
 */
export async function screenEntity({
  ctx,
  input,
  services,
  known,
}: {
  ctx: Pick<CallerCtx, 'store' | 'caller' | 'clock'>;
  input: ScreenRequest;
  services: ScreenServices;
  /** What a caller (resolve) has already read for this entity, so it is not read twice. */
  known?: { records: EntityRecord[]; state: RegistersState };
}): Promise<ScreenResponse> {
  const { partition } = ctx.caller;
  const id = { abn: input.abn, acn: input.acn };
  if (!input.name) requireCheckDigits(id);
  const state = known?.state ?? (await registersState(ctx.store, partition));
  // An identifier is resolved to the entity's names through the identity source, as resolve does
  // (so an outage, or a live mirror never loaded, is a 502 here too).
  const records = input.name ? [] : (known?.records ?? (await identityRecords(ctx, id, state, services)));
  const names = input.name ? [input.name] : entityNames(records);
  // Each name is read into tokens once, for every list, when the first list that can be screened
  // needs them (none does when every list is unavailable).
  let prepared: Array<{ name: string; screened: ScreenedName }> | undefined;
  const preparedNames = () => {
    prepared ??= names.map((name) => ({ name, screened: new ScreenedName(keptName(name)) }));
    return prepared;
  };
  // Banned organisations are also found by ACN, which needs no name: the entity's, and the one asked.
  const acns = new Set([...records.map((r) => r.acn), input.acn].filter((a): a is string => !!a));
  const noNames =
    'No entity with this identifier is in the registers consulted, so no names could be screened. This is not a clearance.';
  const simulatedOutage =
    partition === 'sandbox' &&
    [input.abn, input.acn, ...records.flatMap((r) => [r.abn, r.acn])].some(
      (id) => id && services.simulation.unscreened.has(id),
    );

  const results = {} as ScreenResponse['results'];
  for (const list of SCREENING_LISTS) {
    const byAcn = list.byAcn === true && acns.size > 0;
    const unavailable =
      why(list, state, partition, ctx.clock(), simulatedOutage) ??
      (names.length === 0 && !byAcn ? noNames : null);
    if (unavailable) {
      results[list.list] = {
        status: 'unavailable',
        matches: [],
        checked_as_of: asOfTimestamp(state.asOf(list.dataset)) ?? null,
        note: unavailable,
      };
      continue;
    }
    const index = await services.lists.get(ctx.store, partition, list.dataset, state.version(list.dataset), {
      people: list.people === true,
    });
    const matches: ListResult['matches'] = [];
    const seen = new Set<string>();
    const push = (
      name: string,
      m: ListMatch | { entry: ListMatch['entry']; name: { name: string; type: string }; score: number },
    ) => {
      const comparison = 'comparison' in m ? m.comparison : undefined;
      const reference = m.entry.record.key;
      if (seen.has(reference)) return;
      seen.add(reference);
      const listedBirth = (m.entry.record.data.date_of_birth as string | null | undefined) ?? null;
      matches.push({
        name,
        reference,
        score: Math.round(m.score * 1000) / 1000,
        ...(comparison
          ? {
              explanation: {
                listed_name: m.name.name,
                aligned: comparison.aligned.map((a) => ({ ...a, score: Math.round(a.score * 1000) / 1000 })),
                unmatched: comparison.unmatched,
                legal_forms: comparison.legalForms,
              },
            }
          : {}),
        matched_on: m.name.type,
        list_entry: {
          name: m.entry.record.name,
          type:
            (m.entry.record.data.type as string | undefined) ??
            (m.entry.record.data.ban_type as string | undefined) ??
            null,
          listing:
            (m.entry.record.data.listing_information as string | undefined) ??
            (m.entry.record.data.start_date as string | undefined) ??
            null,
          date_of_birth: listedBirth,
        },
        ...(input.date_of_birth
          ? { date_of_birth_check: compareBirthDate(input.date_of_birth, listedBirth) }
          : {}),
      });
    };
    if (list.byAcn) {
      for (const entry of index.entries) {
        if (entry.record.acn && acns.has(entry.record.acn))
          push(entry.record.acn, { entry, name: { name: entry.record.acn, type: 'acn' }, score: 1 });
      }
    }
    for (const { name, screened } of preparedNames()) {
      for (const m of index.match(screened, REVIEW_THRESHOLD)) {
        if (input.entity_type && !fitsType(m, input.entity_type)) continue;
        push(name, m);
      }
    }
    // A check by ACN alone, with no names to screen, clears nothing: unavailable unless it matched.
    const status: ScreenStatus = matches.length ? 'review' : names.length ? 'no_match' : 'unavailable';
    results[list.list] = {
      status,
      matches,
      checked_as_of: asOfTimestamp(state.asOf(list.dataset)) ?? null,
      note:
        status === 'review'
          ? `${matches.length} entr${matches.length === 1 ? 'y' : 'ies'} on the ${list.title} came close enough to need a person's review.${birthNote(matches)}`
          : status === 'unavailable'
            ? noNames
            : `No name on the ${list.title} came close enough to need review. This is not a clearance.`,
    };
  }
  const statuses = Object.values(results).map((r) => r.status);
  const overall: ScreenStatus = statuses.includes('review')
    ? 'review'
    : statuses.includes('unavailable')
      ? 'unavailable'
      : 'no_match';
  return {
    query: Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    screened_names: names,
    overall,
    results,
    disclaimer: SCREEN_DISCLAIMER,
  };
}

function why(
  { dataset, maxAgeDays: limit }: { dataset: string; maxAgeDays: number },
  state: RegistersState,
  partition: string,
  now: Date,
  simulated: boolean,
): string | undefined {
  if (simulated) return 'Simulated for this sandbox scenario: the list was not checked.';
  if (!state.loaded(dataset)) return 'register not loaded: the list was not checked.';
  const asOf = state.asOf(dataset);
  // The sandbox is a fixed synthetic copy: freshness applies to live data only.
  if (
    partition === 'live' &&
    asOf &&
    (now.getTime() - Date.parse(`${asOf}T00:00:00Z`)) / 86_400_000 > limit
  ) {
    return `The loaded copy (as of ${asOf}) is older than ${limit} days: the list was not checked.`;
  }
  return undefined;
}

type IndexedList = { partition: string; dataset: string; parties: number; ms: number };

/**
 * Reads every loaded screening list of these partitions into its index, if its loaded copy has none
 * yet: the server does it at start and every minute after (docs/screening.md), so the first request
 * to screen after a start or a newer copy does not wait for it. Resolves to the lists indexed.
 */
export async function indexScreeningLists(
  store: CallerCtx['store'],
  lists: ListIndexCache,
  partitions: readonly CallerCtx['caller']['partition'][],
  /** Whether to stop before the next list (the server is shutting down). */
  stopped: () => boolean = () => false,
): Promise<IndexedList[]> {
  const indexed: IndexedList[] = [];
  for (const partition of partitions) {
    if (stopped()) break;
    const state = await registersState(store, partition);
    for (const list of SCREENING_LISTS) {
      if (stopped()) break;
      const version = state.version(list.dataset);
      if (!state.loaded(list.dataset) || lists.has(partition, list.dataset, version)) continue;
      const started = performance.now();
      const index = await lists.get(store, partition, list.dataset, version, {
        people: list.people === true,
      });
      indexed.push({
        partition,
        dataset: list.dataset,
        parties: index.entries.length,
        ms: Math.round(performance.now() - started),
      });
    }
  }
  return indexed;
}

/** What the dates of birth say, when the caller gave one: evidence for the reviewer, never a clearance. */
function birthNote(matches: ListResult['matches']): string {
  const checks = matches.map((m) => m.date_of_birth_check).filter((c) => c !== undefined);
  if (checks.length === 0) return '';
  const count = (c: string) => checks.filter((x) => x === c).length;
  return ` Date of birth: ${count('consistent')} consistent with the one given, ${count('inconsistent')} not, ${count('unknown')} not on the list; a different date of birth is evidence of a different person for the reviewer to weigh, not a clearance.`;
}

function fitsType(m: ListMatch, entityType: 'organisation' | 'individual'): boolean {
  const type = String(m.entry.record.data.type ?? '').toLowerCase();
  if (!type) return true;
  return entityType === 'individual' ? type === 'individual' : type !== 'individual';
}
