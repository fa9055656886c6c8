import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Ctx, Partition } from '../ctx.ts';
import { eventClock } from '../events/event-clock.ts';
import type { DetectedChange } from '../events/types.ts';
import { newId } from '../ids.ts';
import { nameKey } from '../names/name-key.ts';
import { FormatError, type RegisterAdapter, type SourceRecord } from '../registers/types.ts';
import { type ChangeEventRow, insertChangeEvent } from '../store/change-events.ts';
import type { Db } from '../store/db.ts';
import { hasApplied, insertIngest } from '../store/ingests.ts';
import {
  deleteNames,
  entitiesNamed,
  findRecords,
  insertNames,
  insertRecords,
  markRemoved,
  markSeen,
  type NameRow,
  type RecordWrite,
  replaceRecord,
  type StoredRecord,
  toSourceRecord,
  unseenRecords,
} from '../store/source-records.ts';
import { fanOut } from '../watch/fan-out.ts';

/** One file of a snapshot: a dataset published as several files (ABR's 20 XML files) is one snapshot. */
export type InputFile = { name: string; open: () => Promise<Readable>; modified?: Date };

export type IngestProgress = { file: string; rows: number; elapsedMs: number };

export type IngestSummary = {
  id: string;
  dataset: string;
  partition: Partition;
  files: string[];
  as_of: string | null;
  rows_read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  rejected: number;
  rejected_examples: Array<{ file: string; line: number; reason: string }>;
  events: number;
  events_by_type: Record<string, number>;
  /** Webhook deliveries queued for the subscriptions watching the changed entities. */
  deliveries: number;
  seconds: number;
};

export class IngestError extends Error {
  override name = 'IngestError';
}

const CHUNK = 500;
const MAX_EXAMPLES = 10;

/** The record serialised once: the JSON stored and the hash compared with the stored copy. */
const serialise = (r: SourceRecord) => {
  const namesJson = JSON.stringify(r.names);
  const dataJson = JSON.stringify(r.data);
  const hash = createHash('sha1')
    .update(
      `${r.abn}\u0000${r.acn}\u0000${r.name}\u0000${r.status}\u0000${r.asOf}\u0000${namesJson}\u0000${dataJson}`,
    )
    .digest('base64');
  return { namesJson, dataJson, hash };
};

const nameKeys = (r: SourceRecord) => {
  const seen = new Set<string>();
  const out: Array<{ name: string; type: string; key: string }> = [];
  for (const n of [{ name: r.name, type: 'main' }, ...r.names]) {
    const key = nameKey(n.name);
    if (key === '' || seen.has(`${n.type}|${key}`)) continue;
    seen.add(`${n.type}|${key}`);
    out.push({ ...n, key });
  }
  return out;
};

/**
 * Applies one full snapshot of a register to a partition, all of it or none of it: records are
 * compared with the stored copy (a content hash first, the adapter's diff second), change events
 * are written in the same transaction, and records absent from the snapshot are marked removed.
 * Re-applying the same snapshot changes nothing and writes no events.
 */
