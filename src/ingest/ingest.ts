import type { Readable } from 'node:stream';
import type { Ctx, Partition } from '../ctx.ts';
import type { DetectedChange } from '../events/types.ts';
import { abnFromAcn } from '../identifiers/check-digits.ts';
import { newId } from '../ids.ts';
import { FormatError, type RegisterAdapter } from '../registers/types.ts';
import { startFreshLoad } from '../store/bulk-load.ts';
import type { Db } from '../store/db.ts';
import { hasApplied, insertIngest } from '../store/ingests.ts';
import {
  deleteNames,
  entitiesNamed,
  findRecords,
  hasRecords,
  holds,
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
import { nameKeys, type PreparedRecord, readBatch, toRecord } from './prepare.ts';
import { readBatches } from './read-batches.ts';
import { writeChangeEvents } from './write-events.ts';

/** One file of a snapshot: a dataset published as several files (ABR's 20 XML files) is one snapshot. */
export type InputFile = {
  name: string;
  open: () => Promise<Readable>;
  modified?: Date;
  size?: number;
  /** Where it is on disk when it is a plain file: a parsing thread then reads it itself. */
  path?: string;
};

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

/**
 * Applies one full snapshot of a register to a partition, all of it or none of it: records are
 * compared with the stored copy (as serialised first, by the adapter's diff second), change events
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
    /** Parse on a thread of its own: by default, files of 16 MB and more of a registered dataset. */
    parseInWorker?: boolean;
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
  /** Name keys this list newly holds, each with the listed name it came from. */
  const newNameKeys = new Map<string, string>();

  let firstLoad = false;
  const writeEvents = async (tx: Db, changes: DetectedChange[]) => {
    if (firstLoad) return;
    // Deliveries to the subscriptions watching each entity, in the same transaction.
    await writeChangeEvents(tx, changes, { adapter, partition, asOf: summary.as_of, ingestId: id }, summary);
  };

  const applyChunk = async (tx: Db, chunk: PreparedRecord[], fileName: string) => {
    const stored = new Map<string, StoredRecord>();
    /** Keys of the records this chunk inserts: a second copy of one in the chunk is a duplicate. */
    const insertedHere = new Set<string>();
    for (const row of await findRecords(tx, partition, adapter.dataset, [
      ...new Set(chunk.map((c) => c.key)),
    ])) {
      stored.set(row.record_key, row);
    }
    const unchanged: string[] = [];
    const inserts: RecordWrite[] = [];
    const names: NameRow[] = [];
    /** Names of the records inserted by this chunk, by their place in `inserts`: ids come with the insert. */
    const newNames: Array<{ insert: number; name: string; type: string; key: string }> = [];
    for (const p of chunk) {
      const before = stored.get(p.key);
      if (before?.seen_ingest === id || insertedHere.has(p.key)) {
        reject(fileName, p.line, `record ${p.key} appears twice in this snapshot; the first is kept`);
        continue;
      }
      if (before && !before.removed_at && holds(before, p)) {
        unchanged.push(p.key);
        before.seen_ingest = id;
        continue;
      }
      // The register dates the stored record after this one (read live since this snapshot): kept.
      if (adapter.keepsNewerRecord && before && !before.removed_at && isNewer(before.as_of, p.asOf)) {
        unchanged.push(p.key);
        before.seen_ingest = id;
        continue;
      }
      const record = toRecord(p);
      const write: RecordWrite = {
        partition,
        dataset: adapter.dataset,
        record,
        namesJson: p.namesJson,
        dataJson: p.dataJson,
        at: now,
        ingestId: id,
      };
      const previous = before && !before.removed_at ? toSourceRecord(before) : null;
      if (before) {
        await replaceRecord(tx, write);
        summary.updated++;
        before.seen_ingest = id;
        await deleteNames(tx, before.id);
        for (const k of p.names) names.push({ recordId: before.id, ...k });
      } else {
        inserts.push(write);
        summary.inserted++;
        insertedHere.add(record.key);
        for (const k of p.names) newNames.push({ insert: inserts.length - 1, ...k });
      }
      if (adapter.nameMatchEvent) {
        const old = new Set(previous ? nameKeys(previous).map((k) => k.key) : []);
        for (const k of p.names)
          if (!old.has(k.key) && !newNameKeys.has(k.key)) newNameKeys.set(k.key, k.name);
      }
      await writeEvents(tx, adapter.diff(previous, record));
    }
    // New records and names go in as multi-row inserts: one statement per batch, not per row.
    const ids = await insertRecords(tx, inserts);
    for (const { insert, ...name } of newNames) names.push({ recordId: ids[insert] as number, ...name });
    await insertNames(tx, names);
    summary.unchanged += unchanged.length;
    if (unchanged.length) await markSeen(tx, partition, adapter.dataset, unchanged, id);
  };

  try {
    await ctx.db.transaction(async (tx) => {
      // A dataset's first load in a partition is not a change: nothing was there to change from.
      firstLoad = !(await hasApplied(tx, partition, adapter.dataset));
      // Nothing stored to compare with: the records go straight in (null where the engine has no
      // faster way than the general one).
      const fresh =
        firstLoad && !(await hasRecords(tx, partition, adapter.dataset))
          ? await startFreshLoad(tx, { partition, dataset: adapter.dataset, at: now, ingestId: id })
          : null;
      for (const file of files) {
        let chunk: PreparedRecord[] = [];
        let rows = 0;
        const progress = () =>
          input.onProgress?.({
            file: file.name,
            rows: summary.rows_read,
            elapsedMs: performance.now() - startedMs,
          });
        for await (const batch of readBatches(adapter, file, {
          inWorker: input.parseInWorker,
          whileWaiting: fresh?.whileWaiting,
        })) {
          for (const item of readBatch(batch)) {
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
            } else if (fresh) {
              const { record } = item;
              if (fresh.insert(record)) summary.inserted++;
              else
                reject(
                  file.name,
                  record.line,
                  `record ${record.key} appears twice in this snapshot; the first is kept`,
                );
            } else {
              chunk.push(item.record);
              if (chunk.length >= CHUNK) {
                await applyChunk(tx, chunk, file.name);
                chunk = [];
              }
            }
            if (rows % 10_000 === 0) progress();
          }
          await fresh?.afterBatch();
        }
        if (chunk.length) await applyChunk(tx, chunk, file.name);
        progress();
      }
      await fresh?.finish();
      if (summary.rows_read > 0 && summary.inserted + summary.updated + summary.unchanged === 0) {
        throw new IngestError(
          `${files.map((f) => f.name).join(', ')}: no row could be read as ${adapter.title} (${summary.rejected} rejected); the stored copy is unchanged`,
        );
      }

      // A full snapshot: what it no longer lists has gone from the register (after a fresh load
      // nothing can have gone: the dataset held nothing).
      const unseen = fresh ? [] : await unseenRecords(tx, partition, adapter.dataset, id);
      if (summary.rows_read === 0 && unseen.length > 0) {
        // A register's snapshot is never empty: a file with no rows (cut off after its header, say)
        // would otherwise remove every record, each with its event.
        throw new IngestError(
          `${files.map((f) => f.name).join(', ')}: no rows, where the stored copy holds ${unseen.length.toLocaleString('en-AU')} records; a register's snapshot is never empty, so the file is taken to be cut off`,
        );
      }
      for (const gone of unseen) {
        // A record read live after this snapshot was taken is not gone for being absent from it.
        if (adapter.keepsNewerRecord && isNewer(gone.as_of, summary.as_of)) continue;
        await markRemoved(tx, partition, adapter.dataset, gone.record_key, now);
        await deleteNames(tx, gone.id);
        summary.removed++;
        await writeEvents(tx, adapter.diff(toSourceRecord(gone), null));
      }

      // Lists without identifiers (DFAT, banned persons): an entity elsewhere whose name newly
      // matches one of this list's names gets the list's event (none on a first load, which is not
      // a change, so the lookup is not made).
      if (adapter.nameMatchEvent && newNameKeys.size && !firstLoad) {
        const keys = [...newNameKeys.keys()];
        // One event per entity and listed name: the entity's name is usually in several registers
        // (the ABR's, ASIC's, …), each a row here, but it is one entity newly matching one listing.
        const raised = new Set<string>();
        for (let i = 0; i < keys.length; i += CHUNK) {
          const matches = await entitiesNamed(tx, partition, adapter.dataset, keys.slice(i, i + CHUNK));
          const events: DetectedChange[] = [];
          for (const m of matches) {
            // A company known by its ACN alone in one register is the same entity as its ABN elsewhere.
            const entity = m.abn ?? (m.acn ? abnFromAcn(m.acn) : '');
            if (raised.has(`${entity}|${m.name_key}`)) continue;
            raised.add(`${entity}|${m.name_key}`);
            events.push({
              type: adapter.nameMatchEvent ?? 'sanctions_match',
              entity: { abn: m.abn, acn: m.acn, name: m.name },
              changes: [{ field: 'listed_name', old: null, new: newNameKeys.get(m.name_key) ?? m.name }],
            });
          }
          await writeEvents(tx, events);
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

/** Both dates known (ISO `YYYY-MM-DD`) and the first one later. */
const isNewer = (stored: string | null, incoming: string | null): boolean =>
  stored !== null && incoming !== null && stored > incoming;

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
