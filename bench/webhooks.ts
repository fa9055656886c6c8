// `npm run bench:webhooks [N]`: N change events (default 20,000) fanned out to one subscription whose
// webhook is a local receiver (its own process), sent by the delivery worker with signing and the
// durable outbox (SQLite). Prints deliveries/s, p50/p99 from event creation to receipt, and the same
// receiver's requests/s under a plain autocannon run as the ceiling, with the ratio (goal >= 0.3),
// and checks that none is lost. The events and their fan-out are written first (timed on their own),
// then the worker drains the outbox, so creation-to-receipt latency includes the wait in the queue.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createAccount } from '../src/accounts/create-account.ts';
import { loadConfig } from '../src/config.ts';
import { eventClock } from '../src/events/event-clock.ts';
import { newId } from '../src/ids.ts';
import { createLogger } from '../src/logger.ts';
import { insertChangeEvent } from '../src/store/change-events.ts';
import { openStore } from '../src/store/open-store.ts';
import { DeliveryWorker } from '../src/watch/delivery-worker.ts';
import { fanOut } from '../src/watch/fan-out.ts';
import { createSubscription } from '../src/watch/subscriptions.ts';

const n = Number(process.argv[2] ?? process.env.BENCH_EVENTS ?? 20_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const dir = mkdtempSync(join(tmpdir(), 'aevs-bench-webhooks-'));
const receiver = fork(new URL('./webhook-receiver.ts', import.meta.url), [], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const [{ port }] = (await once(receiver, 'message')) as [{ port: number }];
const url = `http://127.0.0.1:${port}/hook`;
const ask = async <T>(m: string): Promise<T> => {
  receiver.send(m);
  return ((await once(receiver, 'message')) as [T])[0];
};

try {
  const config = {
    ...loadConfig({ AEVS_ALLOW_PRIVATE_WEBHOOKS: '1', AEVS_WEBHOOK_RETRY_SCHEDULE: '1,1,1' }),
    dataDir: dir,
  };
  const db = await openStore(config);
  const log = createLogger('silent');
  const clock = () => new Date();
  const account = await createAccount({ ctx: { db, clock }, input: { name: 'bench' } });
  const caller = {
    accountId: account.id,
    keyId: 'key_bench',
    mode: 'test' as const,
    partition: 'sandbox' as const,
  };
  await createSubscription({
    ctx: { db, clock, caller, config },
    input: { entities: ['44600110236'], events: ['name_change'], webhook_url: url },
  });

  // The ceiling: the same receiver under a plain load generator with the same concurrency.
  const body = JSON.stringify({
    id: 'evt_x',
    type: 'name_change',
    created_at: new Date().toISOString(),
    data: { changes: [] },
  });
  const ceiling = process.env.BENCH_SKIP_CEILING
    ? { requests: { average: 1 } }
    : await autocannon({ url, method: 'POST', body, connections: concurrency, duration: 5 });
  await ask('reset');

  const worker = new DeliveryWorker({ db, log, config, concurrency, pollMs: 20 });
  const fanOutStarted = performance.now();
  for (let i = 0; i < n; i += 1000) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(n, i + 1000); j++) {
        const event = {
          id: newId('evt'),
          partition: 'sandbox' as const,
          dataset: 'bench',
          source: 'bench',
          type: 'name_change' as const,
          abn: '44600110236',
          acn: null,
          entity_name: `BENCH ${j}`,
          changes: [{ field: 'entity_name', old: `BENCH ${j - 1}`, new: `BENCH ${j}` }],
          as_of: null,
          created_at: eventClock.next(),
          ingest_id: null,
        };
        await insertChangeEvent(tx, event);
        await fanOut(tx, event);
      }
    });
  }
  const fanOutSeconds = (performance.now() - fanOutStarted) / 1000;
  // Then the worker drains the outbox: deliveries/s is its rate.
  const started = performance.now();
  worker.start();
  for (;;) {
    const left = await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending'");
    if (Number(left?.n) === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  const stats = await ask<{ unique: number; latencies: number[] }>('stats');
  const delivered = Number(
    (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM deliveries WHERE status = 'delivered'"))?.n,
  );
  await db.close();
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const rate = n / seconds;
  console.log(
    `Node ${process.version}, SQLite, ${n.toLocaleString('en-AU')} events, ${concurrency} attempts in flight`,
  );
  console.log(
    `fan-out              ${(n / fanOutSeconds).toFixed(0)} events/s  (${fanOutSeconds.toFixed(1)} s: events and their deliveries written)`,
  );
  console.log(
    `deliveries           ${rate.toFixed(0)} /s  (${seconds.toFixed(1)} s, signed, durable outbox)`,
  );
  console.log(`creation → receipt   p50 ${pct(50)} ms  p99 ${pct(99)} ms`);
  console.log(
    `receiver ceiling     ${ceiling.requests.average.toFixed(0)} req/s  (autocannon, ${concurrency} connections)`,
  );
  console.log(`ratio                ${(rate / ceiling.requests.average).toFixed(3)}  (goal >= 0.3)`);
  console.log(
    `lost                 ${n - stats.unique}  (delivered ${delivered}, received ${stats.unique}; goal 0)`,
  );
} finally {
  receiver.kill();
  rmSync(dir, { recursive: true, force: true });
}
