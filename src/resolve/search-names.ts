import type { CallerCtx } from '../ctx.ts';
import { nameKey } from '../names/name-key.ts';
import { nameSimilarity, tokens } from '../names/similarity.ts';
import { identityRegister, sourceOf } from '../registers/index.ts';

export type NameHit = {
  abn: string | null;
  acn: string | null;
  confidence: number;
  signals: { matched_name: string; name_type: string; register: string; similarity: number };
};

/** Name-only matches are advisory: never above 90, below any identifier match (docs/decisions.md). */
export const NAME_CONFIDENCE_CAP = 90;
const MIN_SIMILARITY = 0.8;
const MAX_RESULTS = 10;

/**
 * Ranked fuzzy search over current, former, business and trading names. Similarity is token-set
 * Jaro-Winkler on normalised names (legal forms, `&`/AND, punctuation, order); active entities rank
 * above cancelled ones at equal similarity; `state` and `postcode` filter on the ABR location.
 */
export async function searchNames({
  ctx,
  input,
}: {
  ctx: Pick<CallerCtx, 'store' | 'caller'>;
  input: { name: string; state?: string; postcode?: string; mode: 'exact' | 'fuzzy' };
}): Promise<NameHit[]> {
  const { partition } = ctx.caller;
  const queryKey = nameKey(input.name);
  const queryTokens = queryKey === '' ? [] : queryKey.split(' ');
  const queryCompare = tokens(input.name);
  const best = new Map<string, NameHit>();
  for (const c of await ctx.store.names.candidates(partition, queryTokens)) {
    const exact = c.name_key === queryKey;
    if (input.mode === 'exact' && !exact) continue;
    const similarity = exact ? 1 : nameSimilarity(queryCompare, tokens(c.name));
    if (similarity < MIN_SIMILARITY) continue;
    const entity = c.abn ?? c.acn ?? '';
    const hit: NameHit = {
      abn: c.abn,
      acn: c.acn,
      confidence: Math.round(similarity * NAME_CONFIDENCE_CAP),
      signals: {
        matched_name: c.name,
        name_type: c.name_type,
        register: sourceOf(c.dataset),
        similarity: Math.round(similarity * 1000) / 1000,
      },
    };
    const previous = best.get(entity);
    if (!previous || hit.signals.similarity > previous.signals.similarity) best.set(entity, hit);
  }
  if (best.size === 0) return [];
  // Location and status come from the ABR and ASIC records of the best candidates.
  const hits = [...best.values()]
    .sort((a, b) => b.signals.similarity - a.signals.similarity)
    .slice(0, MAX_RESULTS * 3);
  const records = await ctx.store.entities.byIdentifiers(partition, {
    abns: hits.map((h) => h.abn).filter((a): a is string => !!a),
    acns: hits.map((h) => h.acn).filter((a): a is string => !!a),
  });
  const abrDataset = identityRegister('abn').dataset;
  const asicDataset = identityRegister('acn').dataset;
  const abrOf = (h: NameHit) =>
    records.find((r) => r.dataset === abrDataset && (r.abn === h.abn || (h.acn && r.acn === h.acn)));
  const active = (h: NameHit) => {
    const abr = abrOf(h);
    const asic = records.find(
      (r) => r.dataset === asicDataset && ((h.acn && r.acn === h.acn) || (h.abn && r.abn === h.abn)),
    );
    return (abr ? abr.status === 'ACT' : true) && (asic ? asic.status !== 'DRGD' : true);
  };
  return hits
    .filter((h) => {
      const abr = abrOf(h);
      if (input.state && abr?.data.state !== input.state) return false;
      if (input.postcode && abr?.data.postcode !== input.postcode) return false;
      return true;
    })
    .sort((a, b) => b.signals.similarity - a.signals.similarity || Number(active(b)) - Number(active(a)))
    .slice(0, MAX_RESULTS);
}
