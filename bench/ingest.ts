// `npm run bench:ingest [N] [ROUNDS]`: writes an ABN Bulk Extract-format file of N records (default
// 1,000,000), then measures in separate processes, in this run: in each of ROUNDS rounds (default 3)
// a bare saxes pass over the file and right after it the full ingest of it (parse on its own thread,
// store writes, name index, all in one transaction), their ratio for the round; then once the
// ingest's parsing alone (nothing stored) and the store's share alone (the last ingest's rows copied
// into a fresh store by SQLite, with the share of it that can only start once every row is in).
// Prints records/s for each, every round's ratio and their median (goal >= 0.5), and the ingest's
// peak RSS (goal < 300 MB whatever N). Rounds, because this machine's speed moves by a third from
// one minute to the next: each round pairs the two passes in time, and the median of rounds is
// what one slow or fast minute does not decide.
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const n = Number(process.argv[2] ?? process.env.BENCH_RECORDS ?? 1_000_000);
const rounds = Number(process.argv[3] ?? process.env.BENCH_ROUNDS ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'aevs-bench-abr-'));
const file = join(dir, '20261118Public01.xml');
let ingested: string | undefined;

type Pass = { records: number; seconds: number; maxRssMb: number; dataDir?: string; afterLastRow?: number };

const run = async (kind: 'bare' | 'parse' | 'ingest' | 'floor', path: string) => {
  const child = fork(new URL('./ingest-worker.ts', import.meta.url), [kind, path], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [result] = (await once(child, 'message')) as [Pass];
  await once(child, 'exit');
  if (result.records !== n) throw new Error(`expected ${n} records, the ${kind} pass saw ${result.records}`);
  return result;
};
const rate = (p: Pass) => p.records / p.seconds;
const line = (label: string, p: Pass, rest: string) =>
  console.log(
    `${label.padEnd(23)}${rate(p).toFixed(0).padStart(9)} records/s  ${p.seconds.toFixed(1)} s  ${rest}`,
  );
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

try {
  if (!(rounds >= 1))
    throw new Error(`ROUNDS must be 1 or more, not ${process.argv[3] ?? process.env.BENCH_ROUNDS}`);
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

  console.log(`Node ${process.version}, ${n.toLocaleString('en-AU')} records, ${rounds} rounds`);
  const ratios: number[] = [];
  let peakRss = 0;
  for (let round = 1; round <= rounds; round++) {
    const bare = await run('bare', file);
    const full = await run('ingest', file);
    if (!full.dataDir) throw new Error('the ingest did not report its store');
    if (ingested) rmSync(ingested, { recursive: true, force: true });
    ingested = full.dataDir;
    ratios.push(rate(full) / rate(bare));
    peakRss = Math.max(peakRss, full.maxRssMb);
    console.log(`round ${round}`);
    line('  bare saxes pass', bare, `peak RSS ${bare.maxRssMb.toFixed(0)} MB`);
    line('  full ingest (SQLite)', full, `peak RSS ${full.maxRssMb.toFixed(0)} MB`);
    console.log(`  ratio                ${(ratios.at(-1) as number).toFixed(3)}`);
  }
  const parsing = await run('parse', file);
  const bare = await run('bare', file);
  const floor = await run('floor', ingested as string);
  ingested = undefined;
  line('parsing alone', parsing, "(the ingest's parsing thread and hand-over, nothing stored)");
  line(
    'store work alone',
    floor,
    `(the last ingest's rows copied into a fresh store by SQLite: no parsing, no JavaScript per row; ${(floor.afterLastRow ?? 0).toFixed(1)} s of it after the last row)`,
  );
  line('bare saxes pass', bare, '(again, for the two above)');
  console.log(
    `ratio, median of rounds ${median(ratios).toFixed(3)}  (rounds: ${ratios.map((r) => r.toFixed(3)).join(', ')}; goal >= 0.5)`,
  );
  console.log(`ingest peak RSS        ${peakRss.toFixed(0)} MB  (goal < 300 MB)`);
  console.log(
    `ratio parsing alone    ${(rate(parsing) / rate(bare)).toFixed(3)}  (the ingest's parsing thread, next to the bare pass right after it)`,
  );
  console.log(
    `ratio store alone      ${(rate(floor) / rate(bare)).toFixed(3)}  (what the ingest would reach if parsing and JavaScript cost nothing)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  if (ingested) rmSync(ingested, { recursive: true, force: true });
}
