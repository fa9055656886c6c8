import type { FastifyInstance } from 'fastify';
import { bootstrapDemo } from './accounts/bootstrap-demo.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { inviteUser } from './dashboard/users.ts';
import { loadSandbox } from './ingest/load-sandbox.ts';
import { createLogger } from './logger.ts';
import { DailyReread } from './refresh/daily-reread.ts';
import { createAbrClient } from './registers/abr-web/client.ts';
import { ListIndexCache } from './screen/list-index.ts';
import { indexScreeningLists } from './screen/screen-entity.ts';
import { openStore } from './store/open-store.ts';
import { createHttp, DEFAULT_RETRY } from './sync/http.ts';
import { SyncScheduler } from './sync/scheduler.ts';
import { loadCatalogue } from './sync/sources-file.ts';
import { DeliveryWorker } from './watch/delivery-worker.ts';

/** How often the server looks for a newer copy of a screening list to read into its index. */
const LIST_INDEX_EVERY_MS = 60_000;

/** How long a failed sandbox load waits before it is tried again: a second at first, then longer, to 30 s. */
const SANDBOX_RETRY_MS = { first: 1_000, most: 30_000 };

/** The address a person types: a wildcard listen address is reached on loopback. */
export const displayHost = (host: string) =>
  host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

/** Opens the store, builds the app and listens; closes both on SIGINT and SIGTERM. */
export async function startServer(
  config: Config,
  out: NodeJS.WritableStream = process.stdout,
): Promise<FastifyInstance> {
  const log = createLogger(config.logLevel);
  if (!config.secretKey) {
    // docs/decisions.md, configuration: secrets kept in clear are said so at every start.
    log.warn(
      'AEVS_SECRET_KEY is not set: webhook signing secrets are stored in clear; set it (32 bytes, base64) to encrypt them at rest',
    );
  }
  // A mistake in AEVS_SOURCES_FILE stops the start, before the store is opened.
  const catalogue = config.sync ? await loadCatalogue(config.sourcesFile) : undefined;
  const store = await openStore(config);
  const clock = () => new Date();
  const demo = await bootstrapDemo({ ctx: { store, clock } });
  // The demo account's dashboard user, invited in the same once-only notice as its keys.
  const demoInvitation = demo
    ? await inviteUser({
        ctx: { store, clock },
        input: { accountId: demo.account.id, email: 'demo@example.com', actor: 'first start' },
      })
    : null;
  let sandboxLoaded = false;
  const lists = new ListIndexCache();
  const app = await buildApp({
    config,
    store,
    log,
    clock,
    readiness: [{ name: 'sandbox', check: async () => sandboxLoaded }],
    lists,
  });
  // Screening lists are read into their indexes at start and, every minute, as newer copies are
  // loaded (by this process or another), so no request waits for it (docs/screening.md).
  let indexing: Promise<void> | undefined;
  let stopping = false;
  const indexLists = () => {
    if (stopping) return Promise.resolve();
    indexing ??= indexScreeningLists(store, lists, ['live', 'sandbox'], () => stopping)
      .then((indexed) => {
        for (const i of indexed) log.info(i, 'screening list indexed');
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'screening lists not indexed; tried again in a minute'),
      )
      .finally(() => {
        indexing = undefined;
      });
    return indexing;
  };
  const listTimer = setInterval(indexLists, LIST_INDEX_EVERY_MS);
  listTimer.unref();
  const worker = new DeliveryWorker({ store, log, config, clock });
  // With a GUID, watched ABNs are re-read from the ABR daily, between weekly bulk extracts.
  const reread = config.abrGuid
    ? new DailyReread({
        ctx: { store, clock },
        abr: createAbrClient({
          guid: config.abrGuid,
          ...(config.abrBaseUrl ? { baseUrl: config.abrBaseUrl } : {}),
        }),
        log,
      })
    : undefined;
  // AEVS_SYNC=on: the live partition is kept synced from the official sources (docs/sources.md).
  const syncHttp = catalogue
    ? createHttp(config.proxy, { ...DEFAULT_RETRY, attempts: config.syncAttempts })
    : undefined;
  const sync =
    catalogue && syncHttp
      ? new SyncScheduler({ ctx: { store, clock }, http: syncHttp, catalogue, log })
      : undefined;
  app.addHook('onClose', async () => {
    stopping = true;
    clearTimeout(sandboxRetry);
    clearInterval(listTimer);
    await indexing;
    await sync?.stop();
    await syncHttp?.close();
    await reread?.stop();
    await worker.stop();
    await store.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${displayHost(config.host)}:${port}`;
  if (demo) {
    out.write(
      [
        '',
        `aevs: first start with an empty store, so an account "demo" (${demo.account.id}) was created.`,
        'Its keys are shown this once; only their hashes are stored. Keep them somewhere safe.',
        `  test key (sandbox fixtures, free):   ${demo.testKey}`,
        `  live key (real register data):       ${demo.liveKey}`,
        'Try it:',
        `  curl -H "Authorization: Bearer ${demo.testKey}" ${base}/v1/validate/49004028077`,
        `Dashboard: ${base}${demoInvitation?.path ?? '/dashboard'}`,
        '  (sign in as demo@example.com: the link lets you choose a password, once, within 24 hours)',
        `API reference: ${base}/docs`,
        '',
        '',
      ].join('\n'),
    );
  }
  log.info({ url: base, engine: store.engine }, 'aevs listening');
  worker.start();
  reread?.start();
  sync?.start();
  // The sandbox loads after the server listens: /healthz answers at once, /readyz once it is in. A
  // load that fails (the store locked by an ingest, say) is tried again until it is in.
  let sandboxRetry: NodeJS.Timeout | undefined;
  let retryMs = SANDBOX_RETRY_MS.first;
  const loadTheSandbox = (): Promise<void> =>
    loadSandbox({ ctx: { store, clock } }).then(
      (loaded) => {
        sandboxLoaded = true;
        void indexLists();
        log.info(
          { datasets: loaded.map((s) => s.dataset), events: loaded.reduce((n, s) => n + s.events, 0) },
          'sandbox loaded',
        );
      },
      (error: unknown) => {
        log.error({ err: error, retry_in_seconds: retryMs / 1000 }, 'sandbox load failed');
        sandboxRetry = setTimeout(loadTheSandbox, retryMs);
        sandboxRetry.unref();
        retryMs = Math.min(retryMs * 2, SANDBOX_RETRY_MS.most);
      },
    );
  void loadTheSandbox();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return app;
}
