import type { Partition } from '../ctx.ts';
import type { Store } from '../store/store.ts';

/** Which datasets are loaded in a partition and the as-of date of each loaded copy. */
export type RegistersState = {
  loaded: (dataset: string) => boolean;
  asOf: (dataset: string) => string | null;
  /** The id of the ingest that made the loaded copy: it changes whenever a newer copy is applied. */
  version: (dataset: string) => string;
};

export async function registersState(store: Store, partition: Partition): Promise<RegistersState> {
  const latest = new Map((await store.ingests.loadedCopies(partition)).map((i) => [i.dataset, i]));
  return {
    loaded: (d) => latest.has(d),
    asOf: (d) => latest.get(d)?.as_of ?? null,
    version: (d) => latest.get(d)?.id ?? '',
  };
}

/** A register date (`YYYY-MM-DD`) as ISO 8601 with a timezone, as provenance carries it. */
export const asOfTimestamp = (date: string | null | undefined): string | undefined =>
  date ? (date.length === 10 ? `${date}T00:00:00Z` : date) : undefined;
