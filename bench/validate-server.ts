// One side of `npm run bench`: the real app (auth, rate limiting, usage metering, JSON logging), a
// bare Fastify route returning a constant, that bare route plus the same JSON request log line, or
// the contract's answer with no work behind it (with or without the log line). Reports its port (and
// key) to the parent over IPC.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import pino from 'pino';
import { createAccount } from '../src/accounts/create-account.ts';
import { createKey } from '../src/accounts/keys.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { tuneHeap } from '../src/heap.ts';
import { logEachRequest } from '../src/http/request-log.ts';
import { newId } from '../src/ids.ts';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { createLogger } from '../src/logger.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';

const kind = process.argv[2];
// Every side runs with the garbage collector's settings of the server (`npm start`).
tuneHeap();
/**
 * The log goes to a file, written as the server writes its standard output (pino's default
 * destination: asynchronous, no minimum length, so lines queue only while a write is under way).
 */
const logDestination = (dest: string) => pino.destination({ dest, sync: false, minLength: 0 });
const send = (message: unknown) => process.send?.(message);

/** Validate's body for the benchmark's ABN, as the app writes it. */
const VALID_BODY = '{"identifier_type":"abn","input":"49004028077","normalized":"49004028077","valid":true}';

if (kind === 'node') {
  // The floor of all: Node's own HTTP server answering a constant, no framework (bench:resolve).
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(VALID_BODY);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    send({ port: typeof address === 'object' && address ? address.port : 0 });
  });
} else if (kind === 'bare' || kind === 'bare-logged' || kind === 'contract' || kind === 'contract-logged') {
  const contract = kind.startsWith('contract');
  const app = contract ? Fastify({ genReqId: () => newId('req') }) : Fastify();
  if (kind.endsWith('-logged')) {
    // The floor for any service that writes a JSON line per request: the same pino line, nothing else.
    const log = createLogger('info', logDestination(join(mkdtempSync(join(tmpdir(), 'aevs-bench-')), 'log')));
    logEachRequest(app, log, () => (contract ? 'acct_0000000000000000000000' : undefined));
  }
  if (contract) {
    // The floor for what the contract requires of every authenticated answer, with none of the work
    // behind it, written the cheapest way Fastify offers: a fresh request id in `Request-Id`, the three
    // RateLimit headers (fixed values, no bucket), and validate's body as a ready-made string.
    app.get('/v1/validate/:identifier', (request, reply) => {
      reply
        .headers({
          'request-id': request.id,
          'ratelimit-limit': 1000000000,
          'ratelimit-remaining': 999999999,
          'ratelimit-reset': 1,
        })
        .type('application/json; charset=utf-8')
        .send(VALID_BODY);
    });
  } else app.get('/v1/validate/:identifier', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  send({ port: typeof address === 'object' && address ? address.port : 0 });
} else {
  // `app-store`: a live key on the store the environment names (AEVS_DATA_DIR or AEVS_DATABASE_URL),
  // already loaded by the parent (bench:scale); otherwise a fresh store in a temporary folder.
  const onStore = kind === 'app-store';
  const dir = onStore ? (process.env.AEVS_DATA_DIR ?? '') : mkdtempSync(join(tmpdir(), 'aevs-bench-'));
  // Every request is rate-limited (the bucket is consulted) but the budget is high enough never to
  // refuse, unless the parent sets one to measure (bench:scale's three processes on one account).
  const config = {
    ...loadConfig({ AEVS_RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT_PER_MINUTE ?? '1000000000' }),
    dataDir: dir,
    databaseUrl: onStore ? process.env.AEVS_DATABASE_URL : undefined,
  };
  const db = await openDb(config);
  const clock = () => new Date();
  // `app-sandbox`: a test key over the loaded sandbox, for resolve and screen.
  const sandbox = kind === 'app-sandbox';
  if (sandbox) await loadSandbox({ ctx: { store: createStore(db), clock } });
  // A key the parent made (several servers on one account), or a new account's.
  const key =
    process.env.BENCH_API_KEY ??
    (
      await createKey({
        ctx: { store: createStore(db), clock },
        input: {
          accountId: (
            await createAccount({ ctx: { store: createStore(db), clock }, input: { name: 'bench' } })
          ).id,
          mode: sandbox ? 'test' : 'live',
        },
      })
    ).key;
  const logFile = join(dir, 'requests.log');
  const log = createLogger((process.env.BENCH_LOG_LEVEL as 'info') ?? 'info', logDestination(logFile));
  const app = await buildApp({ config, store: createStore(db), log });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  send({ port: typeof address === 'object' && address ? address.port : 0, key, logFile });
}
// How long the event loop was held up since the last ask: time a request waited in this process
// rather than on the machine or in the sender.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
process.on('message', (m) => {
  if (m === 'exit') process.exit(0);
  if (m === 'cpu') send({ cpu: process.cpuUsage() });
  if (m === 'loop-delay') {
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    send({
      loopDelay: {
        p50: ms(loopDelay.percentile(50)),
        p99: ms(loopDelay.percentile(99)),
        max: ms(loopDelay.max),
      },
    });
    loopDelay.reset();
  }
});
