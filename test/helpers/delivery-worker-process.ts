// A delivery worker in a process of its own, on the store the environment names (AEVS_DATABASE_URL,
// or the SQLite file in AEVS_DATA_DIR), as a second server host would run one. Prints "ready" once
// it is sending; on SIGTERM it stops (attempts in flight are finished and recorded) and exits.
// WORKER_NAME is added to its user-agent, so a receiver can tell the processes apart;
// WORKER_CONCURRENCY sets its attempts in flight (8 by default).
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { openDb } from '../../src/store/open-store.ts';
import { createStore } from '../../src/store/store.ts';
import { DeliveryWorker } from '../../src/watch/delivery-worker.ts';

const config = loadConfig(process.env);
const db = await openDb(config);
const worker = new DeliveryWorker({
  store: createStore(db),
  log: createLogger(config.logLevel),
  config,
  pollMs: 20,
  concurrency: Number(process.env.WORKER_CONCURRENCY ?? 8),
  userAgent: `aevs-webhooks/0.1 (${process.env.WORKER_NAME ?? 'worker'})`,
});
worker.start();
// The worker's timer does not hold the process open (a server's socket does); this does.
const alive = setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');
process.once('SIGTERM', async () => {
  clearInterval(alive);
  await worker.stop();
  await db.close();
  process.exit(0);
});
