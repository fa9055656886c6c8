// `npm run bench:scale [N]`: the national-scale path, side by side on both engines in one run. It
// writes N companies in the ABN Bulk Extract format and the same companies in the ASIC Company
// Dataset's layout, then on SQLite and on PostgreSQL (AEVS_BENCH_DATABASE_URL; a fresh schema there,
// dropped after): the first load (records/s), the same snapshot loaded again (the weekly case, no
// slower than the first load is the goal), name search over 300 labelled queries (recall@1, p95),
// with the plans of three of them, resolve by ABN through the API in a server process of its own
// (p99 at 32 connections flat out, and at a steady BENCH_RESOLVE_RATE, default 1,000 a second; each
// request a company not asked for before, up to N of them), and
// three server processes on the store against one account's limit.
// Before the resolves, screening lists of the real ones' size are loaded (bench/screening-list-files.ts:
// a DFAT list of about 3,900 parties and ASIC's banned persons), so each resolve screens as it would
// in a deployment; BENCH_LISTS=0 leaves them out, and without the sanctions lists at hand they are.
// BENCH_ASIC=0 leaves the ASIC file out; BENCH_ENGINES=sqlite or postgres measures one engine.
//
//   AEVS_BENCH_DATABASE_URL=postgres://… npm run bench:scale -- 1000000
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createAccount } from '../src/accounts/create-account.ts';
import { createKey } from '../src/accounts/keys.ts';
import { ingest } from '../src/ingest/ingest.ts';
import { nameKey } from '../src/names/name-key.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { explaining, type Plan } from './explain.ts';
import { steadyRate } from './load.ts';
import { writeScreeningLists } from './screening-list-files.ts';
import {
  companyIds,
  labelledQueries,
  measureSearch,
  percentile,
  writeCompanyExtract,
} from './synthetic-names.ts';

const n = Number(process.argv[2] ?? process.env.BENCH_RECORDS ?? 1_000_000);
const pgUrl = process.env.AEVS_BENCH_DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** Resolves a second for the steady-rate latency (BENCH_RESOLVE_RATE). */
const steadyRateWanted = Number(process.env.BENCH_RESOLVE_RATE ?? 1_000);
const dir = mkdtempSync(join(tmpdir(), 'aevs-bench-scale-'));
const xml = join(dir, '20261118Public01.xml');
const csv = join(dir, 'company_202611.csv');

