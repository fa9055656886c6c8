// One side of `npm run bench:ingest`, in its own process so that its peak RSS is its own:
// `bare` counts <ABR> elements with saxes and nothing else; `ingest` runs the full `aevs ingest`
// path (abr-bulk adapter, diffing, store writes in one transaction) into a fresh SQLite store, and
// keeps the store for `floor`; `floor` copies that store's register rows into another fresh store
// with SQLite alone (no parsing, no JavaScript per row), the store's share of the ingest, and
// removes both stores; `parse` runs the ingest's parsing alone (the parsing thread, its hand-over,
// each item read back on this thread) and stores nothing.
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { ingest } from '../src/ingest/ingest.ts';
import { readBatch } from '../src/ingest/prepare.ts';
import { readBatches } from '../src/ingest/read-batches.ts';
import { adapter } from '../src/registers/abr-bulk/parse.ts';
import { setAsideStatements } from '../src/store/bulk-load.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';

const [kind, path] = process.argv.slice(2);
if (!path)
  throw new Error('usage: ingest-worker.ts bare|parse|ingest FILE, or ingest-worker.ts floor STORE_DIR');
let started = performance.now();
let records = 0;
let dataDir: string | undefined;
/** `floor`: the part of the store's work that starts only once every row is in. */
let afterLastRow: number | undefined;

if (kind === 'bare') {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (tag.name === 'ABR') records++;
  });
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 }))
    parser.write(chunk as string);
  parser.close();
} else if (kind === 'parse') {
  const file = { name: path, size: statSync(path).size, path, open: async () => createReadStream(path) };
  for await (const batch of readBatches(adapter, file))
    for (const item of readBatch(batch)) if (item.kind === 'record') records++;
} else if (kind === 'floor') {
  const copied = await copyWithSqliteAlone(path, () => {
    started = performance.now();
  });
  records = copied.records;
  afterLastRow = copied.afterLastRow;
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'aevs-bench-ingest-'));
  const db = await openDb({ dataDir, databaseUrl: undefined });
  const summary = await ingest({
    ctx: { store: createStore(db), clock: () => new Date() },
    input: {
      adapter,
      files: [
        {
          name: path,
          size: statSync(path).size,
          path,
          open: async () => createReadStream(path, { highWaterMark: 1 << 16 }),
        },
      ],
      partition: 'live',
    },
  });
  records = summary.inserted + summary.updated + summary.unchanged;
  await db.close();
}
const seconds = (performance.now() - started) / 1000;
process.send?.({ records, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, dataDir, afterLastRow });

/**
 * The store's share of the ingest, alone: the rows the ingest wrote, copied by SQL from its store
 * into a fresh one the way the first load of a dataset writes them (one transaction, the indexes
 * and the name index's triggers it sets aside built again at the end, the others kept up, the name index filled,
 * committed, and checkpointed on close). Timed from `start()`: making the schema is not counted.
 * `afterLastRow` is what of it can only start once every row is in: the index builds, the commit
 * and the checkpoint (not the name index, which the ingest fills while it waits).
 * Both stores (a gigabyte or more each at the default N) are removed.
 */
async function copyWithSqliteAlone(
  from: string,
  start: () => void,
): Promise<{ records: number; afterLastRow: number }> {
  const target = mkdtempSync(join(tmpdir(), 'aevs-bench-floor-'));
  try {
    const db = await openDb({ dataDir: target, databaseUrl: undefined });
    const aside = await setAsideStatements(db);
    await db.exec(`ATTACH '${join(from, 'aevs.sqlite').replace(/'/g, "''")}' AS ingested`);
    start();
    await db.exec('BEGIN');
    for (const s of aside) await db.exec(`DROP ${s.type.toUpperCase()} "${s.name}"`);
    const copied = await db.run(
      'INSERT INTO main.source_records SELECT * FROM ingested.source_records ORDER BY rowid',
    );
    await db.run('INSERT INTO main.source_names SELECT * FROM ingested.source_names ORDER BY rowid');
    const lastRow = performance.now();
    await db.exec('PRAGMA threads = 1');
    for (const s of aside) if (s.type === 'index') await db.exec(s.sql);
    // The ingest fills most of the name index while it waits for the parser, so that part is not
    // counted as work after the last row.
    const nameIndexStarted = performance.now();
    await db.exec(
      'INSERT INTO source_names_fts (rowid, name_key) SELECT rowid, name_key FROM main.source_names',
    );
    const nameIndex = performance.now() - nameIndexStarted;
    for (const s of aside) if (s.type === 'trigger') await db.exec(s.sql);
    await db.exec('COMMIT');
    await db.exec('DETACH ingested');
    await db.close();
    return { records: copied, afterLastRow: (performance.now() - lastRow - nameIndex) / 1000 };
  } finally {
    rmSync(target, { recursive: true, force: true });
    rmSync(from, { recursive: true, force: true });
  }
}
