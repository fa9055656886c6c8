import type { Readable } from 'node:stream';
import type { Ctx, Partition } from '../ctx.ts';
import { recordChanges } from '../events/record-changes.ts';
import type { DetectedChange } from '../events/types.ts';
import { abnFromAcn } from '../identifiers/check-digits.ts';
import { newId } from '../ids.ts';
import { compareNames, REVIEW_THRESHOLD } from '../names/align-names.ts';
import { prepareName } from '../names/name-tokens.ts';
import { FormatError, type RegisterAdapter, type SourceRecord } from '../registers/types.ts';
import type { FreshLoad } from '../store/bulk-load.ts';
import type { SnapshotLoad } from '../store/pg-snapshot.ts';
import type { NameRow, RecordWrite, StoredRecord, StoredState } from '../store/source-records.ts';
import { holds, type Store, toSourceRecord } from '../store/store.ts';
import { nameKeys, type PreparedRecord, readBatch, toRecord } from './prepare.ts';
import { readBatches } from './read-batches.ts';
import { SeenIds } from './seen-ids.ts';

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
/** Stored keys read at a time when looking for those a snapshot no longer holds. */
const KEYS_PAGE = 10_000;
const MAX_EXAMPLES = 10;

/** One ingest as it runs: what it applies, and the summary it adds up. */
type Run = {
  ctx: Pick<Ctx, 'clock'>;
  adapter: RegisterAdapter;
  partition: Partition;
  files: InputFile[];
  id: string;
  /** When it started, as stored on the records it writes. */
  now: string;
  startedMs: number;
  summary: IngestSummary;
  /** The dataset's first load in the partition: not a change, so no events are written. */
  firstLoad: boolean;
  /** Name keys this list newly holds, each with the listed name it came from. */
  newNameKeys: Map<string, string>;
  /** Which of the new names are a listed person's (the matcher weighs a missing middle name). */
  personNameKeys: Set<string>;
  onProgress: ((p: IngestProgress) => void) | undefined;
  parseInWorker: boolean | undefined;
  /** The stored records this snapshot has held so far (compared a chunk at a time). */
  seen: SeenIds;
};

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
  ctx: Pick<Ctx, 'store' | 'clock'>;
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
  const run: Run = {
    ctx,
    adapter,
    partition,
    files,
    id,
    now: started.toISOString(),
    startedMs: performance.now(),
    summary: {
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
    },
    firstLoad: false,
    newNameKeys: new Map(),
    personNameKeys: new Set(),
    onProgress: input.onProgress,
    parseInWorker: input.parseInWorker,
    seen: new SeenIds(),
  };
  const { summary } = run;
  try {
    await ctx.store.transaction(async (tx) => {
      run.firstLoad = !(await tx.ingests.hasApplied(partition, adapter.dataset));
      // Nothing stored to compare with: the records go straight in (null where the engine has no
      // faster way than the general one).
      const load = { partition, dataset: adapter.dataset, at: run.now, ingestId: id };
      const nothingStored = run.firstLoad && !(await tx.records.hasAny(partition, adapter.dataset));
      const fresh = nothingStored ? await tx.startFreshLoad(load) : null;
      // Where the engine compares a whole snapshot at once (PostgreSQL), the records are staged first
      // (a large first load goes on straight into the tables); elsewhere they are compared a chunk at
      // a time, the records held so far kept in `run.seen`.
      const snapshot = fresh ? null : await tx.startSnapshotLoad({ ...load, nothingStored });
      try {
        for (const [i, file] of files.entries()) await readFile(run, tx, file, { fresh, snapshot, file: i });
      } catch (error) {
        await snapshot?.abort(error as Error);
        throw error;
      }
      await fresh?.finish();
      const stored = snapshot ? snapshot.staged : summary.inserted + summary.updated + summary.unchanged;
      if (summary.rows_read > 0 && stored === 0) {
        throw new IngestError(
          `${fileNames(files)}: no row could be read as ${adapter.title} (${summary.rejected} rejected); the stored copy is unchanged`,
        );
      }
      if (snapshot) await applySnapshot(run, tx, snapshot);
      // After a fresh load nothing can have gone: the dataset held nothing.
      else if (!fresh) await removeUnseen(run, tx);
      // Lists without identifiers (DFAT, banned persons): no events on a first load, which is not a
      // change, so the lookup is not made.
      if (adapter.nameMatchEvent && run.newNameKeys.size && !run.firstLoad) await raiseNameMatches(run, tx);

      summary.seconds = (performance.now() - run.startedMs) / 1000;
      await tx.ingests.insert({
        ...summaryRow(summary, started, ctx.clock()),
        status: 'applied',
        error: null,
      });
    });
    return summary;
  } catch (error) {
    const message = failureMessage(error, files);
    summary.seconds = (performance.now() - run.startedMs) / 1000;
    // The failure is recorded outside the rolled-back transaction, so `aevs sources` can show it.
    await ctx.store.ingests
      .insert({ ...summaryRow(summary, started, ctx.clock()), status: 'failed', error: message })
      .catch(() => undefined);
    throw new IngestError(`${message}. Nothing was applied: the stored copy is unchanged.`);
  }
}