const started = performance.now();
const written = await writeCompanyExtract(xml, n, csv);
const lists = process.env.BENCH_LISTS === '0' ? null : await writeScreeningLists(dir);
console.log(
  lists
    ? `screening lists for the resolves: DFAT layout ${lists.dfat.rows.toLocaleString('en-AU')} rows for ${lists.dfat.parties.toLocaleString('en-AU')} parties, banned persons ${lists.bannedPersons.rows.toLocaleString('en-AU')} rows`
    : 'screening lists for the resolves: none (BENCH_LISTS=0, or the sanctions lists are not at hand): every list unavailable, nothing screened',
);
console.log(
  `Node ${process.version}, ${n.toLocaleString('en-AU')} companies written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

type Result = {
  engine: string;
  firstLoad: number;
  asicLoad: number;
  again: number;
  recall1: number;
  searchP95: number;
  firstResolveMs: number;
  resolveP99: number;
  resolveRps: number;
  steadyP99: number;
  steadyP999: number;
  steadyRps: number;
  bareSteadyP99: number;
  /** The server's event loop held up, at the steady rate: the part of a request's wait spent in the process. */
  loopDelayP99: number;
  loopDelayMax: number;
  limitRatio: number;
  otherRefused: number;
};

/** A file as `aevs ingest` reads it: its size known, so a large one is parsed on its own thread. */
const file = (path: string) => ({
  name: path,
  path,
  size: statSync(path).size,
  open: async () => createReadStream(path),
});
const secondsSince = (t: number) => (performance.now() - t) / 1000;
/** A prime: company i * DRAW_STRIDE mod N runs through every company once, for any N it does not divide. */
const DRAW_STRIDE = 7919;

/** A PostgreSQL schema of its own for this run, reached through `search_path`. */
async function postgresSettings(base: string) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const databaseUrl = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
  return {
    databaseUrl,
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

async function measure(engine: 'sqlite' | 'postgres'): Promise<Result> {
  const pgSettings = engine === 'postgres' && pgUrl ? await postgresSettings(pgUrl) : undefined;
  const dataDir = mkdtempSync(join(dir, `${engine}-`));
  const settings = { dataDir, databaseUrl: pgSettings?.databaseUrl };
  const db = await openDb(settings);
  const ctx = { store: createStore(db), clock: () => new Date() };
  try {
    const load = async (
      dataset: 'abr-bulk' | 'asic-companies' | 'dfat' | 'asic-banned-persons',
      path: string,
    ) => {
      const t = performance.now();
      const s = await ingest({
        ctx,
        input: { adapter: ADAPTERS[dataset], files: [file(path)], partition: 'live' },
      });
      if (s.rejected)
        throw new Error(`${dataset}: ${s.rejected} rejected: ${JSON.stringify(s.rejected_examples)}`);
      return { s, seconds: secondsSince(t) };
    };
    const first = await load('abr-bulk', xml);
    console.log(
      `${engine}: first load ${(n / first.seconds).toFixed(0)} records/s (${first.seconds.toFixed(1)} s)`,
    );
    // BENCH_ASIC=0 leaves the ASIC file out (at 5M it takes longer than the extract itself).
    const asic = process.env.BENCH_ASIC === '0' ? null : await load('asic-companies', csv);
    if (asic)
      console.log(
        `${engine}: ASIC companies ${(n / asic.seconds).toFixed(0)} records/s (${asic.seconds.toFixed(1)} s)`,
      );
    const again = await load('abr-bulk', xml);
    if (again.s.unchanged !== n) throw new Error(`the same snapshot again: ${JSON.stringify(again.s)}`);
    console.log(
      `${engine}: the same snapshot again ${(n / again.seconds).toFixed(0)} records/s (${again.seconds.toFixed(1)} s)`,
    );

    const search = await measureSearch(ctx.store, written);
    console.log(
      `${engine}: name search recall@1 ${search.recall1.toFixed(3)} p95 ${percentile(search.latency, 95).toFixed(1)} ms`,
    );
    await printPlans(engine, db);
    if (lists) {
      await load('dfat', lists.dfat.path);
      await load('asic-banned-persons', lists.bannedPersons.path);
    }
    const resolve = await resolveThroughApi(settings);
    console.log(
      `${engine}: first resolve after the server started (screening lists read into their indexes) ${resolve.firstResolveMs.toFixed(0)} ms`,
    );
    console.log(
      `${engine}: resolve by ABN p99 ${resolve.resolveP99} ms, ${resolve.resolveRps.toFixed(0)} req/s (32 connections flat out); p99 ${resolve.steadyP99} ms (p99.9 ${resolve.steadyP999}) at a steady ${resolve.steadyRps.toFixed(0)} req/s, where the bare Node server's p99 is ${resolve.bareSteadyP99} ms; the server's event loop held up p99 ${resolve.loopDelayP99} ms, at most ${resolve.loopDelayMax} ms`,
    );
    const shared = await limitAcrossProcesses(ctx, settings);
    return {
      engine,
      firstLoad: n / first.seconds,
      asicLoad: asic ? n / asic.seconds : Number.NaN,
      again: n / again.seconds,
      recall1: search.recall1,
      searchP95: percentile(search.latency, 95),
      ...resolve,
      ...shared,
    };
  } finally {
    await db.close();
    await pgSettings?.drop();
  }
}

/** Resolve by ABN (every block, screening included) against a server in its own process on the store. */
async function resolveThroughApi(settings: { dataDir: string; databaseUrl: string | undefined }) {
  const child = fork(new URL('./validate-server.ts', import.meta.url), ['app-store'], {
    env: {
      ...process.env,
      AEVS_DATA_DIR: settings.dataDir,
      ...(settings.databaseUrl ? { AEVS_DATABASE_URL: settings.databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const info = await new Promise<{ port: number; key: string }>((resolve, reject) => {
      child.once('message', resolve as (m: unknown) => void);
      child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    // Companies drawn across all N, each once (until N requests have been sent): a resolve of a
    // company the process has not kept reads the store, as most of a real day's resolves do.
    let drawn = 0;
    const nextAbn = () => companyIds((drawn++ * DRAW_STRIDE + 13) % n).abn;
    const run = () =>
      autocannon({
        url: `http://127.0.0.1:${info.port}`,
        connections: 32,
        duration: seconds,
        headers: { authorization: `Bearer ${info.key}`, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            path: '/v1/resolve',
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ abn: nextAbn() }) }),
          },
        ],
      });
    // The first resolve reads each screening list into its index (once per loaded copy of a list).
    const t = performance.now();
    const first = await fetch(`http://127.0.0.1:${info.port}/v1/resolve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${info.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ abn: nextAbn() }),
    });
    if (!first.ok) throw new Error(`resolve: ${first.status} ${await first.text()}`);
    const firstMs = performance.now() - t;
    await run(); // warm-up
    const r = await run();
    if (r.non2xx || r.errors) throw new Error(`resolve: ${r.non2xx} non-2xx, ${r.errors} errors`);
    // Flat out, a request's latency is mostly its wait behind the other 31: requests sent at a steady
    // rate below the server's capacity measure the time a resolve itself takes.
    // Each request a company not asked for before in this run (where N is larger than the requests
    // sent), so each is read from the store, not from what the process keeps.
    const bodies = Array.from({ length: steadyRateWanted * (seconds + 2) }, () =>
      JSON.stringify({ abn: nextAbn() }),
    );
    await loopDelay(child); // from here on
    const steady = await steadyRate({
      ...info,
      path: '/v1/resolve',
      bodies,
      rate: steadyRateWanted,
      seconds,
    });
    const held = await loopDelay(child);
    // The floor in the same run: Node's own server answering a constant, at the same rate.
    const floor = await bareSteady();
    return {
      firstResolveMs: firstMs,
      resolveP99: r.latency.p99,
      resolveRps: r.requests.average,
      steadyP99: steady.p99,
      steadyP999: steady.p999,
      steadyRps: steady.rps,
      bareSteadyP99: floor.p99,
      loopDelayP99: held.p99,
      loopDelayMax: held.max,
    };
  } finally {
    child.kill();
  }
}

/** The server's event-loop delay since the last ask (bench/validate-server.ts), in ms. */
function loopDelay(child: ChildProcess): Promise<{ p50: number; p99: number; max: number }> {
  return new Promise((resolve) => {
    const heard = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !('loopDelay' in m)) return;
      child.off('message', heard);
      resolve(m.loopDelay as { p50: number; p99: number; max: number });
    };
    child.on('message', heard);
    child.send('loop-delay');
  });
}

/** Node's bare HTTP server answering a constant, at the steady rate: what the machine itself adds. */
async function bareSteady() {
  const child = fork(new URL('./validate-server.ts', import.meta.url), ['node'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', resolve as (m: unknown) => void);
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    return await steadyRate({ port, key: '', path: '/', bodies: ['{}'], rate: steadyRateWanted, seconds });
  } finally {
    child.kill();
  }
}

/**
 * The plans of three labelled searches (a typed variant, a misspelt word, a reordered name), as the
 * engine runs them at this size: PostgreSQL's EXPLAIN (ANALYZE, BUFFERS), SQLite's query plan.
 */
async function printPlans(engine: string, db: Parameters<typeof explaining>[0]) {
  const queries = labelledQueries(written)
    .filter((_, i) => [0, 3, 2].includes(i % 6))
    .slice(0, 3);
  for (const { query } of queries) {
    const plans: Plan[] = [];
    await createStore(explaining(db, plans)).names.candidates(
      'live',
      nameKey(query).split(' ').filter(Boolean),
    );
    console.log(`\n${engine}: plans for "${query}"`);
    for (const plan of plans)
      console.log(`  ${plan.sql.slice(0, 160)}\n${plan.lines.map((l) => `    ${l}`).join('\n')}`);
  }
}

/**
 * Three server processes on the store, one account sending as fast as it can through all three
 * against a limit of LIMIT a minute, and another account sending a few requests a second meanwhile.
 * The bucket starts full (one minute's allowance), so the rate is what got through beyond that.
 */
async function limitAcrossProcesses(
  ctx: { store: ReturnType<typeof createStore>; clock: () => Date },
  settings: { dataDir: string; databaseUrl: string | undefined },
) {
  const limit = Number(process.env.BENCH_LIMIT_PER_MINUTE ?? 3_000);
  const duration = Number(process.env.BENCH_LIMIT_SECONDS ?? 30);
  const keyFor = async (name: string) =>
    (
      await createKey({
        ctx,
        input: { accountId: (await createAccount({ ctx, input: { name } })).id, mode: 'live' },
      })
    ).key;
  const [busy, quiet] = [await keyFor('busy'), await keyFor('quiet')];
  const children = Array.from({ length: 3 }, () =>
    fork(new URL('./validate-server.ts', import.meta.url), ['app-store'], {
      env: {
        ...process.env,
        AEVS_DATA_DIR: settings.dataDir,
        ...(settings.databaseUrl ? { AEVS_DATABASE_URL: settings.databaseUrl } : {}),
        BENCH_API_KEY: busy,
        BENCH_RATE_LIMIT_PER_MINUTE: String(limit),
        BENCH_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
  );
  try {
    const ports = await Promise.all(
      children.map(
        (child) =>
          new Promise<number>((resolve, reject) => {
            child.once('message', (m) => resolve((m as { port: number }).port));
            child.once('exit', (code) => reject(new Error(`a server exited (${code})`)));
          }),
      ),
    );
    const path = '/v1/validate/49004028077';
    const load = (port: number, key: string, extra: Partial<autocannon.Options>) =>
      autocannon({
        url: `http://127.0.0.1:${port}${path}`,
        headers: { authorization: `Bearer ${key}` },
        duration,
        ...extra,
      });
    const [runs, other] = await Promise.all([
      Promise.all(ports.map((port) => load(port, busy, { connections: 8 }))),
      load(ports[0] as number, quiet, { connections: 1, overallRate: 5 }),
    ]);
    const allowed = runs.reduce((sum, r) => sum + r['2xx'], 0);
    const refused = runs.reduce((sum, r) => sum + r.non2xx, 0);
    const perMinute = ((allowed - limit) / duration) * 60;
    console.log(
      `three processes, one account at ${limit}/min for ${duration} s: ${allowed} allowed, ${refused} refused (429); beyond the full bucket ${perMinute.toFixed(0)}/min = ${(perMinute / limit).toFixed(3)} x the limit (goal <= 1.1); another account: ${other['2xx']} allowed, ${other.non2xx} refused`,
    );
    return { limitRatio: perMinute / limit, otherRefused: other.non2xx };
  } finally {
    for (const child of children) child.kill();
  }
}

