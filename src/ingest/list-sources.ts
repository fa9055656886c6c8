import { basename } from 'node:path';
import type { Ctx, Partition } from '../ctx.ts';
import { REGISTERS } from '../registers/index.ts';

export type SourceStatus = {
  dataset: string;
  title: string;
  source: string;
  loaded: boolean;
  as_of: string | null;
  records: number;
  last_ingest_at: string | null;
  /** When `aevs sync` or the scheduler last looked at the source (live partition only). */
  last_sync_at: string | null;
  last_sync_status: 'synced' | 'unchanged' | 'failed' | null;
  /** Why the last sync failed; null when it did not. */
  last_sync_error: string | null;
  /** When the scheduler looks next; null unless the server syncs (AEVS_SYNC=on). */
  next_sync_at: string | null;
  last_ingest: {
    files: string[];
    inserted: number;
    updated: number;
    unchanged: number;
    removed: number;
    rejected: number;
    events: number;
  } | null;
};

/**
 * A file as callers see it: its name without the folders it was read from on the server (an
 * archive's entry keeps its path inside the archive: `extract.zip:2026/part1.xml`).
 */
export function shownName(name: string): string {
  // An archive's entries are named `archive.zip:entry`; anything else is a path, whose folders may
  // hold colons themselves.
  const zip = /\.zip:/i.exec(name);
  if (!zip) return basename(name);
  const end = zip.index + 4;
  return `${basename(name.slice(0, end))}${name.slice(end)}`;
}

/** Every dataset, loaded or not, for one partition: what the screening and resolve blocks can rely on. */
export async function listSources({
  ctx,
  input,
}: {
  ctx: Pick<Ctx, 'store'>;
  input: { partition: Partition; scheduled?: boolean };
}) {
  // Sync fills the live partition only (docs/sources.md). Its outcome is recorded after the ingest
  // it ran commits, so it is read first: a sync shown as done never comes with its ingest missing
  // (read side by side, on two connections, the ingests could be read first and the outcome after).
  const syncs = input.partition === 'live' ? await ctx.store.syncState.list('live') : [];
  const [ingests, counts] = await Promise.all([
    ctx.store.ingests.latest(input.partition),
    ctx.store.ingests.recordCounts(input.partition),
  ]);
  const syncOf = new Map(syncs.map((s) => [s.dataset, s]));
  const byDataset = new Map(ingests.map((i) => [i.dataset, i]));
  const countOf = new Map(counts.map((c) => [c.dataset, Number(c.n)]));
  return REGISTERS.map((adapter): SourceStatus => {
    const { dataset } = adapter;
    const last = byDataset.get(dataset);
    const sync = syncOf.get(dataset);
    return {
      dataset,
      title: adapter.title,
      source: adapter.source,
      loaded: last !== undefined,
      as_of: last?.as_of ?? null,
      records: countOf.get(dataset) ?? 0,
      last_ingest_at: last?.finished_at ?? null,
      last_sync_at: sync?.last_sync_at ?? null,
      last_sync_status: sync?.last_sync_status ?? null,
      last_sync_error: sync?.last_sync_error ?? null,
      next_sync_at: input.scheduled && sync?.last_sync_at ? (sync.next_sync_at ?? null) : null,
      last_ingest: last
        ? {
            files: (JSON.parse(last.files) as string[]).map(shownName),
            inserted: Number(last.inserted),
            updated: Number(last.updated),
            unchanged: Number(last.unchanged),
            removed: Number(last.removed),
            rejected: Number(last.rejected),
            events: Number(last.events),
          }
        : null,
    };
  });
}
