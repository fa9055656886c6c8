// `npm run bench:mcp`: the `validate_abn` tool over MCP (POST /mcp, a `tools/call` each, as a stock
// client sends it after connecting) against GET /v1/validate/{abn}, on the same server process with
// the same live key, measured with autocannon in this run. Rounds alternate between the two so that
// drift on a shared machine hits both alike; the figures are medians. Goal: ratio >= 0.5.

import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { median, pinLoadGenerator } from './load.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const pin = pinLoadGenerator();

const child: ChildProcess = fork(new URL('./validate-server.ts', import.meta.url), ['app'], {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  ...(pin ? { execPath: '/usr/bin/taskset', execArgv: ['-c', '1', process.execPath] } : {}),
});
const { port, key } = await new Promise<{ port: number; key: string }>((resolve, reject) => {
  child.once('message', resolve as (m: unknown) => void);
  child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
});
const base = `http://127.0.0.1:${port}`;
const auth = { authorization: `Bearer ${key}` };

const targets = {
  rest: { url: `${base}/v1/validate/49004028077`, method: 'GET' as const, headers: auth },
  mcp: {
    url: `${base}/mcp`,
    method: 'POST' as const,
    headers: {
      ...auth,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'validate_abn', arguments: { abn: '49004028077' } },
    }),
  },
};
type Target = keyof typeof targets;

// Before measuring, one call of each must answer as expected: a tool result, not an error.
const check = await fetch(targets.mcp.url, targets.mcp);
const checked = (await check.json()) as { result?: { structuredContent?: { valid?: boolean } } };
if (check.status !== 200 || checked.result?.structuredContent?.valid !== true) {
  throw new Error(`validate_abn did not answer as expected: ${check.status} ${JSON.stringify(checked)}`);
}

async function cpu(): Promise<number> {
  child.send('cpu');
  const [message] = (await once(child, 'message')) as [{ cpu: NodeJS.CpuUsage }];
  return message.cpu.user + message.cpu.system;
}

async function run(target: Target, duration: number) {
  const before = await cpu();
  const result = await autocannon({ ...targets[target], connections, duration });
  const cpuPerRequest = ((await cpu()) - before) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest };
}

const figures = {
  rest: { rps: [] as number[], cpu: [] as number[], p99: 0 },
  mcp: { rps: [] as number[], cpu: [] as number[], p99: 0 },
};
const ratios: number[] = [];
try {
  await run('rest', 2); // warm-up: JIT, connection pools
  await run('mcp', 2);
  for (let round = 0; round < rounds; round++) {
    const rest = await run('rest', seconds);
    const mcp = await run('mcp', seconds);
    for (const [target, r] of [
      ['rest', rest],
      ['mcp', mcp],
    ] as const) {
      figures[target].rps.push(r.rps);
      figures[target].cpu.push(r.cpuPerRequest);
      figures[target].p99 = Math.max(figures[target].p99, r.p99);
    }
    ratios.push(mcp.rps / rest.rps);
    console.log(
      `round ${round + 1}: validate ${rest.rps.toFixed(0)} req/s, validate_abn ${mcp.rps.toFixed(0)} calls/s`,
    );
  }
  console.log(
    `\n${rounds} rounds of ${seconds} s, ${connections} connections, Node ${process.version}${pin ? '; load generator on CPU 0, server on CPU 1' : ''}`,
  );
  console.log(
    `GET /v1/validate/{abn}            ${median(figures.rest.rps).toFixed(0)} req/s    ${median(figures.rest.cpu).toFixed(1)} µs CPU/req   p99 ${figures.rest.p99} ms`,
  );
  console.log(
    `MCP tools/call validate_abn       ${median(figures.mcp.rps).toFixed(0)} calls/s  ${median(figures.mcp.cpu).toFixed(1)} µs CPU/call  p99 ${figures.mcp.p99} ms`,
  );
  console.log(
    `ratio validate_abn / validate     ${median(ratios).toFixed(3)}  (median of rounds; goal >= 0.5)`,
  );
} finally {
  child.kill();
}