// BENCH_ENGINES=postgres (or sqlite) measures one engine only.
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const results: Result[] = engines.includes('sqlite') ? [await measure('sqlite')] : [];
if (pgUrl && engines.includes('postgres')) results.push(await measure('postgres'));
else console.log('postgres: skipped (set AEVS_BENCH_DATABASE_URL to a PostgreSQL server to measure it)');
rmSync(dir, { recursive: true, force: true });

console.log(`\n${n.toLocaleString('en-AU')} records`);
for (const r of results) {
  console.log(
    `${r.engine.padEnd(9)} first load ${r.firstLoad.toFixed(0).padStart(7)} rec/s   again ${r.again.toFixed(0).padStart(7)} rec/s (${(r.again / r.firstLoad).toFixed(2)} x the first load; goal >= 1)   ASIC ${Number.isNaN(r.asicLoad) ? 'not loaded (BENCH_ASIC=0)' : `${r.asicLoad.toFixed(0)} rec/s`}`,
  );
  console.log(
    `${''.padEnd(9)} name search recall@1 ${r.recall1.toFixed(3)}  p95 ${r.searchP95.toFixed(1)} ms (goal <= 50)   resolve by ABN p99 ${r.resolveP99} ms flat out at ${r.resolveRps.toFixed(0)} req/s, ${r.steadyP99} ms at a steady ${r.steadyRps.toFixed(0)} req/s (goal <= 10; bare Node ${r.bareSteadyP99} ms)`,
  );
  console.log(
    `${''.padEnd(9)} three processes on one account: ${r.limitRatio.toFixed(3)} x the limit a minute (goal <= 1.1); another account refused ${r.otherRefused} times (goal 0)`,
  );
}
// Loads stream: the peak stays flat as N grows (the parsing thread and COPY buffers, not the records).
console.log(`peak memory of this process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
const [lite, post] = results;
if (lite && post)
  console.log(
    `postgres first load / sqlite first load ${(post.firstLoad / lite.firstLoad).toFixed(2)} (goal >= 0.5)`,
  );