export async function ingest({
  ctx,
  input,
}: {
  ctx: Pick<Ctx, 'db' | 'clock'>;
  input: {
    adapter: RegisterAdapter;
    files: InputFile[];
    partition: Partition;
    onProgress?: (p: IngestProgress) => void;
  };
}): Promise<IngestSummary> {
  const { adapter, files, partition } = input;
  const id = newId('ing');
  const started = ctx.clock();
  const startedMs = performance.now();
  const summary: IngestSummary = {
    id,
    dataset: adapter.dataset,
    partition,
    files: files.map((f) => f.name),
    as_of: null,
    rows_read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    rejected: 0,
    rejected_examples: [],
    events: 0,
    events_by_type: {},
    deliveries: 0,
    seconds: 0,
  };
  const reject = (file: string, line: number, reason: string) => {
    summary.rejected++;
    if (summary.rejected_examples.length < MAX_EXAMPLES)
      summary.rejected_examples.push({ file, line, reason });
  };
  const now = started.toISOString();
  const newNameKeys = new Set<string>();

  let firstLoad = false;
  const writeEvents = async (tx: Db, changes: DetectedChange[]) => {
    if (firstLoad) return;
    for (const change of changes) {
      const abn = change.entity.abn ?? null;
      const acn = change.entity.acn ?? null;
      if (!abn && !acn) continue; // an event must name an entity someone can watch
      const event: ChangeEventRow = {
        id: newId('evt'),
        partition,
        dataset: adapter.dataset,
        source: adapter.source,
        type: change.type,
        abn,
        acn,
        entity_name: change.entity.name ?? null,
        changes: change.changes,
        as_of: summary.as_of,
        created_at: eventClock.next(),
        ingest_id: id,
      };
      await insertChangeEvent(tx, event);
      // Deliveries to the subscriptions watching this entity, in the same transaction.
      summary.deliveries += (await fanOut(tx, event)).length;
      summary.events++;
      summary.events_by_type[change.type] = (summary.events_by_type[change.type] ?? 0) + 1;
    }
  };

  const applyChunk = async (tx: Db, chunk: Array<{ record: SourceRecord; file: string; line: number }>) => {
    const stored = new Map<string, StoredRecord>();
    for (const row of await findRecords(tx, partition, adapter.dataset, [
      ...new Set(chunk.map((c) => c.record.key)),
    ])) {
      stored.set(row.record_key, row);
    }
    const unchanged: string[] = [];
    const inserts: RecordWrite[] = [];
    const names: NameRow[] = [];
    for (const { record, file, line } of chunk) {
      const before = stored.get(record.key);
      const { hash, namesJson, dataJson } = serialise(record);
      const write = {
        partition,
        dataset: adapter.dataset,
        record,
        hash,
        namesJson,
        dataJson,
        at: now,
        ingestId: id,
      };
      if (before?.seen_ingest === id) {
        reject(file, line, `record ${record.key} appears twice in this snapshot; the first is kept`);
        continue;
      }
      if (before && before.content_hash === hash && !before.removed_at) {
        unchanged.push(record.key);
        before.seen_ingest = id;
        continue;
      }
      const previous = before && !before.removed_at ? toSourceRecord(before) : null;
      if (before) {
        await replaceRecord(tx, write);
        summary.updated++;
        before.seen_ingest = id;
        await deleteNames(tx, partition, adapter.dataset, record.key);
      } else {
        inserts.push(write);
        summary.inserted++;
        stored.set(record.key, { seen_ingest: id } as StoredRecord);
      }
      const keys = nameKeys(record);
      for (const k of keys) names.push({ partition, dataset: adapter.dataset, record, ...k });
      if (adapter.nameMatchEvent) {
        const old = new Set(previous ? nameKeys(previous).map((k) => k.key) : []);
        for (const k of keys) if (!old.has(k.key)) newNameKeys.add(k.key);
      }
      await writeEvents(tx, adapter.diff(previous, record));
    }
    // New records and names go in as multi-row inserts: one statement per batch, not per row.
    await insertRecords(tx, inserts);
    await insertNames(tx, names);
    summary.unchanged += unchanged.length;
    if (unchanged.length) await markSeen(tx, partition, adapter.dataset, unchanged, id);
  };

  try {
    await ctx.db.transaction(async (tx) => {
      // A dataset's first load in a partition is not a change: nothing was there to change from.
      firstLoad = !(await hasApplied(tx, partition, adapter.dataset));
      for (const file of files) {
        let chunk: Array<{ record: SourceRecord; file: string; line: number }> = [];
        let rows = 0;
        const stream = await file.open();
        try {
          for await (const item of adapter.parse(stream, { fileName: file.name })) {
            if (item.kind === 'snapshot') {
              summary.as_of ??= item.asOf;
              continue;
            }
            rows++;
            summary.rows_read++;
            // Without a date in the file itself, the snapshot is as of the file's own date.
            if (summary.as_of === null && file.modified)
              summary.as_of = file.modified.toISOString().slice(0, 10);
            if (item.kind === 'rejected') {
              reject(file.name, item.line, item.reason);
              continue;
            }
            chunk.push({ record: item.record, file: file.name, line: item.line });
            if (chunk.length >= CHUNK) {
              await applyChunk(tx, chunk);
              chunk = [];
            }
            if (rows % 10_000 === 0) {
              input.onProgress?.({
                file: file.name,
                rows: summary.rows_read,
                elapsedMs: performance.now() - startedMs,
              });
            }
          }
        } finally {
          stream.destroy();
        }
        if (chunk.length) await applyChunk(tx, chunk);
        input.onProgress?.({
          file: file.name,
          rows: summary.rows_read,
          elapsedMs: performance.now() - startedMs,
        });
      }
      if (summary.rows_read > 0 && summary.inserted + summary.updated + summary.unchanged === 0) {
        throw new IngestError(
          `${files.map((f) => f.name).join(', ')}: no row could be read as ${adapter.title} (${summary.rejected} rejected); the stored copy is unchanged`,
        );
      }

      // A full snapshot: what it no longer lists has gone from the register.
      for (const gone of await unseenRecords(tx, partition, adapter.dataset, id)) {
        await markRemoved(tx, partition, adapter.dataset, gone.record_key, now);
        await deleteNames(tx, partition, adapter.dataset, gone.record_key);
        summary.removed++;
        await writeEvents(tx, adapter.diff(toSourceRecord(gone), null));
      }

      // Lists without identifiers (DFAT, banned persons): an entity elsewhere whose name newly
      // matches one of this list's names gets the list's event.
      if (adapter.nameMatchEvent && newNameKeys.size) {
        const keys = [...newNameKeys];
        for (let i = 0; i < keys.length; i += CHUNK) {
          const matches = await entitiesNamed(tx, partition, adapter.dataset, keys.slice(i, i + CHUNK));
          await writeEvents(
            tx,
            matches.map((m) => ({
              type: adapter.nameMatchEvent ?? 'sanctions_match',
              entity: { abn: m.abn, acn: m.acn, name: m.name },
              changes: [{ field: 'listed_name', old: null, new: m.name }],
            })),
          );
        }
      }

      summary.seconds = (performance.now() - startedMs) / 1000;
      await insertIngest(tx, {
        ...summaryRow(summary, started, ctx.clock()),
        status: 'applied',
        error: null,
      });
    });
    return summary;
  } catch (error) {
    const message =
      error instanceof FormatError
        ? `${error.message}${error.line && !error.message.includes('line') ? ` (line ${error.line})` : ''}`
        : error instanceof IngestError
          ? error.message
          : `${files.map((f) => f.name).join(', ')}: ${error instanceof Error ? error.message : String(error)}`;
    summary.seconds = (performance.now() - startedMs) / 1000;
    // The failure is recorded outside the rolled-back transaction, so `aevs sources` can show it.
    await insertIngest(ctx.db, {
      ...summaryRow(summary, started, ctx.clock()),
      status: 'failed',
      error: message,
    }).catch(() => undefined);
    throw new IngestError(`${message}. Nothing was applied: the stored copy is unchanged.`);
  }
}

function summaryRow(s: IngestSummary, started: Date, finished: Date) {
  return {
    id: s.id,
    partition: s.partition,
    dataset: s.dataset,
    files: JSON.stringify(s.files),
    as_of: s.as_of,
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    rows_read: s.rows_read,
    inserted: s.inserted,
    updated: s.updated,
    unchanged: s.unchanged,
    removed: s.removed,
    rejected: s.rejected,
    rejected_examples: JSON.stringify(s.rejected_examples),
    events: s.events,
  };
}
