// One side of `npm run bench:ingest`, in its own process so that its peak RSS is its own:
// `bare` counts <ABR> elements with saxes and nothing else; `ingest` runs the full `aevs ingest`
// path (abr-bulk adapter, diffing, store writes in one transaction) into a fresh SQLite store, and
// keeps the store for `floor`; `floor` copies that store's register rows into another fresh store
// with SQLite alone (no parsing, no JavaScript per row), the store's share of the ingest, and
// removes both stores.
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { ingest } from '../src/ingest/ingest.ts';
import { adapter } from '../src/registers/abr-bulk/parse.ts';
import { setAsideStatements } from '../src/store/bulk-load.ts';
import { openStore } from '../src/store/open-store.ts';

const [kind, path] = process.argv.slice(2);
if (!path) throw new Error('usage: ingest-worker.ts bare|ingest FILE, or ingest-worker.ts floor STORE_DIR');
let started = performance.now();
let records = 0;
let dataDir: string | undefined;

if (kind === 'bare') {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (tag.name === 'ABR') records++;
  });
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 }))
    parser.write(chunk as string);
  parser.close();
} else if (kind === 'floor') {
  records = await copyWithSqliteAlone(path, () => {
    started = performance.now();
  });
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'aevs-bench-ingest-'));
  const db = await openStore({ dataDir, databaseUrl: undefined });
  const summary = await ingest({
    ctx: { db, clock: () => new Date() },
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
process.send?.({ records, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, dataDir });

/**
 * The store's share of the ingest, alone: the rows the ingest wrote, copied by SQL from its store
 * into a fresh one the way the first load of a dataset writes them (one transaction, the indexes
 * and the name index's triggers it sets aside built again at the end, the others kept up, the name index filled,
 * committed, and checkpointed on close). Timed from `start()`: making the schema is not counted.
 * Both stores (a gigabyte or more each at the default N) are removed.
 */
async function copyWithSqliteAlone(from: string, start: () => void): Promise<number> {
  const target = mkdtempSync(join(tmpdir(), 'aevs-bench-floor-'));
  try {
    const db = await openStore({ dataDir: target, databaseUrl: undefined });
    const aside = await setAsideStatements(db);
    await db.exec(`ATTACH '${join(from, 'aevs.sqlite').replace(/'/g, "''")}' AS ingested`);
    start();
    await db.exec('BEGIN');
    for (const s of aside) await db.exec(`DROP ${s.type.toUpperCase()} "${s.name}"`);
    for (const table of ['source_records', 'source_names'])
      await db.exec(`INSERT INTO main.${table} SELECT * FROM ingested.${table} ORDER BY rowid`);
    await db.exec('PRAGMA threads = 1');
    for (const s of aside) if (s.type === 'index') await db.exec(s.sql);
    await db.exec(
      'INSERT INTO source_names_fts (rowid, name_key) SELECT rowid, name_key FROM main.source_names',
    );
    for (const s of aside) if (s.type === 'trigger') await db.exec(s.sql);
    await db.exec('COMMIT');
    const copied = await db.get<{ n: number }>('SELECT count(*) AS n FROM main.source_records');
    await db.exec('DETACH ingested');
    await db.close();
    return Number(copied?.n ?? 0);
  } finally {
    rmSync(target, { recursive: true, force: true });
    rmSync(from, { recursive: true, force: true });
  }
}
