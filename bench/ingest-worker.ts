// One side of `npm run bench:ingest`, in its own process so that its peak RSS is its own:
// `bare` counts <ABR> elements with saxes and nothing else; `ingest` runs the full `aevs ingest`
// path (abr-bulk adapter, diffing, store writes in one transaction) into a fresh SQLite store.
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { ingest } from '../src/ingest/ingest.ts';
import { adapter } from '../src/registers/abr-bulk/parse.ts';
import { openStore } from '../src/store/open-store.ts';

const [kind, file] = process.argv.slice(2);
if (!file) throw new Error('usage: ingest-worker.ts bare|ingest FILE');
const started = performance.now();
let records = 0;
let dataDir: string | null = null;

if (kind === 'bare') {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (tag.name === 'ABR') records++;
  });
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 }))
    parser.write(chunk as string);
  parser.close();
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'aevs-bench-ingest-'));
  const db = await openStore({ dataDir, databaseUrl: undefined });
  const summary = await ingest({
    ctx: { db, clock: () => new Date() },
    input: {
      adapter,
      files: [
        {
          name: file,
          size: statSync(file).size,
          path: file,
          open: async () => createReadStream(file, { highWaterMark: 1 << 16 }),
        },
      ],
      partition: 'live',
    },
  });
  records = summary.inserted + summary.updated + summary.unchanged;
  await db.close();
}
const seconds = (performance.now() - started) / 1000;
// The store is a gigabyte or more at the default N: not left behind.
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
process.send?.({ records, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 });
