import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Partition } from '../ctx.ts';
import { firstEvent } from '../first-event.ts';
import type { FreshRecord } from './bulk-load.ts';
import { CopyText } from './copy-text.ts';
import type { Db } from './db.ts';
import { STORED_COLUMNS, type StoredRecord } from './source-records.ts';

/** A record of the snapshot as the ingest prepared it, with where it was read. */
export type StagedRecord = FreshRecord & { file: number; line: number };

/** A record the snapshot adds or changes, with the stored copy it replaces (null when new or removed before). */
export type SnapshotChange = { before: StoredRecord | null; after: StagedRecord };

export type SnapshotResult = {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  /** Records whose key an earlier record of the snapshot already had (the first is kept), in file order. */
  duplicates: Array<{ file: number; line: number; key: string }>;
  /** How many there were: `duplicates` holds the first of them only. */
  duplicateCount: number;
};

export type SnapshotLoad = {
  /** Queues a record for the COPY into the staging table. */
  add(file: number, record: FreshRecord & { line: number }): void;
  /** Between batches: waits while the COPY's buffer is full, so memory stays flat. */
  afterBatch(): Promise<void>;
  /** Records queued so far. */
  readonly staged: number;
  /**
   * Ends the COPY and applies the snapshot in set-based SQL: new records inserted, changed ones
   * replaced, records it no longer holds marked removed. With `events`, the changes are read back
   * in file order, a batch at a time, for the adapter's diff (`onChanges`), and so are the removals
   * (`onRemoved`); a dataset's first load asks for none. `stored` is called once the staged records
   * are known and before anything is written, with the stored records the snapshot would remove,
   * so the caller can refuse a snapshot that is cut off.
   */
  finish(options: {
    asOf: string | null;
    keepsNewerRecord: boolean;
    events: boolean;
    checkRemovals: (wouldRemove: number) => void;
    onChanges: (batch: SnapshotChange[]) => Promise<void>;
    onRemoved: (batch: StoredRecord[]) => Promise<void>;
  }): Promise<SnapshotResult>;
  /**
   * After a failure: ends the COPY, sends nothing more and waits for what was sent, so that the
   * transaction's rollback is the next statement on the connection.
   */
  abort(error: Error): Promise<void>;
};

/** Rows read back at a time for the adapter's diff. */
const READ_BATCH = 1_000;
/** Duplicate keys reported (the rest are counted). */
const MAX_DUPLICATES = 10_000;
/** A load this many times larger than the tables sets their secondary indexes aside and builds them at the end. */
const SUSPEND_RATIO = 8;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format: backslash, tab, newline and carriage return escaped; null as `\N`. */
const copyValue = (value: string | null): string =>
  value === null
    ? '\\N'
    : /[\\\t\n\r]/.test(value)
      ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c)
      : value;

const STAGE_COLUMNS =
  'seq, file, line, record_key, abn, acn, name, names, status, as_of, data, fingerprint, name_keys';

/**
 * A snapshot load on PostgreSQL (docs/architecture.md, an ingest): the records go into a temporary
 * staging table through COPY, then one set of statements compares them with the stored copy and
 * writes what differs, in the ingest's transaction. The row-at-a-time comparison the general path
 * makes (a lookup per batch of keys, an index update per row) took days for the national extract.
 */
