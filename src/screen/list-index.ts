import type { Partition } from '../ctx.ts';
import { nameSimilarity, tokens } from '../names/similarity.ts';
import type { SourceRecord } from '../registers/types.ts';
import type { Store } from '../store/store.ts';

export type ListName = { name: string; type: string; tokens: string[] };
export type ListEntry = { record: SourceRecord; names: ListName[] };
export type ListMatch = { entry: ListEntry; name: ListName; score: number };

/**
 * A screening list held in memory with a token index: candidates come from shared tokens and, for
 * typos, from tokens sharing their first three letters; only candidates are scored.
 */
export class ListIndex {
  readonly entries: ListEntry[];
  readonly #byToken = new Map<string, Set<number>>();
  readonly #byPrefix = new Map<string, Set<number>>();

  constructor(records: SourceRecord[]) {
    this.entries = records.map((record) => ({
      record,
      names: [{ name: record.name, type: 'primary' }, ...record.names]
        .map((n) => ({ ...n, tokens: tokens(n.name) }))
        .filter((n) => n.tokens.length > 0),
    }));
    this.entries.forEach((entry, i) => {
      for (const n of entry.names) {
        for (const t of n.tokens) {
          add(this.#byToken, t, i);
          if (t.length >= 3) add(this.#byPrefix, t.slice(0, 3), i);
        }
      }
    });
  }

  match(name: string, threshold: number): ListMatch[] {
    const query = tokens(name);
    if (query.length === 0) return [];
    // Candidates share tokens with the query; a token the list never uses is probably misspelt, and
    // its first three letters stand in for it. Only the candidates sharing the most are scored.
    const shared = new Map<number, number>();
    for (const t of query) {
      const exact = this.#byToken.get(t);
      const hits = exact ?? (t.length >= 3 ? this.#byPrefix.get(t.slice(0, 3)) : undefined);
      for (const i of hits ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    }
    const ranked = [...shared].sort((a, b) => b[1] - a[1]).slice(0, MAX_SCORED);
    const matches: ListMatch[] = [];
    for (const [i] of ranked) {
      const entry = this.entries[i];
      if (!entry) continue;
      let best: ListMatch | undefined;
      for (const n of entry.names) {
        // A weak alias needs a closer match before it counts.
        const score = nameSimilarity(query, n.tokens) * (n.type === 'alias_weak' ? 0.95 : 1);
        if (!best || score > best.score) best = { entry, name: n, score };
      }
      if (best && best.score >= threshold) matches.push(best);
    }
    return matches.sort((a, b) => b.score - a.score);
  }
}

const MAX_SCORED = 150;

function add(map: Map<string, Set<number>>, key: string, i: number) {
  const set = map.get(key);
  if (set) set.add(i);
  else map.set(key, new Set([i]));
}

/** Loaded list indexes per partition and dataset, rebuilt when a newer copy is ingested. */
export class ListIndexCache {
  readonly #cache = new Map<string, { version: string; index: ListIndex }>();

  async get(store: Store, partition: Partition, dataset: string, version: string): Promise<ListIndex> {
    const slot = `${partition}|${dataset}`;
    const cached = this.#cache.get(slot);
    if (cached?.version === version) return cached.index;
    const index = new ListIndex(await store.records.current(partition, dataset));
    this.#cache.set(slot, { version, index });
    return index;
  }
}
