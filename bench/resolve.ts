// `npm run bench:resolve`: POST /v1/resolve by ABN (the whole canonical record with every block,
// screening included) against a bare Node HTTP server answering a constant, each in its own process,
// and GET /v1/validate on the resolve server for reference, all measured in the same run. Rounds
// alternate between the servers so that drift on a shared machine hits both alike; figures are
// medians. Goals: resolve >= 0.1 x the bare server's requests/s, p99 <= 15 ms at 32 connections.
// Then each at a steady BENCH_RESOLVE_RATE (default 1,000 a second). The one ABN asked is read from
// the store once and kept by the process until the next ingest (docs/architecture.md, what a
// process keeps); bench:scale asks for a different company each time.
import { type ChildProcess, fork } from 'node:child_process';
import autocannon from 'autocannon';
import { median, pinLoadGenerator, steadyRate } from './load.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Requests a second for the steady-rate latency, below either server's capacity. */
const rate = Number(process.env.BENCH_RESOLVE_RATE ?? 1_000);
const pin = pinLoadGenerator();

async function start(kind: 'node' | 'app-sandbox') {
  const child: ChildProcess = fork(new URL('./validate-server.ts', import.meta.url), [kind], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    ...(pin ? { execPath: '/usr/bin/taskset', execArgv: ['-c', '1', process.execPath] } : {}),
  });
  const info = await new Promise<{ port: number; key?: string }>((resolve, reject) => {
    child.once('message', resolve as (m: unknown) => void);
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${info.port}`, key: info.key };
}

const run = async (opts: { url: string; method?: 'GET' | 'POST'; body?: string; key?: string }) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const r = await autocannon({ ...opts, headers, connections, duration: seconds });
  if (r.non2xx || r.errors) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
};

const bare = await start('node');
const app = await start('app-sandbox');
try {
  const resolve = {
    url: `${app.base}/v1/resolve`,
    method: 'POST' as const,
    body: JSON.stringify({ abn: '44600110236' }),
    key: app.key,
  };
  const validate = { url: `${app.base}/v1/validate/44600110236`, key: app.key };
  const floor = { url: `${bare.base}/` };
  await run({ ...resolve }); // warm-up
  await run(floor);
  const seen = {
    resolve: [] as number[],
    p99: [] as number[],
    floor: [] as number[],
    validate: [] as number[],
  };
  for (let round = 0; round < rounds; round++) {
    const r = await run(resolve);
    const f = await run(floor);
    const v = await run(validate);
    seen.resolve.push(r.rps);
    seen.p99.push(r.p99);
    seen.floor.push(f.rps);
    seen.validate.push(v.rps);
  }
  // At a steady rate below capacity, latency is the request's own time (and the machine's pauses,
  // which the bare server shows alike), not its wait behind 31 others.
  const steadyResolve = await steadyRate({
    port: Number(new URL(app.base).port),
    key: app.key ?? '',
    path: '/v1/resolve',
    bodies: [resolve.body],
    rate,
    seconds: seconds * 2,
  });
  const steadyFloor = await steadyRate({
    port: Number(new URL(bare.base).port),
    key: '',
    path: '/',
    bodies: ['{}'],
    rate,
    seconds: seconds * 2,
  });
  const m = (xs: number[]) => median(xs);
  console.log(
    `${rounds} rounds of ${seconds} s each, ${connections} connections, Node ${process.version}${pin ? ', load generator on CPU 0, servers on CPU 1' : ''}`,
  );
  console.log(
    `POST /v1/resolve {abn}       ${m(seen.resolve).toFixed(0).padStart(6)} req/s  p99 ${m(seen.p99)} ms (goal <= 15)`,
  );
  console.log(`GET /v1/validate/{abn}       ${m(seen.validate).toFixed(0).padStart(6)} req/s`);
  console.log(`bare Node HTTP, constant     ${m(seen.floor).toFixed(0).padStart(6)} req/s`);
  console.log(`ratio resolve / bare Node    ${(m(seen.resolve) / m(seen.floor)).toFixed(3)} (goal >= 0.1)`);
  console.log(`ratio resolve / validate     ${(m(seen.resolve) / m(seen.validate)).toFixed(3)}`);
  console.log(
    `at a steady ${rate}/s for ${seconds * 2} s: resolve p50 ${steadyResolve.p50} ms  p99 ${steadyResolve.p99} ms  p99.9 ${steadyResolve.p999} ms; bare Node p50 ${steadyFloor.p50} ms  p99 ${steadyFloor.p99} ms  p99.9 ${steadyFloor.p999} ms`,
  );
} finally {
  bare.child.kill();
  app.child.kill();
}
