// `npm run bench:webhooks [N]`: N change events (default 20,000) fanned out to one subscription whose
// webhook is a local receiver (its own process), sent by the delivery worker with signing and the
// durable outbox (SQLite). Prints deliveries/s, the sending process's CPU per delivery, p50/p99 from
// event creation to receipt, and the same receiver's requests/s under a plain autocannon run as the
// ceiling (measured before and after; the higher is used), with the ratio (goal >= 0.3), and checks
// that none is lost. A warm-up round goes first, untimed (N deliveries, at most 20,000;
// BENCH_WARMUP to change it), so the worker is measured compiled and connected, as the ceiling is
// a 5-second steady-state figure. The timed events and their fan-out are written next (timed on
// their own), then a worker drains the outbox, so creation-to-receipt latency includes the wait in
// the queue.
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

  // The ceiling: the same receiver under a plain load generator with the same concurrency, sending
  // requests shaped like the webhooks (a body and headers of the same size).
  const body = JSON.stringify({
    id: `evt_${'x'.repeat(22)}`,
    type: 'name_change',
    created_at: new Date().toISOString(),
    subscription_id: `wsub_${'x'.repeat(22)}`,
    entity: { abn: '44600110236', acn: null, name: 'BENCH 1' },
    data: {
      changes: [{ field: 'entity_name', old: 'BENCH 0', new: 'BENCH 1', source: 'bench', as_of: null }],
    },
  });
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'aevs-webhooks/0.1',
    'webhook-id': `evt_${'x'.repeat(22)}`,
    'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
    'webhook-signature': `v1,${'x'.repeat(44)}`,
  };
  // Measured before and after the deliveries, and the higher one used: other load on the machine
  // during one of the runs lowers that run's figure, so the ratio errs low rather than high.
  const measureCeiling = async () =>
    process.env.BENCH_SKIP_CEILING
      ? 1
      : (await autocannon({ url, method: 'POST', body, headers, connections: concurrency, duration: 5 }))
          .requests.average;
  const ceilingBefore = await measureCeiling();
  await ask('reset');

  /** `count` change events and their fan-out (one delivery each), written before any is sent. */
  const writeEvents = async (count: number) => {
    for (let i = 0; i < count; i += 1000) {
      await db.transaction(async (tx) => {
        for (let j = i; j < Math.min(count, i + 1000); j++) {
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
  };
  const pending = async () =>
    Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending'"))?.n);
  /** A worker drains the outbox: done once the receiver has every delivery and every outcome is stored. */
  const drain = async (count: number) => {
    const worker = new DeliveryWorker({ db, log, config, concurrency, pollMs: 20 });
    worker.start();
    // The receiver is asked (not the store), so waiting does not load the sending process.
    while ((await ask<{ unique: number }>('count')).unique < count)
      await new Promise((r) => setTimeout(r, 20));
    while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 5));
    await worker.stop();
  };

  // Warm-up (not timed): the sending code is compiled and the connections open, as in a running
  // server; the ceiling above is likewise a steady-state figure.
  const warmUp = Number(process.env.BENCH_WARMUP ?? Math.min(20_000, n));
  await writeEvents(warmUp);
  await drain(warmUp);
  await ask('reset');
  const deliveredCount = async () =>
    Number(
      (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM deliveries WHERE status = 'delivered'"))?.n,
    );
  const deliveredBefore = await deliveredCount();

  const fanOutStarted = performance.now();
  await writeEvents(n);
  const fanOutSeconds = (performance.now() - fanOutStarted) / 1000;
  // Then the worker drains the outbox: deliveries/s is its rate.
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await drain(n);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const stats = await ask<{ unique: number; latencies: number[]; cpuMicros: number }>('stats');
  const ceilingAfter = await measureCeiling();
  const ceiling = Math.max(ceilingBefore, ceilingAfter);
  const delivered = (await deliveredCount()) - deliveredBefore;
  await db.close();
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const rate = n / seconds;
  console.log(
    `Node ${process.version}, SQLite, ${n.toLocaleString('en-AU')} events (after ${warmUp.toLocaleString('en-AU')} to warm up), ${concurrency} attempts in flight`,
  );
  console.log(
    `fan-out              ${(n / fanOutSeconds).toFixed(0)} events/s  (${fanOutSeconds.toFixed(1)} s: events and their deliveries written)`,
  );
  console.log(
    `deliveries           ${rate.toFixed(0)} /s  (${seconds.toFixed(1)} s, signed, durable outbox)`,
  );
  console.log(
    `sender CPU           ${((cpu.user + cpu.system) / n).toFixed(0)} µs per delivery  (user ${(cpu.user / n).toFixed(0)}, system ${(cpu.system / n).toFixed(0)}); receiver ${(stats.cpuMicros / n).toFixed(0)} µs`,
  );
  console.log(`creation → receipt   p50 ${pct(50)} ms  p99 ${pct(99)} ms`);
  console.log(
    `receiver ceiling     ${ceiling.toFixed(0)} req/s  (autocannon, ${concurrency} connections; before ${ceilingBefore.toFixed(0)}, after ${ceilingAfter.toFixed(0)})`,
  );
  console.log(`ratio                ${(rate / ceiling).toFixed(3)}  (goal >= 0.3)`);
  console.log(
    `lost                 ${n - stats.unique}  (delivered ${delivered}, received ${stats.unique}; goal 0)`,
  );
} finally {
  receiver.kill();
  rmSync(dir, { recursive: true, force: true });
}
