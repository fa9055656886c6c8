// One side of `npm run bench`: the real app (auth, rate limiting, usage metering, JSON logging), a
// bare Fastify route returning a constant, or that bare route plus the same JSON request log line. Reports its port (and key) to the parent over IPC.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { createAccount } from '../src/accounts/create-account.ts';
import { createKey } from '../src/accounts/keys.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { logEachRequest } from '../src/http/request-log.ts';
import { loadSandbox } from '../src/ingest/load-sandbox.ts';
import { createLogger } from '../src/logger.ts';
import { openStore } from '../src/store/open-store.ts';

const kind = process.argv[2];
/**
 * The log goes to a file, written as the server writes its standard output (pino's default
 * destination: asynchronous, no minimum length, so lines queue only while a write is under way).
 */
const logDestination = (dest: string) => pino.destination({ dest, sync: false, minLength: 0 });
const send = (message: unknown) => process.send?.(message);

if (kind === 'bare' || kind === 'bare-logged') {
  const app = Fastify();
  if (kind === 'bare-logged') {
    // The floor for any service that writes a JSON line per request: the same pino line, nothing else.
    const log = createLogger('info', logDestination(join(mkdtempSync(join(tmpdir(), 'aevs-bench-')), 'log')));
    logEachRequest(app, log, () => undefined);
  }
  app.get('/v1/validate/:identifier', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  send({ port: typeof address === 'object' && address ? address.port : 0 });
} else {
  const dir = mkdtempSync(join(tmpdir(), 'aevs-bench-'));
  // Every request is rate-limited (the bucket is consulted) but the budget is high enough never to refuse.
  const config = { ...loadConfig({ AEVS_RATE_LIMIT_PER_MINUTE: '1000000000' }), dataDir: dir };
  const db = await openStore(config);
  const clock = () => new Date();
  const account = await createAccount({ ctx: { db, clock }, input: { name: 'bench' } });
  // `app-sandbox`: a test key over the loaded sandbox, for resolve and screen.
  const sandbox = kind === 'app-sandbox';
  if (sandbox) await loadSandbox({ ctx: { db, clock } });
  const { key } = await createKey({
    ctx: { db, clock },
    input: { accountId: account.id, mode: sandbox ? 'test' : 'live' },
  });
  const logFile = join(dir, 'requests.log');
  const log = createLogger((process.env.BENCH_LOG_LEVEL as 'info') ?? 'info', logDestination(logFile));
  const app = await buildApp({ config, db, log });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  send({ port: typeof address === 'object' && address ? address.port : 0, key, logFile });
}
process.on('message', (m) => {
  if (m === 'exit') process.exit(0);
  if (m === 'cpu') send({ cpu: process.cpuUsage() });
});