export async function startSnapshotLoad(
  tx: Db,
  input: {
    partition: Partition;
    dataset: string;
    at: string;
    ingestId: string;
    /** The dataset's first load, with nothing of it stored: a large one may go straight into the tables. */
    nothingStored?: boolean;
  },
): Promise<SnapshotLoad | null> {
  const copyFrom = tx.copyFrom;
  if (!copyFrom) return null;
  const { partition, dataset, at, ingestId } = input;
  // Sorts and hashes over millions of rows stay in memory longer before they spill to disk.
  await tx.exec("SET LOCAL work_mem = '128MB'; SET LOCAL maintenance_work_mem = '512MB'");
  await tx.exec(`CREATE TEMP TABLE aevs_stage (
      seq BIGINT NOT NULL, file INTEGER NOT NULL, line INTEGER NOT NULL, record_key TEXT NOT NULL,
      abn TEXT, acn TEXT, name TEXT NOT NULL, names TEXT NOT NULL, status TEXT, as_of TEXT,
      data TEXT NOT NULL, fingerprint TEXT NOT NULL, name_keys TEXT NOT NULL
    ) ON COMMIT DROP`);
  /** Rows the tables held when the load began, for a first load (asked before the COPY takes the connection). */
  const held = input.nothingStored ? await heldRows(tx) : null;
  const copy: Writable = copyFrom(`COPY aevs_stage (${STAGE_COLUMNS}) FROM STDIN`);
  let copyError: Error | undefined;
  copy.on('error', (error: Error) => {
    copyError = error;
  });
  const scope = { tx, partition, dataset, at, ingestId };
  /** Once the load goes straight into the tables (`held` above), how. */
  let direct: DirectLoad | null = null;
  let staged = 0;
  let full = false;
  /** Rows not yet handed to the COPY: a batch goes over in a few writes (a write per row cost more than the row). */
  const pending = new CopyText();
  const hand = () => {
    for (const buffer of pending.take()) if (!copy.write(buffer)) full = true;
  };

  const flush = async () => {
    hand();
    if (copyError) throw copyError;
    if (full) {
      // Until the COPY takes more, or fails (its error is kept by the listener above).
      await firstEvent(copy, ['drain', 'error']);
      full = false;
      if (copyError) throw copyError;
    }
  };

  const endCopy = async () => {
    await flush();
    copy.end();
    await Promise.race([once(copy, 'finish'), once(copy, 'error').then(([e]) => Promise.reject(e))]);
    if (copyError) throw copyError;
  };

  return {
    get staged() {
      return staged;
    },
    add(file, r) {
      staged++;
      if (direct) {
        direct.add(staged, file, r);
        return;
      }
      const nameKeys = JSON.stringify(r.names.map((n) => [n.name, n.type, n.key]));
      const row = [
        String(staged),
        String(file),
        String(r.line),
        copyValue(r.key),
        copyValue(r.abn),
        copyValue(r.acn),
        copyValue(r.name),
        copyValue(r.namesJson),
        copyValue(r.status),
        copyValue(r.asOf),
        copyValue(r.dataJson),
        copyValue(r.fingerprint),
        copyValue(nameKeys),
      ].join('\t');
      pending.add(`${row}\n`);
      if (pending.bytes >= 1 << 20) hand();
    },
    async afterBatch() {
      if (direct) return direct.afterBatch();
      await flush();
      if (held !== null && setsAside(staged, held)) {
        await endCopy();
        direct = await goDirect(scope, copyFrom, staged);
      }
    },
    async abort(error) {
      if (!copy.writableFinished) copy.destroy(error);
      // A round sent straight into the tables is taken whole, then rolled back with the transaction;
      // none is sent after it (it would come after the rollback, outside any transaction).
      await direct?.stop();
    },
    async finish(options) {
      if (direct) {
        options.checkRemovals(0);
        const { kept, duplicates, duplicateCount } = await direct.finish(staged);
        return { inserted: kept, updated: 0, unchanged: 0, removed: 0, duplicates, duplicateCount };
      }
      await endCopy();
      await tx.exec('ANALYZE aevs_stage');
      const duplicates = await dropDuplicates(tx);
      const storedRows = Number(
        (
          await tx.get<{ n: number }>(
            'SELECT COUNT(*) AS n FROM source_records WHERE partition = ? AND dataset = ?',
            [partition, dataset],
          )
        )?.n ?? 0,
      );
      const kept = staged - duplicates.count;
      if (storedRows === 0 && !options.events) {
        options.checkRemovals(0);
        const aside = setsAside(kept, held ?? (await heldRows(tx))) ? await setAsideIndexes(tx) : null;
        const base = await takeIds(tx);
        await insertFresh(scope, base);
        await idsTakenUpTo(tx, base + staged);
        if (aside) await rebuildIndexes(tx, aside);
        return {
          inserted: kept,
          updated: 0,
          unchanged: 0,
          removed: 0,
          duplicates: duplicates.first,
          duplicateCount: duplicates.count,
        };
      }
      // The comparison looks the staged records up by key; a first load (above) never does.
      await tx.exec('CREATE INDEX ON aevs_stage (record_key, seq); ANALYZE aevs_stage');
      const gone = await findGone(scope, options);
      options.checkRemovals(gone.unseen);
      const counts = await classify(scope, options);
      if (options.events) {
        await tx.exec(`CREATE TEMP TABLE aevs_before ON COMMIT DROP AS
          SELECT r.* FROM source_records r JOIN aevs_diff d ON d.record_id = r.id WHERE d.kind = 'changed'`);
      }
      await applyChanges(scope);
      if (options.events) await readChanges(tx, options.onChanges);
      const removed = await removeGone(scope, options.events ? options.onRemoved : undefined);
      return {
        inserted: counts.inserted,
        updated: counts.updated,
        unchanged: kept - counts.inserted - counts.updated,
        removed,
        duplicates: duplicates.first,
        duplicateCount: duplicates.count,
      };
    },
  };
}

