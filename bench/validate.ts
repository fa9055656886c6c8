// `npm run bench`: GET /v1/validate/{abn} through the whole stack (bearer key, rate limit, usage
// metering, one JSON log line per request) against a bare Fastify route returning a constant, each
// in its own process, measured with autocannon in this run. A third server, the bare route plus the
// same JSON log line, shows how much of the gap is the log line itself. Rounds alternate between the
// servers so that drift on a shared machine hits all alike; the figures are medians. Goal: ratio >= 0.85.

import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { median, pinLoadGenerator } from './load.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const pin = pinLoadGenerator();

type Kind = 'bare' | 'bare-logged' | 'app';
type Server = { kind: Kind; child: ChildProcess; url: string; headers: Record<string, string> };

async function start(kind: Kind): Promise<Server> {
  const child = fork(new URL('./validate-server.ts', import.meta.url), [kind], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    ...(pin ? { execPath: '/usr/bin/taskset', execArgv: ['-c', '1', process.execPath] } : {}),
  });
  const info = await new Promise<{ port: number; key?: string }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited (${code}) before listening`)));
  });
  return {
    kind,
    child,
    url: `http://127.0.0.1:${info.port}/v1/validate/49004028077`,
    headers: info.key ? { authorization: `Bearer ${info.key}` } : {},
  };
}

async function cpuOf(child: ChildProcess): Promise<number> {
  child.send('cpu');
  const [message] = (await once(child, 'message')) as [{ cpu: NodeJS.CpuUsage }];
  return message.cpu.user + message.cpu.system;
}

/** One load run: requests/s, p99, and the server's CPU time per request in microseconds. */
async function run(server: Server, duration: number) {
  const cpuBefore = await cpuOf(server.child);
  const result = await autocannon({ url: server.url, headers: server.headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${server.kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  const cpuPerRequest = ((await cpuOf(server.child)) - cpuBefore) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest };
}

const servers = [await start('bare'), await start('bare-logged'), await start('app')];
const figures = new Map<Kind, { rps: number[]; cpu: number[]; p99: number }>(
  servers.map((s) => [s.kind, { rps: [], cpu: [], p99: 0 }]),
);
const ratios: number[] = [];
try {
  for (const server of servers) await run(server, 2); // warm-up: JIT, connection pools
  for (let round = 0; round < rounds; round++) {
    const line: string[] = [];
    const rps = new Map<Kind, number>();
    for (const server of servers) {
      const r = await run(server, seconds);
      const f = figures.get(server.kind);
      f?.rps.push(r.rps);
      f?.cpu.push(r.cpuPerRequest);
      if (f) f.p99 = Math.max(f.p99, r.p99);
      rps.set(server.kind, r.rps);
      line.push(`${server.kind} ${r.rps.toFixed(0)} req/s (${r.cpuPerRequest.toFixed(1)} µs CPU/req)`);
    }
    ratios.push((rps.get('app') ?? 0) / (rps.get('bare') ?? 1));
    console.log(`round ${round + 1}: ${line.join(', ')}`);
  }
  const m = (kind: Kind) => {
    const f = figures.get(kind);
    return { rps: median(f?.rps ?? []), cpu: median(f?.cpu ?? []), p99: f?.p99 ?? 0 };
  };
  const [bare, logged, app] = [m('bare'), m('bare-logged'), m('app')];
  console.log(
    `\n${rounds} rounds of ${seconds} s, ${connections} connections, Node ${process.version}${pin ? '; load generator on CPU 0, servers on CPU 1' : ''}`,
  );
  console.log(
    `bare Fastify constant route          ${bare.rps.toFixed(0)} req/s  ${bare.cpu.toFixed(1)} µs CPU/req  p99 ${bare.p99} ms`,
  );
  console.log(
    `bare route + JSON request log line   ${logged.rps.toFixed(0)} req/s  ${logged.cpu.toFixed(1)} µs CPU/req  p99 ${logged.p99} ms`,
  );
  console.log(
    `GET /v1/validate/{abn}, full stack   ${app.rps.toFixed(0)} req/s  ${app.cpu.toFixed(1)} µs CPU/req  p99 ${app.p99} ms  (bearer auth, rate limit, usage metering, JSON request log)`,
  );
  console.log(
    `ratio validate / bare                ${median(ratios).toFixed(3)}  (median of rounds; goal >= 0.85)`,
  );
  console.log(`ratio validate / bare + log line     ${(app.rps / logged.rps).toFixed(3)}`);
} finally {
  for (const s of servers) s.child.kill();
}
