// `npm run bench:resolve`: POST /v1/resolve by ABN (the whole canonical record with every block,
// screening included) against GET /v1/validate on the same server, in the same run: requests/s and p99.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const child = fork(new URL('./validate-server.ts', import.meta.url), ['app-sandbox'], {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const info = await new Promise<{ port: number; key: string }>((resolve, reject) => {
  child.once('message', resolve as (m: unknown) => void);
  child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
});
const base = `http://127.0.0.1:${info.port}`;
const headers = { authorization: `Bearer ${info.key}`, 'content-type': 'application/json' };
const run = async (opts: { url: string; method?: 'GET' | 'POST'; body?: string }) => {
  const r = await autocannon({ ...opts, headers, connections, duration: seconds });
  if (r.non2xx || r.errors) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
};
try {
  const resolve = {
    url: `${base}/v1/resolve`,
    method: 'POST' as const,
    body: JSON.stringify({ abn: '44600110236' }),
  };
  const validate = { url: `${base}/v1/validate/44600110236` };
  await run({ ...resolve }); // warm-up
  await run(validate);
  const r = await run(resolve);
  const v = await run(validate);
  console.log(`${seconds} s each, ${connections} connections, Node ${process.version}`);
  console.log(`POST /v1/resolve {abn}     ${r.requests.average.toFixed(0)} req/s  p99 ${r.latency.p99} ms`);
  console.log(`GET /v1/validate/{abn}     ${v.requests.average.toFixed(0)} req/s  p99 ${v.latency.p99} ms`);
  console.log(`ratio resolve / validate   ${(r.requests.average / v.requests.average).toFixed(3)}`);
} finally {
  child.kill();
}
