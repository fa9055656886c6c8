// `npm run bench`: GET /v1/validate/{abn} through the whole stack (bearer key, rate limit, usage
// metering, one JSON log line per request) against a bare Fastify route returning a constant, each
// in its own process, measured with autocannon in this run. Rounds alternate between the two so
// that drift on a shared machine hits both alike; the figures are the medians. Goal: ratio >= 0.85.
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import autocannon from 'autocannon';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Side = { port: number; key?: string; logFile?: string; cpu?: NodeJS.CpuUsage };

// On a multi-core machine the load generator and the server under test each get a core of their own
// (taskset), so neither side's figure depends on where the scheduler happened to put it.
const pin = existsSync('/usr/bin/taskset') && (await import('node:os')).availableParallelism() >= 2;
if (pin) execFileSync('/usr/bin/taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });

async function start(kind: 'app' | 'bare') {
  const child = fork(new URL('./validate-server.ts', import.meta.url), [kind], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    ...(pin ? { execPath: '/usr/bin/taskset', execArgv: ['-c', '1', process.execPath] } : {}),
  });
  const [info] = (await once(child, 'message')) as [Side];
  return { child, ...info };
}

async function run(url: string, headers: Record<string, string>, duration: number) {
  const result = await autocannon({ url, headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] ?? 0)
    : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

const bare = await start('bare');
const app = await start('app');
const bareUrl = `http://127.0.0.1:${bare.port}/v1/validate/49004028077`;
const appUrl = `http://127.0.0.1:${app.port}/v1/validate/49004028077`;
const appHeaders = { authorization: `Bearer ${app.key}` };
try {
  await run(bareUrl, {}, 2); // warm-up: JIT, connection pools
  await run(appUrl, appHeaders, 2);
  const bareRps: number[] = [];
  const appRps: number[] = [];
  const ratios: number[] = [];
  let p99 = { bare: 0, app: 0 };
  for (let round = 0; round < rounds; round++) {
    const b = await run(bareUrl, {}, seconds);
    const a = await run(appUrl, appHeaders, seconds);
    bareRps.push(b.requests.average);
    appRps.push(a.requests.average);
    ratios.push(a.requests.average / b.requests.average);
    p99 = { bare: Math.max(p99.bare, b.latency.p99), app: Math.max(p99.app, a.latency.p99) };
    console.log(
      `round ${round + 1}: bare ${b.requests.average.toFixed(0)} req/s, validate ${a.requests.average.toFixed(0)} req/s, ratio ${(a.requests.average / b.requests.average).toFixed(3)}`,
    );
  }
  const logBytes = app.logFile ? statSync(app.logFile).size : 0;
  console.log(
    `\n${rounds} rounds of ${seconds} s, ${connections} connections, Node ${process.version}${pin ? ', load generator on CPU 0 and servers on CPU 1' : ''}`,
  );
  console.log(
    `bare Fastify constant route   ${median(bareRps).toFixed(0)} req/s median  (worst p99 ${p99.bare} ms)`,
  );
  console.log(
    `GET /v1/validate/{abn}        ${median(appRps).toFixed(0)} req/s median  (worst p99 ${p99.app} ms)  bearer auth + rate limit + usage metering + JSON request log (${(logBytes / 1e6).toFixed(1)} MB written)`,
  );
  console.log(`ratio                         ${median(ratios).toFixed(3)} median of rounds  (goal >= 0.85)`);
} finally {
  bare.child.kill();
  app.child.kill();
}