const fileNames = (files: InputFile[]) => files.map((f) => f.name).join(', ');

function reject(run: Run, file: string, line: number, reason: string) {
  run.summary.rejected++;
  if (run.summary.rejected_examples.length < MAX_EXAMPLES)
    run.summary.rejected_examples.push({ file, line, reason });
}

const duplicate = (key: string) => `record ${key} appears twice in this snapshot; the first is kept`;

/** Change events and their deliveries, in the ingest's transaction; none on a first load. */
async function writeEvents(run: Run, tx: Store, changes: DetectedChange[]) {
  if (run.firstLoad) return;
  await recordChanges(
    tx,
    {
      clock: run.ctx.clock,
      changes,
      register: run.adapter,
      partition: run.partition,
      asOf: run.summary.as_of,
      ingestId: run.id,
    },
    run.summary,
  );
}

/**
 * One file's rows: straight into a fresh load, into the staging of a snapshot load, or compared with
 * the stored copy a chunk at a time.
 */
async function readFile(
  run: Run,
  tx: Store,
  file: InputFile,
  { fresh, snapshot, file: fileNo }: { fresh: FreshLoad | null; snapshot: SnapshotLoad | null; file: number },
) {
  const { summary } = run;
  let chunk: PreparedRecord[] = [];
  let rows = 0;
  const progress = () =>
    run.onProgress?.({
      file: file.name,
      rows: summary.rows_read,
      elapsedMs: performance.now() - run.startedMs,
    });
  for await (const batch of readBatches(run.adapter, file, {
    inWorker: run.parseInWorker,
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
      if (summary.as_of === null && file.modified) summary.as_of = file.modified.toISOString().slice(0, 10);
      if (item.kind === 'rejected') {
        reject(run, file.name, item.line, item.reason);
      } else if (fresh) {
        const { record } = item;
        if (fresh.insert(record)) summary.inserted++;
        else reject(run, file.name, record.line, duplicate(record.key));
      } else if (snapshot) {
        snapshot.add(fileNo, item.record);
      } else {
        chunk.push(item.record);
        if (chunk.length >= CHUNK) {
          await applyChunk(run, tx, chunk, file.name);
          chunk = [];
        }
      }
      if (rows % 10_000 === 0) progress();
    }
    await fresh?.afterBatch();
    await snapshot?.afterBatch();
  }
  if (chunk.length) await applyChunk(run, tx, chunk, file.name);
  progress();
}

/**
 * A chunk of records compared with the stored copy: new ones inserted, changed ones replaced. Each
 * stored record is read first by its fingerprint alone (docs/architecture.md, an ingest); only those
 * that differ, or were stored without one, are read whole.
 */
async function applyChunk(run: Run, tx: Store, chunk: PreparedRecord[], fileName: string) {
  const { adapter, partition, id, summary, seen } = run;
  const states = new Map<string, StoredState>();
  for (const row of await tx.records.findStates(partition, adapter.dataset, [
    ...new Set(chunk.map((c) => c.key)),
  ]))
    states.set(row.record_key, row);
  /** This chunk's keys so far: a second copy of one is a duplicate (earlier chunks' are in `seen`). */
  const held = new Set<string>();
  /** The records that are new or differ, in file order, and the keys of those stored, to read whole. */
  const changed: PreparedRecord[] = [];
  const readWhole: string[] = [];
  let unchanged = 0;
  for (const p of chunk) {
    const state = states.get(p.key);
    if (held.has(p.key) || (state && seen.has(state.id))) {
      reject(run, fileName, p.line, duplicate(p.key));
      continue;
    }
    held.add(p.key);
    if (state) seen.add(state.id);
    if (
      state &&
      !state.removed_at &&
      // The register dates the stored record after this one (read live since this snapshot): kept.
      (state.fingerprint === p.fingerprint || (adapter.keepsNewerRecord && isNewer(state.as_of, p.asOf)))
    ) {
      unchanged++;
      continue;
    }
    changed.push(p);
    if (state) readWhole.push(p.key);
  }
  const stored = new Map<string, StoredRecord>();
  if (readWhole.length)
    for (const row of await tx.records.find(partition, adapter.dataset, readWhole))
      stored.set(row.record_key, row);
  const inserts: RecordWrite[] = [];
  const names: NameRow[] = [];
  /** Names of the records inserted by this chunk, by their place in `inserts`: ids come with the insert. */
  const newNames: Array<{ insert: number; name: string; type: string; key: string }> = [];
  /** Records stored without a fingerprint and found unchanged field by field: they are given one. */
  const fingerprints: Array<{ id: number; fingerprint: string }> = [];
  for (const p of changed) {
    const before = stored.get(p.key);
    if (before && !before.removed_at && before.fingerprint === null && holds(before, p)) {
      fingerprints.push({ id: before.id, fingerprint: p.fingerprint });
      unchanged++;
      continue;
    }
    const record = toRecord(p);
    const write: RecordWrite = {
      partition,
      dataset: adapter.dataset,
      record,
      namesJson: p.namesJson,
      dataJson: p.dataJson,
      fingerprint: p.fingerprint,
      at: run.now,
      ingestId: id,
    };
    if (before) {
      await tx.records.replace(write);
      summary.updated++;
      await tx.records.deleteNames(before.id);
      for (const k of p.names) names.push({ recordId: before.id, ...k });
    } else {
      inserts.push(write);
      summary.inserted++;
      for (const k of p.names) newNames.push({ insert: inserts.length - 1, ...k });
    }
    await recordChange(run, tx, before, record, p.names);
  }
  // New records and names go in as multi-row inserts: one statement per batch, not per row.
  const ids = await tx.records.insert(inserts);
  for (const recordId of ids) seen.add(recordId);
  for (const { insert, ...name } of newNames) names.push({ recordId: ids[insert] as number, ...name });
  await tx.records.insertNames(names);
  await tx.records.setFingerprints(fingerprints);
  summary.unchanged += unchanged;
}

/**
 * What one new or changed record means: the adapter's events between the stored copy (none when it
 * was new or had been removed) and this one, and, for a list matched by name, the names it newly holds.
 */
async function recordChange(
  run: Run,
  tx: Store,
  before: StoredRecord | undefined | null,
  record: SourceRecord,
  names: PreparedRecord['names'],
) {
  const previous = before && !before.removed_at ? toSourceRecord(before) : null;
  if (run.adapter.nameMatchEvent) {
    const old = new Set(previous ? nameKeys(previous).map((k) => k.key) : []);
    for (const k of names)
      if (!old.has(k.key) && !run.newNameKeys.has(k.key)) run.newNameKeys.set(k.key, k.name);
    const person =
      run.adapter.screening?.people === true || String(record.data.type ?? '').toLowerCase() === 'individual';
    if (person) for (const k of names) run.personNameKeys.add(k.key);
  }
  await writeEvents(run, tx, run.adapter.diff(previous, record));
}

/**
 * A snapshot the engine applies set-wise: the events of every change and removal, read back in file
 * order, and the duplicates it found, as rejections.
 */
async function applySnapshot(run: Run, tx: Store, snapshot: SnapshotLoad) {
  const { adapter, summary } = run;
  const result = await snapshot.finish({
    asOf: summary.as_of,
    keepsNewerRecord: adapter.keepsNewerRecord === true,
    events: !run.firstLoad,
    checkRemovals: (unseen) => refuseCutOff(run, unseen),
    onChanges: async (batch) => {
      for (const { before, after } of batch)
        await recordChange(run, tx, before, toRecord(after), after.names);
    },
    onRemoved: async (batch) => {
      for (const gone of batch) await writeEvents(run, tx, adapter.diff(toSourceRecord(gone), null));
    },
  });
  for (const d of result.duplicates) reject(run, run.files[d.file]?.name ?? '', d.line, duplicate(d.key));
  summary.rejected += result.duplicateCount - result.duplicates.length;
  summary.inserted += result.inserted;
  summary.updated += result.updated;
  summary.unchanged += result.unchanged;
  summary.removed += result.removed;
}

/** A register's snapshot is never empty: one with no rows where records are stored is taken as cut off. */
function refuseCutOff(run: Run, unseen: number) {
  if (run.summary.rows_read === 0 && unseen > 0) {
    // A file with no rows (cut off after its header, say) would otherwise remove every record, each
    // with its event.
    throw new IngestError(
      `${fileNames(run.files)}: no rows, where the stored copy holds ${unseen.toLocaleString('en-AU')} records; a register's snapshot is never empty, so the file is taken to be cut off`,
    );
  }
}

/**
 * A full snapshot: what it no longer lists has gone from the register. The stored keys are gone
 * through a page at a time (ids and keys only), and what the snapshot did not hold is read whole,
 * in the order the records were stored.
 */
async function removeUnseen(run: Run, tx: Store) {
  const { adapter, partition, summary, seen } = run;
  if (summary.rows_read === 0) refuseCutOff(run, await tx.records.countCurrent(partition, adapter.dataset));
  const unseen: number[] = [];
  for (let after = ''; ; ) {
    const page = await tx.records.keysPage(partition, adapter.dataset, after, KEYS_PAGE);
    if (page.length === 0) break;
    after = (page[page.length - 1] as { record_key: string }).record_key;
    for (const row of page) if (!seen.has(row.id)) unseen.push(row.id);
  }
  unseen.sort((a, b) => a - b);
  for (let i = 0; i < unseen.length; i += CHUNK) {
    for (const gone of await tx.records.findByIds(unseen.slice(i, i + CHUNK))) {
      // Removed by an earlier snapshot; or read live after this one was taken, so not gone for
      // being absent from it.
      if (gone.removed_at !== null) continue;
      if (adapter.keepsNewerRecord && isNewer(gone.as_of, summary.as_of)) continue;
      await tx.records.markRemoved(partition, adapter.dataset, gone.record_key, run.now);
      await tx.records.deleteNames(gone.id);
      summary.removed++;
      await writeEvents(run, tx, adapter.diff(toSourceRecord(gone), null));
    }
  }
}

/**
 * Lists without identifiers (DFAT, banned persons): an entity elsewhere whose name newly matches
 * one of this list's names gets the list's event.
 */
async function raiseNameMatches(run: Run, tx: Store) {
  const { adapter } = run;
  const keys = [...run.newNameKeys.keys()];
  // One event per entity and listed name: the entity's name is usually in several registers (the
  // ABR's, ASIC's, …), each a row here, but it is one entity newly matching one listing.
  const raised = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const matches = await tx.records.entitiesNamed(run.partition, adapter.dataset, keys.slice(i, i + CHUNK));
    const events: DetectedChange[] = [];
    for (const m of matches) {
      // A company known by its ACN alone in one register is the same entity as its ABN elsewhere.
      const entity = m.abn ?? (m.acn ? abnFromAcn(m.acn) : '');
      if (raised.has(`${entity}|${m.name_key}`)) continue;
      raised.add(`${entity}|${m.name_key}`);
      events.push({
        type: adapter.nameMatchEvent ?? 'sanctions_match',
        entity: { abn: m.abn, acn: m.acn, name: m.name },
        changes: [{ field: 'listed_name', old: null, new: run.newNameKeys.get(m.name_key) ?? m.name }],
      });
    }
    await writeEvents(run, tx, events);
  }
  // A spelling variant of an entity's name newly listed is a match too: each new listed name against
  // the entity names the name index finds for it, compared as screening compares them, at its review
  // threshold (docs/screening.md).
  for (const [key, listedName] of run.newNameKeys) {
    if (key === '') continue;
    const listed = prepareName(listedName);
    const person = run.personNameKeys.has(key);
    const events: DetectedChange[] = [];
    for (const c of await tx.names.candidates(run.partition, key.split(' '))) {
      if (c.dataset === adapter.dataset) continue;
      const entity = c.abn ?? (c.acn ? abnFromAcn(c.acn) : '');
      if (raised.has(`${entity}|${key}`)) continue;
      if (compareNames(prepareName(c.name), listed, { person }).score < REVIEW_THRESHOLD) continue;
      raised.add(`${entity}|${key}`);
      events.push({
        type: adapter.nameMatchEvent ?? 'sanctions_match',
        entity: { abn: c.abn, acn: c.acn, name: c.name },
        changes: [{ field: 'listed_name', old: null, new: listedName }],
      });
    }
    await writeEvents(run, tx, events);
  }
}

function failureMessage(error: unknown, files: InputFile[]): string {
  if (error instanceof FormatError)
    return `${error.message}${error.line && !error.message.includes('line') ? ` (line ${error.line})` : ''}`;
  if (error instanceof IngestError) return error.message;
  return `${fileNames(files)}: ${error instanceof Error ? error.message : String(error)}`;
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