type Scope = { tx: Db; partition: Partition; dataset: string; at: string; ingestId: string };

/**
 * Every record whose key an earlier one of the snapshot had leaves the stage: the first is kept. The
 * keys held more than once are found by one aggregate over the stage (no index on it yet), and only
 * their records are read again.
 */
async function dropDuplicates(tx: Db) {
  await tx.exec(`CREATE TEMP TABLE aevs_dupes ON COMMIT DROP AS
    SELECT s.seq, s.file, s.line, s.record_key
    FROM aevs_stage s
      JOIN (SELECT record_key, MIN(seq) AS first FROM aevs_stage GROUP BY record_key HAVING COUNT(*) > 1) d
        ON d.record_key = s.record_key AND s.seq > d.first`);
  const first = await tx.all<{ file: number; line: number; record_key: string }>(
    `SELECT file, line, record_key FROM aevs_dupes ORDER BY seq LIMIT ${MAX_DUPLICATES}`,
  );
  const count = Number((await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM aevs_dupes'))?.n ?? 0);
  if (count > 0) await tx.run('DELETE FROM aevs_stage s USING aevs_dupes d WHERE s.seq = d.seq');
  return {
    count,
    first: first.map((d) => ({ file: Number(d.file), line: Number(d.line), key: d.record_key })),
  };
}

/**
 * A block of the record id sequence for a first load, taken while the table is locked against other
 * writers: each record's id is the block's base plus its place in the snapshot (`seq`), so its names
 * need no join back to the record just inserted. The caller moves the sequence past the block
 * (`idsTakenUpTo`) once it knows how many the load holds.
 */
async function takeIds(tx: Db): Promise<number> {
  await tx.exec('LOCK TABLE source_records IN SHARE ROW EXCLUSIVE MODE');
  const block = await tx.get<{ base: number }>(
    "SELECT nextval(pg_get_serial_sequence('source_records', 'id')) AS base",
  );
  return Number(block?.base ?? 0);
}

/**
 * Whether the register tables were empty (the store's very first load), and are now truncated in
 * this transaction so that COPY may write its rows frozen (`FREEZE`): visible to every later
 * transaction with nothing to mark on their first read, and their pages all-visible, so the vacuum
 * PostgreSQL runs after a large insert finds nothing to do instead of reading every page while the
 * service answers. A rollback undoes the truncation with the rest; tables holding any row (another
 * dataset, a partition) are left as they are and the rows written as usual.
 */
async function emptiedForFreeze(tx: Db): Promise<boolean> {
  const row = await tx.get<{ held: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM source_records) OR EXISTS (SELECT 1 FROM source_names) AS held',
  );
  if (row?.held !== false) return false;
  await tx.exec('TRUNCATE source_records, source_names');
  return true;
}

/** Moves the record id sequence past the block a first load took (`takeIds`). */
const idsTakenUpTo = (tx: Db, top: number) =>
  tx.get("SELECT setval(pg_get_serial_sequence('source_records', 'id'), ?::bigint)", [top]);

/** A first load's staged records (up to `upTo`, all by default) and their names, straight from the stage. */
async function insertFresh({ tx, partition, dataset, at, ingestId }: Scope, base: number, upTo?: number) {
  const which = upTo === undefined ? '' : ' WHERE s.seq <= ?::bigint';
  const until = upTo === undefined ? [] : [upTo];
  await tx.run(
    `INSERT INTO source_records (id, partition, dataset, record_key, abn, acn, name, names, status, as_of, data, fingerprint, first_seen_at, updated_at, seen_ingest)
     SELECT ?::bigint + s.seq, ?, ?, s.record_key, s.abn, s.acn, s.name, s.names, s.status, s.as_of, s.data, s.fingerprint, ?, ?, ?
     FROM aevs_stage s${which}`,
    [base, partition, dataset, at, at, ingestId, ...until],
  );
  await tx.run(
    `INSERT INTO source_names (record_id, name, name_type, name_key)
     SELECT ?::bigint + s.seq, x.value->>0, x.value->>1, x.value->>2
     FROM aevs_stage s CROSS JOIN LATERAL jsonb_array_elements(s.name_keys::jsonb) AS x${which}`,
    [base, ...until],
  );
}

type CopyFrom = NonNullable<Db['copyFrom']>;

/** A first load gone straight into the tables: records, their names and the stage's keys sent in rounds of COPY. */
type DirectLoad = {
  add(seq: number, file: number, record: FreshRecord & { line: number }): void;
  afterBatch(): Promise<void>;
  /** Sends nothing more, and waits for the statements already sent. */
  stop(): Promise<void>;
  /** Sends what is left, then drops the duplicates, adds the records staged before and builds the indexes. */
  finish(last: number): Promise<{
    kept: number;
    duplicates: Array<{ file: number; line: number; key: string }>;
    duplicateCount: number;
  }>;
};

/** Text of records gathered before a round of COPY is sent (the next round gathers meanwhile). */
const DIRECT_ROUND = 4 << 20;
const DIRECT_COLUMNS =
  'id, partition, dataset, record_key, abn, acn, name, names, status, as_of, data, fingerprint, first_seen_at, updated_at, seen_ingest';

/**
 * A large first load, once it has staged `switchedAt` records, sets the tables' indexes aside and
 * sends the rest straight into them: COPY into the records and names tables costs a fraction of
 * staging them and inserting them again, which was most of a first load's time after the parse.
 * Only each record's place and key go on into the stage, so that duplicates are still found (and
 * the first kept) across the whole snapshot; the records staged before the switch are inserted
 * from the stage at the end, then the indexes are built. One transaction throughout, so a failure
 * leaves the tables, indexes included, as they were.
 */
async function goDirect(scope: Scope, copyFrom: CopyFrom, switchedAt: number): Promise<DirectLoad> {
  const { tx, partition, dataset, at, ingestId } = scope;
  const base = await takeIds(tx);
  const aside = await setAsideIndexes(tx);
  const freeze = (await emptiedForFreeze(tx)) ? ' WITH (FREEZE)' : '';
  const fixed = [partition, dataset].map(copyValue).join('\t');
  const stamps = [at, at, ingestId].map(copyValue).join('\t');
  const records = new CopyText();
  const names = new CopyText();
  const keys = new CopyText();
  let inFlight: Promise<void> = Promise.resolve();
  let failed: Error | undefined;
  let stopped = false;

  /** Sends the rows gathered, once the round before has been taken (one connection, one COPY at a time). */
  const send = async () => {
    await inFlight;
    if (failed) throw failed;
    if (stopped) throw new Error('the load was stopped');
    if (records.bytes === 0) return;
    const rounds: Array<[string, Buffer[]]> = [
      [`COPY source_records (${DIRECT_COLUMNS}) FROM STDIN${freeze}`, records.take()],
      [`COPY source_names (record_id, name, name_type, name_key) FROM STDIN${freeze}`, names.take()],
      [
        'COPY aevs_stage (seq, file, line, record_key, name, names, data, fingerprint, name_keys) FROM STDIN',
        keys.take(),
      ],
    ];
    // One COPY after another on the connection, while the next round is gathered.
    inFlight = (async () => {
      for (const [sql, buffers] of rounds) {
        if (buffers.length === 0 || stopped) continue;
        const stream = copyFrom(sql);
        for (const buffer of buffers) stream.write(buffer);
        stream.end();
        await finished(stream);
      }
    })().catch((error: Error) => {
      failed ??= error;
    });
  };

  return {
    add(seq, file, r) {
      const id = base + seq;
      const row = `${id}\t${fixed}\t${[r.key, r.abn, r.acn, r.name, r.namesJson, r.status, r.asOf, r.dataJson, r.fingerprint].map(copyValue).join('\t')}\t${stamps}\n`;
      records.add(row);
      for (const n of r.names)
        names.add(`${id}\t${copyValue(n.name)}\t${copyValue(n.type)}\t${copyValue(n.key)}\n`);
      keys.add(`${seq}\t${file}\t${r.line}\t${copyValue(r.key)}\t\t\t\t\t\n`);
    },
    async afterBatch() {
      if (records.bytes >= DIRECT_ROUND) await send();
    },
    async stop() {
      stopped = true;
      await inFlight;
    },
    async finish(last) {
      await send();
      await inFlight;
      if (failed) throw failed;
      // Most snapshots hold each key once. The records staged before the switch go in and the
      // unique indexes are built: built, they show there is no key twice, and the search for
      // duplicates (an aggregate over every key) is spared. Only when a key is there twice is all
      // that undone, the duplicates found and dropped, and the same done again.
      await tx.exec('SAVEPOINT aevs_keys_once');
      try {
        await insertFresh(scope, base, switchedAt);
        for (const sql of aside.unique) await tx.exec(sql);
        await tx.exec('RELEASE SAVEPOINT aevs_keys_once');
        await idsTakenUpTo(tx, base + last);
        await rebuildIndexes(tx, { unique: [], others: aside.others });
        return { kept: last, duplicates: [], duplicateCount: 0 };
      } catch (error) {
        if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
        await tx.exec('ROLLBACK TO SAVEPOINT aevs_keys_once');
      }
      await tx.exec('ANALYZE aevs_stage');
      const duplicates = await dropDuplicates(tx);
      // A later copy of a key already sent straight in leaves the tables again (the first stays).
      await tx.run(
        'DELETE FROM source_names n USING aevs_dupes d WHERE d.seq > ? AND n.record_id = ?::bigint + d.seq',
        [switchedAt, base],
      );
      await tx.run(
        'DELETE FROM source_records r USING aevs_dupes d WHERE d.seq > ? AND r.id = ?::bigint + d.seq',
        [switchedAt, base],
      );
      await insertFresh(scope, base, switchedAt);
      await idsTakenUpTo(tx, base + last);
      await rebuildIndexes(tx, aside);
      return {
        kept: last - duplicates.count,
        duplicates: duplicates.first,
        duplicateCount: duplicates.count,
      };
    },
  };
}

/** PostgreSQL's error code for a key already held by a unique index. */
const UNIQUE_VIOLATION = '23505';

/** The records the comparison found new, each with its names, from the stage. */
async function insertStaged({ tx, partition, dataset, at, ingestId }: Scope) {
  const from = "aevs_stage s JOIN aevs_diff d ON d.seq = s.seq AND d.kind = 'new'";
  await tx.run(
    `WITH inserted AS (
       INSERT INTO source_records (partition, dataset, record_key, abn, acn, name, names, status, as_of, data, fingerprint, first_seen_at, updated_at, seen_ingest)
       SELECT ?, ?, s.record_key, s.abn, s.acn, s.name, s.names, s.status, s.as_of, s.data, s.fingerprint, ?, ?, ?
       FROM ${from} ORDER BY s.seq
       RETURNING id, record_key
     )
     INSERT INTO source_names (record_id, name, name_type, name_key)
     SELECT i.id, x.value->>0, x.value->>1, x.value->>2
     FROM inserted i JOIN aevs_stage s ON s.record_key = i.record_key
       CROSS JOIN LATERAL jsonb_array_elements(s.name_keys::jsonb) AS x`,
    [partition, dataset, at, at, ingestId],
  );
}

/**
 * The stored records the snapshot no longer holds (`unseen`), and among them those it removes: a
 * record the register dates after the snapshot (read live since) is kept (`keepsNewerRecord`).
 */
async function findGone(
  { tx, partition, dataset }: Scope,
  options: { asOf: string | null; keepsNewerRecord: boolean },
) {
  const keepNewer = options.keepsNewerRecord && options.asOf !== null;
  await tx.run(
    `CREATE TEMP TABLE aevs_gone ON COMMIT DROP AS
     SELECT r.id, ${keepNewer ? 'r.as_of IS NOT NULL AND r.as_of > ?' : 'false'} AS kept
     FROM source_records r
     WHERE r.partition = ? AND r.dataset = ? AND r.removed_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM aevs_stage s WHERE s.record_key = r.record_key)`,
    [...(keepNewer ? [options.asOf] : []), partition, dataset],
  );
  const unseen = Number((await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM aevs_gone'))?.n ?? 0);
  return { unseen };
}

/**
 * The staged records that are new or differ from the stored copy, in `aevs_diff` (seq, stored id,
 * kind). A stored record with the staged one's fingerprint is unchanged; so is one stored without a
 * fingerprint (an older store) that equals it field by field and in its serialised names and data,
 * which is given the fingerprint (kind `fingerprint`); so is one the register dates after the staged
 * one (`keepsNewerRecord`). A removed record that comes back is a change.
 */
async function classify(
  { tx, partition, dataset }: Scope,
  options: { keepsNewerRecord: boolean },
): Promise<{ inserted: number; updated: number }> {
  await tx.run(
    `CREATE TEMP TABLE aevs_diff ON COMMIT DROP AS
     SELECT seq, record_id, kind FROM (
       SELECT s.seq, r.id AS record_id,
         CASE
           WHEN r.id IS NULL THEN 'new'
           WHEN r.removed_at IS NOT NULL THEN 'changed'
           WHEN r.fingerprint = s.fingerprint THEN NULL
           WHEN r.fingerprint IS NULL AND r.data = s.data AND r.names = s.names AND r.name = s.name
             AND r.abn IS NOT DISTINCT FROM s.abn AND r.acn IS NOT DISTINCT FROM s.acn
             AND r.status IS NOT DISTINCT FROM s.status AND r.as_of IS NOT DISTINCT FROM s.as_of THEN 'fingerprint'
           WHEN ? AND r.as_of IS NOT NULL AND s.as_of IS NOT NULL AND r.as_of > s.as_of THEN NULL
           ELSE 'changed'
         END AS kind
       FROM aevs_stage s LEFT JOIN source_records r
         ON r.partition = ? AND r.dataset = ? AND r.record_key = s.record_key
     ) compared
     WHERE kind IS NOT NULL`,
    [options.keepsNewerRecord, partition, dataset],
  );
  await tx.exec('CREATE INDEX ON aevs_diff (seq)');
  const rows = await tx.all<{ kind: string; n: number }>(
    'SELECT kind, COUNT(*) AS n FROM aevs_diff GROUP BY kind',
  );
  const count = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { inserted: count('new'), updated: count('changed') };
}

/** Changed records take the staged fields and names; new ones are inserted with theirs. */
async function applyChanges(scope: Scope) {
  const { tx, at, ingestId } = scope;
  await tx.run(
    `UPDATE source_records r SET abn = s.abn, acn = s.acn, name = s.name, names = s.names, status = s.status,
       as_of = s.as_of, data = s.data, fingerprint = s.fingerprint, updated_at = ?, removed_at = NULL, seen_ingest = ?
     FROM aevs_diff d JOIN aevs_stage s ON s.seq = d.seq
     WHERE d.kind = 'changed' AND r.id = d.record_id`,
    [at, ingestId],
  );
  await tx.run(
    `UPDATE source_records r SET fingerprint = s.fingerprint
     FROM aevs_diff d JOIN aevs_stage s ON s.seq = d.seq
     WHERE d.kind = 'fingerprint' AND r.id = d.record_id`,
  );
  await tx.run(
    `DELETE FROM source_names n USING aevs_diff d WHERE d.kind = 'changed' AND n.record_id = d.record_id`,
  );
  await tx.run(
    `INSERT INTO source_names (record_id, name, name_type, name_key)
     SELECT d.record_id, x.value->>0, x.value->>1, x.value->>2
     FROM aevs_diff d JOIN aevs_stage s ON s.seq = d.seq
       CROSS JOIN LATERAL jsonb_array_elements(s.name_keys::jsonb) AS x
     WHERE d.kind = 'changed'`,
  );
  await insertStaged(scope);
}

type ChangeRow = {
  seq: number;
  file: number;
  line: number;
  record_key: string;
  abn: string | null;
  acn: string | null;
  name: string;
  names: string;
  status: string | null;
  as_of: string | null;
  data: string;
  fingerprint: string;
  name_keys: string;
} & { [K in keyof StoredRecord as `b_${K}`]: StoredRecord[K] | null };

/** The new and changed records in file order, each with the stored copy it replaced. */
async function readChanges(tx: Db, onChanges: (batch: SnapshotChange[]) => Promise<void>) {
  const before = STORED_COLUMNS.split(', ')
    .map((c) => `b.${c} AS b_${c}`)
    .join(', ');
  for (let after = 0; ; ) {
    const rows = await tx.all<ChangeRow>(
      `SELECT s.${STAGE_COLUMNS.split(', ').join(', s.')}, ${before}
       FROM aevs_diff d JOIN aevs_stage s ON s.seq = d.seq LEFT JOIN aevs_before b ON b.id = d.record_id
       WHERE d.kind <> 'fingerprint' AND d.seq > ? ORDER BY d.seq LIMIT ${READ_BATCH}`,
      [after],
    );
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]?.seq);
    await onChanges(rows.map(toChange));
  }
}

function toChange(row: ChangeRow): SnapshotChange {
  const names = JSON.parse(row.name_keys) as Array<[string, string, string]>;
  return {
    before:
      row.b_id === null
        ? null
        : {
            id: Number(row.b_id),
            record_key: row.b_record_key as string,
            abn: row.b_abn,
            acn: row.b_acn,
            name: row.b_name as string,
            names: row.b_names as string,
            status: row.b_status,
            as_of: row.b_as_of,
            data: row.b_data as string,
            removed_at: row.b_removed_at,
            seen_ingest: row.b_seen_ingest,
            fingerprint: row.b_fingerprint,
          },
    after: {
      file: Number(row.file),
      line: Number(row.line),
      key: row.record_key,
      abn: row.abn,
      acn: row.acn,
      name: row.name,
      status: row.status,
      asOf: row.as_of,
      namesJson: row.names,
      dataJson: row.data,
      fingerprint: row.fingerprint,
      names: names.map(([name, type, key]) => ({ name, type, key })),
    },
  };
}

/** The records the snapshot no longer holds are marked removed, with their names gone; read first for events. */
async function removeGone({ tx, at }: Scope, onRemoved?: (batch: StoredRecord[]) => Promise<void>) {
  if (onRemoved) {
    for (let after = 0; ; ) {
      const rows = await tx.all<StoredRecord>(
        `SELECT ${STORED_COLUMNS.split(', ')
          .map((c) => `r.${c}`)
          .join(', ')}
         FROM aevs_gone g JOIN source_records r ON r.id = g.id
         WHERE NOT g.kept AND g.id > ? ORDER BY g.id LIMIT ${READ_BATCH}`,
        [after],
      );
      if (rows.length === 0) break;
      after = Number(rows[rows.length - 1]?.id);
      await onRemoved(rows.map((r) => ({ ...r, id: Number(r.id) })));
    }
  }
  const removed = await tx.run(
    'UPDATE source_records r SET removed_at = ?, updated_at = ? FROM aevs_gone g WHERE r.id = g.id AND NOT g.kept',
    [at, at],
  );
  await tx.run('DELETE FROM source_names n USING aevs_gone g WHERE n.record_id = g.id AND NOT g.kept');
  return removed;
}

/** Rows counted, at most, where the table has no statistics yet. */
const HELD_COUNT_CAP = 1_000_000;

/**
 * The records the register tables hold, as the planner's statistics have it (no count of them
 * all). A table never analysed (just restored from a dump, say) has none: its rows are counted,
 * up to a million, so that a small load never sets a large table's indexes aside.
 */
async function heldRows(tx: Db): Promise<number> {
  const row = await tx.get<{ n: number }>(
    "SELECT reltuples::bigint AS n FROM pg_class WHERE oid = 'source_records'::regclass",
  );
  const estimate = Number(row?.n ?? -1);
  if (estimate >= 0) return estimate;
  const counted = await tx.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM source_records LIMIT ${HELD_COUNT_CAP}) held`,
  );
  return Number(counted?.n ?? 0);
}

/** Whether a first load of `loading` records sets the tables' indexes aside (see `setAsideIndexes`). */
const setsAside = (loading: number, held: number) => loading >= 5_000 && loading >= held * SUSPEND_RATIO;

/**
 * The indexes of the register tables a large load sets aside, to build once at the end (as the
 * table holds them, so they come back exactly). The caller asks only when the load is large next
 * to what the tables hold (`setsAside`): the rebuild covers every row. The unique ones and
 * the key go too: the stage holds no key twice and none the dataset already had (a first load),
 * and each record's id comes from a block of the sequence, so building them again cannot fail on
 * what the load wrote; keeping them up row by row was the largest part of inserting the records.
 */
async function setAsideIndexes(tx: Db): Promise<SetAside> {
  // The tables as the connection's search path finds them (each test, say, has a schema of its own).
  const indexes = await tx.all<{
    name: string;
    table: string;
    indexdef: string;
    constraint_name: string | null;
    constraintdef: string | null;
    unique: boolean;
  }>(
    `SELECT x.indexrelid::regclass::text AS name, x.indrelid::regclass::text AS table, x.indisunique AS unique,
       pg_get_indexdef(x.indexrelid) AS indexdef,
       c.conname AS constraint_name, pg_get_constraintdef(c.oid) AS constraintdef
     FROM pg_index x LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid
     WHERE x.indrelid IN ('source_records'::regclass, 'source_names'::regclass)`,
  );
  const rebuild: SetAside = { unique: [], others: [] };
  for (const index of indexes) {
    if (index.constraint_name) {
      await tx.exec(`ALTER TABLE ${index.table} DROP CONSTRAINT ${quoteIdent(index.constraint_name)}`);
      rebuild[index.unique ? 'unique' : 'others'].push(
        `ALTER TABLE ${index.table} ADD CONSTRAINT ${quoteIdent(index.constraint_name)} ${index.constraintdef}`,
      );
    } else {
      await tx.exec(`DROP INDEX ${index.name}`);
      rebuild[index.unique ? 'unique' : 'others'].push(index.indexdef);
    }
  }
  return rebuild;
}

/** The statements that build a load's set-aside indexes and constraints again, the unique ones apart. */
type SetAside = { unique: string[]; others: string[] };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rebuildIndexes(tx: Db, statements: SetAside) {
  for (const sql of [...statements.unique, ...statements.others]) await tx.exec(sql);
  await tx.exec('ANALYZE source_records; ANALYZE source_names');
}
