import type { Ctx } from '../ctx.ts';
import { newId } from '../ids.ts';
import { adapter as abrBulk } from '../registers/abr-bulk/parse.ts';
import type { AbrClient } from '../registers/abr-web/client.ts';
import type { AbrEntity } from '../registers/abr-web/entity.ts';
import { webEntityRecord } from '../registers/abr-web/to-source-record.ts';
import type { SourceRecord } from '../registers/types.ts';
import { toSourceRecord } from '../store/store.ts';
import { applyRecords } from './apply-records.ts';

/** How a re-read is recorded among the ingests: not a dataset of its own, so never a snapshot. */
export const REREAD = 'abr-reread';

export type RereadSummary = {
  id: string;
  /** The ABR update date that was read (YYYY-MM-DD). */
  date: string;
  watched: number;
  /** ABNs the ABR says changed on `date`, watched or not. */
  updated: number;
  /** Watched ABNs among them, each read again from the ABR. */
  read: number;
  changed: number;
  unchanged: number;
  /** ABNs the ABR no longer answers for, and records it answered that could not be read. */
  skipped: Array<{ abn: string; reason: string }>;
  events: number;
  events_by_type: Record<string, number>;
  deliveries: number;
};

/**
 * Between weekly bulk extracts: the watched ABNs the ABR reports as changed on `date`
 * (`SearchByUpdateEvent`) are read again from the web services, compared with the stored record and
 * stored, with their change events and webhook deliveries, in one transaction. Recorded as an
 * `abr-reread` ingest, so the next run knows which dates are done. An ABR outage throws (nothing is
 * recorded, so the date is tried again).
 */
export async function rereadWatched({
  ctx,
  input,
  abr,
  signal,
}: {
  ctx: Pick<Ctx, 'store' | 'clock'>;
  input: { date: string };
  abr: AbrClient;
  /** Checked between ABR reads: an aborted re-read throws before anything is stored. */
  signal?: AbortSignal;
}): Promise<RereadSummary> {
  const started = ctx.clock();
  const partition = 'live';
  const watched = await ctx.store.subscriptions.watchedAbns(partition);
  const updated = watched.size > 0 ? await abr.updatedAbns(input.date) : [];
  const due = [...new Set(updated)].filter((abn) => watched.has(abn)).sort();
  const skipped: RereadSummary['skipped'] = [];
  const entities: AbrEntity[] = [];
  for (const abn of due) {
    signal?.throwIfAborted();
    const entity = await abr.lookupAbn(abn);
    if (entity) entities.push(entity);
    else skipped.push({ abn, reason: 'the ABR has no record of this ABN' });
  }

  signal?.throwIfAborted();
  const id = newId('ing');
  return ctx.store.transaction(async (tx) => {
    // One re-read at a time: the second sees what the first stored and finds nothing new.
    await tx.ingests.lockRereads();
    const stored = new Map<string, SourceRecord>();
    if (entities.length > 0) {
      const keys = entities.map((e) => e.abn);
      for (const row of await tx.records.find(partition, abrBulk.dataset, keys)) {
        if (!row.removed_at) stored.set(row.record_key, toSourceRecord(row));
      }
    }
    const records: SourceRecord[] = [];
    for (const entity of entities) {
      const record = webEntityRecord(entity, stored.get(entity.abn) ?? null);
      if (typeof record === 'string') skipped.push({ abn: entity.abn, reason: record });
      else records.push(record);
    }
    const applied = await applyRecords(tx, {
      clock: ctx.clock,
      adapter: abrBulk,
      partition,
      ingestId: id,
      asOf: input.date,
      at: started.toISOString(),
      records,
    });
    const finished = ctx.clock();
    await tx.ingests.insert({
      id,
      partition,
      dataset: REREAD,
      files: JSON.stringify([`SearchByUpdateEvent ${input.date}`]),
      status: 'applied',
      as_of: input.date,
      started_at: started.toISOString(),
      finished_at: finished.toISOString(),
      rows_read: entities.length,
      inserted: applied.inserted,
      updated: applied.updated,
      unchanged: applied.unchanged,
      removed: 0,
      rejected: skipped.length,
      rejected_examples: JSON.stringify(skipped.slice(0, 10)),
      events: applied.events,
      error: null,
    });
    return {
      id,
      date: input.date,
      watched: watched.size,
      updated: updated.length,
      read: entities.length,
      changed: applied.inserted + applied.updated,
      unchanged: applied.unchanged,
      skipped,
      events: applied.events,
      events_by_type: applied.events_by_type,
      deliveries: applied.deliveries,
    };
  });
}
