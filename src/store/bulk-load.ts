import type { Partition } from '../ctx.ts';
import type { Db } from './db.ts';

export type FreshRecord = {
  key: string;
  abn: string | null;
  acn: string | null;
  name: string;
  status: string | null;
  asOf: string | null;
  namesJson: string;
  dataJson: string;
  /** What a later snapshot's record is compared with (docs/architecture.md, an ingest). */
  fingerprint: string;
  names: Array<{ name: string; type: string; key: string }>;
};

export type FreshLoad = {
  /** Writes the record and its names; false when this load already holds its key (the first stays). */
  insert(record: FreshRecord): boolean;
  /** Between batches: once the load is large next to what the tables hold, sets their indexes aside. */
  afterBatch(): Promise<void>;
  /**
   * While the load waits for its next records: a step of the work `finish` would do, so that less is
   * left for the end. False when there is none to do now.
   */
  whileWaiting(): boolean;
  /** Builds again whatever was set aside. Call before anything else writes in the transaction. */
  finish(): Promise<void>;
};

/** Records written through the indexes before setting them aside is considered at all. */
const SUSPEND_MIN = 5_000;
/** …and the share of the rows already stored that this load must reach (a rebuild covers them too). */
const SUSPEND_SHARE = 1 / 8;
/** Names added to the name index in one step while waiting (tens of milliseconds). */
const NAME_INDEX_STEP = 10_000;

/**
 * The first load of a dataset into a partition (SQLite): there is nothing stored to compare with, so
 * records go in without a lookup each, through statements prepared once. A large load also sets the
 * name index's triggers aside inside the transaction, and fills the index from the new names in
 * steps while it waits for the parser and in one statement at the end: inserting millions of names
 * into the FTS5 index one at a time costs several times more.
 * Everything stays in the one transaction, so a failure leaves the store, indexes included, as it was.
 * PostgreSQL (no synchronous statements) answers null: its ingest takes the general path.
 */
export async function startFreshLoad(
  tx: Db,
  input: { partition: Partition; dataset: string; at: string; ingestId: string },
): Promise<FreshLoad | null> {
  if (!tx.prepare) return null;
  const { partition, dataset, at, ingestId } = input;
  // What is the same for every row of the load is written into the statement: binding a parameter
  // costs about as much as storing it, and these five were a fifth of each insert's time.
  const insertRecord = tx.prepare(
    `INSERT INTO source_records (partition, dataset, first_seen_at, updated_at, seen_ingest, record_key, abn, acn, name, names, status, as_of, data, fingerprint)
     VALUES (${[partition, dataset, at, at, ingestId].map(literal).join(', ')}, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const insertName = tx.prepare(
    'INSERT INTO source_names (record_id, name, name_type, name_key) VALUES (?, ?, ?, ?)',
  );
  const stored = Number(
    (await tx.get<{ n: number | null }>('SELECT MAX(rowid) AS n FROM source_records'))?.n ?? 0,
  );
  const indexNames = tx.prepare(
    'INSERT INTO source_names_fts (rowid, name_key) SELECT rowid, name_key FROM source_names WHERE rowid > ? AND rowid <= ?',
  );
  let inserted = 0;
  let lastName = 0;
  let aside: SetAside | null = null;

  return {
    insert(r) {
      const { changes, lastInsertRowid } = insertRecord.run(
        r.key,
        r.abn,
        r.acn,
        r.name,
        r.namesJson,
        r.status,
        r.asOf,
        r.dataJson,
        r.fingerprint,
      );
      if (Number(changes) === 0) return false;
      const recordId = Number(lastInsertRowid);
      for (const n of r.names)
        lastName = Number(insertName.run(recordId, n.name, n.type, n.key).lastInsertRowid);
      inserted++;
      return true;
    },
    async afterBatch() {
      if (aside === null && inserted >= SUSPEND_MIN && inserted >= stored * SUSPEND_SHARE)
        aside = await setAside(tx);
    },
    whileWaiting() {
      // The name index takes the names written so far; the B-tree indexes need the whole table.
      if (aside === null || aside.namesIndexed >= lastName) return false;
      const to = Math.min(aside.namesIndexed + NAME_INDEX_STEP, lastName);
      indexNames.run(aside.namesIndexed, to);
      aside.namesIndexed = to;
      return true;
    },
    async finish() {
      if (aside) await rebuild(tx, aside);
      aside = null;
    },
  };
}

/** A string as an SQL literal. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** What was dropped, and the names (by rowid) the name index holds: all up to `namesIndexed`. */
type SetAside = { statements: Array<{ type: string; sql: string }>; namesIndexed: number };

/**
 * Indexes a large load keeps up to date row by row rather than setting aside. Names by record: record
 * ids only grow, so each entry goes at the end of the index. Records by ABN and by ACN: set aside
 * and built after the last row, they added about 2 s to the end of a 1M-record ABN Bulk Extract load
 * and took nothing measurable off the rest of it.
 */
const KEPT_UP = ['source_names_by_record', 'source_records_by_abn', 'source_records_by_acn'];

/** The indexes and triggers of the register tables that a large load sets aside and builds again. */
export function setAsideStatements(tx: Db) {
  // Unique indexes stay: they check the rows as they arrive. Other triggers stay: they may do more
  // than index. The statements are kept as the schema holds them, to be run again as they are.
  return tx.all<{ type: string; name: string; sql: string }>(
    `SELECT type, name, sql FROM sqlite_schema
     WHERE tbl_name IN ('source_records', 'source_names') AND sql IS NOT NULL
       AND ((type = 'index' AND sql NOT LIKE 'CREATE UNIQUE%' AND name NOT IN (${KEPT_UP.map(() => '?').join(', ')}))
         OR (type = 'trigger' AND sql LIKE '%source_names_fts%'))
     ORDER BY type, name`,
    KEPT_UP,
  );
}

/** Drops what `setAsideStatements` names: the name index's triggers, and any index not kept up. */
async function setAside(tx: Db): Promise<SetAside> {
  const statements = await setAsideStatements(tx);
  const last = await tx.get<{ n: number | null }>('SELECT MAX(rowid) AS n FROM source_names');
  for (const s of statements) await tx.exec(`DROP ${s.type.toUpperCase()} "${s.name.replace(/"/g, '""')}"`);
  return { statements, namesIndexed: Number(last?.n ?? 0) };
}

async function rebuild(tx: Db, aside: SetAside): Promise<void> {
  // Index builds sort (through temporary files: the connection keeps them out of memory) with a
  // helper thread: by now the parsing is done and its core is free.
  const threads = await tx.get<{ threads: number }>('PRAGMA threads');
  await tx.exec('PRAGMA threads = 1');
  try {
    for (const s of aside.statements) if (s.type === 'index') await tx.exec(s.sql);
    // The names written since the triggers were dropped (and not yet while waiting) join the name
    // index in one statement.
    await tx.run(
      'INSERT INTO source_names_fts (rowid, name_key) SELECT rowid, name_key FROM source_names WHERE rowid > ?',
      [aside.namesIndexed],
    );
    for (const s of aside.statements) if (s.type === 'trigger') await tx.exec(s.sql);
  } finally {
    await tx.exec(`PRAGMA threads = ${Number(threads?.threads ?? 0)}`);
  }
}
