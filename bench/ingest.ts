// `npm run bench:ingest [N]`: writes an ABN Bulk Extract-format file of N records (default 1,000,000),
// then measures in separate processes, in this run: a bare saxes pass over the file, the ingest's
// parsing alone (nothing stored), the full ingest of it (parse on its own thread, store writes, name
// index, all in one transaction), and the store's share alone (the ingested rows copied into a fresh
// store by SQLite, with the share of it that can only start once every row is in). Prints records/s
// for each, the ratio (goal >= 0.5) and the ingest's peak RSS (goal < 300 MB whatever N).
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const n = Number(process.argv[2] ?? process.env.BENCH_RECORDS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'aevs-bench-abr-'));
const file = join(dir, '20261118Public01.xml');
let ingested: string | undefined;

try {
  execFileSync(
    process.execPath,
    [new URL('./generate-abr-bulk.ts', import.meta.url).pathname, file, String(n)],
    { stdio: 'inherit' },
  );
  console.log(`generated ${n.toLocaleString('en-AU')} records, ${(statSync(file).size / 1e6).toFixed(0)} MB`);
  // The generated file goes to disk now, not while the passes run (its writeback would be billed to
  // whichever pass it happened to overlap, usually the ingest's own writes).
  const fd = openSync(file, 'r');
  fsyncSync(fd);
  closeSync(fd);

  const run = async (kind: 'bare' | 'parse' | 'ingest' | 'floor', path: string) => {
    const child = fork(new URL('./ingest-worker.ts', import.meta.url), [kind, path], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const [result] = (await once(child, 'message')) as [
      { records: number; seconds: number; maxRssMb: number; dataDir?: string; afterLastRow?: number },
    ];
    await once(child, 'exit');
    return result;
  };

  const bare = await run('bare', file);
  const parsing = await run('parse', file);
  const full = await run('ingest', file);
  if (!full.dataDir) throw new Error('the ingest did not report its store');
  ingested = full.dataDir;
  const floor = await run('floor', full.dataDir);
  if (full.records !== n || bare.records !== n || floor.records !== n || parsing.records !== n)
    throw new Error(
      `expected ${n} records, bare saw ${bare.records}, parsing ${parsing.records}, ingest ${full.records}, floor ${floor.records}`,
    );
  const tail = floor.afterLastRow ?? 0;
  const bareRate = bare.records / bare.seconds;
  const fullRate = full.records / full.seconds;
  const floorRate = floor.records / floor.seconds;
  console.log(`Node ${process.version}, ${n.toLocaleString('en-AU')} records`);
  console.log(
    `bare saxes pass        ${bareRate.toFixed(0).padStart(9)} records/s  ${bare.seconds.toFixed(1)} s  peak RSS ${bare.maxRssMb.toFixed(0)} MB`,
  );
  console.log(
    `parsing alone          ${(parsing.records / parsing.seconds).toFixed(0).padStart(9)} records/s  ${parsing.seconds.toFixed(1)} s  (the ingest's parsing thread and hand-over, nothing stored)`,
  );
  console.log(
    `full ingest (SQLite)   ${fullRate.toFixed(0).padStart(9)} records/s  ${full.seconds.toFixed(1)} s  peak RSS ${full.maxRssMb.toFixed(0)} MB`,
  );
  console.log(
    `store work alone       ${floorRate.toFixed(0).padStart(9)} records/s  ${floor.seconds.toFixed(1)} s  (the ingest's rows copied into a fresh store by SQLite: no parsing, no JavaScript per row; ${tail.toFixed(1)} s of it after the last row)`,
  );
  console.log(
    `ratio                  ${(fullRate / bareRate).toFixed(3)}  (goal >= 0.5; peak RSS goal < 300 MB)`,
  );
  console.log(
    `ratio store alone      ${(floorRate / bareRate).toFixed(3)}  (what the ingest would reach if parsing and JavaScript cost nothing)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  if (ingested) rmSync(ingested, { recursive: true, force: true });
}
