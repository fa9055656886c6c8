// `npm run bench`: GET /v1/validate/{abn} through the whole stack (bearer key, rate limit, usage
// metering, one JSON log line per request) against a bare Fastify route returning a constant, each
// in its own process, measured with autocannon in this run. Three more servers show where the gap
// is: the bare route plus the same JSON log line, and the contract's answer (request id, RateLimit
// headers, validate's body) with no work behind it, without and with the log line: a ceiling for any
// implementation of the contract. Rounds alternate between the servers so that drift on a shared
// machine hits all alike; the figures are medians. Goal: ratio >= 0.85.

import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { median, pinLoadGenerator } from './load.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const pin = pinLoadGenerator();

type Kind = 'bare' | 'bare-logged' | 'contract' | 'contract-logged' | 'app';
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

const kinds: Kind[] = ['bare', 'bare-logged', 'contract', 'contract-logged', 'app'];
const servers: Server[] = [];
for (const kind of kinds) servers.push(await start(kind));
const figures = new Map<Kind, { rps: number[]; cpu: number[]; p99: number }>(
  servers.map((s) => [s.kind, { rps: [], cpu: [], p99: 0 }]),
);
/** Per round, each server's requests/s over the bare route's. */
const ratios = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
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
    for (const kind of kinds) ratios.get(kind)?.push((rps.get(kind) ?? 0) / (rps.get('bare') ?? 1));
    console.log(`round ${round + 1}: ${line.join(', ')}`);
  }
  const m = (kind: Kind) => {
    const f = figures.get(kind);
    return { rps: median(f?.rps ?? []), cpu: median(f?.cpu ?? []), p99: f?.p99 ?? 0 };
  };
  const ratio = (kind: Kind) => median(ratios.get(kind) ?? []).toFixed(3);
  console.log(
    `\n${rounds} rounds of ${seconds} s, ${connections} connections, Node ${process.version}${pin ? '; load generator on CPU 0, servers on CPU 1' : ''}`,
  );
  const rows: Array<[Kind, string, string]> = [
    ['bare', 'bare Fastify constant route', ''],
    ['bare-logged', 'bare route + JSON request log line', ''],
    ['contract', "contract's answer, no work", '  (request id, RateLimit headers, validate body)'],
    ['contract-logged', "contract's answer + log line", '  (the same and the JSON request log line)'],
    [
      'app',
      'GET /v1/validate/{abn}, full stack',
      '  (bearer auth, rate limit, usage metering, JSON request log)',
    ],
  ];
  for (const [kind, label, note] of rows) {
    const f = m(kind);
    console.log(
      `${label.padEnd(37)}${f.rps.toFixed(0).padStart(6)} req/s  ${f.cpu.toFixed(1)} µs CPU/req  p99 ${f.p99} ms  ratio ${ratio(kind)}${note}`,
    );
  }
  console.log(`ratio validate / bare                ${ratio('app')}  (median of rounds; goal >= 0.85)`);
  console.log(
    `ceiling for the contract            ${ratio('contract-logged')}  (its answer and log line with no work behind them; ${ratio('contract')} without the log line)`,
  );
} finally {
  for (const s of servers) s.child.kill();
}
