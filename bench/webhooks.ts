// `npm run bench:webhooks [N]`: rounds of N change events (default 20,000; BENCH_ROUNDS rounds, default
// 5) fanned out to one subscription whose webhook is a local receiver (its own process), sent by the
// delivery worker with signing and the durable outbox (SQLite). Each round writes its events and
// their fan-out (timed on their own), then a worker drains the outbox (deliveries/s, the sending
// process's CPU per delivery, creation-to-receipt latency, which includes the wait in the queue),
// then the same receiver is measured under a plain autocannon run with requests of the same shape:
// the ceiling, in the conditions of that round. The ratio (goal >= 0.3) and the other figures are
// medians of rounds, so a moment of load from elsewhere on the machine moves one round, not the
// result; none may be lost. A warm-up goes first, untimed (N deliveries, at most 20,000;
// BENCH_WARMUP to change it, and a short autocannon run), so every figure is steady-state.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createAccount } from '../src/accounts/create-account.ts';
import { loadConfig } from '../src/config.ts';
import { recordChanges } from '../src/events/record-changes.ts';
import { createLogger } from '../src/logger.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { DeliveryWorker } from '../src/watch/delivery-worker.ts';
import { createSubscription } from '../src/watch/subscriptions.ts';
import { median } from './load.ts';

const n = Number(process.argv[2] ?? process.env.BENCH_EVENTS ?? 20_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const ceilingSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmUp = Number(process.env.BENCH_WARMUP ?? Math.min(20_000, n));
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
  const db = await openDb(config);
  const log = createLogger('silent');
  const clock = () => new Date();
  const account = await createAccount({ ctx: { store: createStore(db), clock }, input: { name: 'bench' } });
  const caller = {
    accountId: account.id,
    keyId: 'key_bench',
    mode: 'test' as const,
    partition: 'sandbox' as const,
  };
  await createSubscription({
    ctx: { store: createStore(db), clock, caller, config },
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
  const measureCeiling = async (duration: number) =>
    process.env.BENCH_SKIP_CEILING
      ? 1
      : (await autocannon({ url, method: 'POST', body, headers, connections: concurrency, duration }))
          .requests.average;

  /** `count` change events and their fan-out (one delivery each), written before any is sent. */
  const writeEvents = async (count: number) => {
    for (let i = 0; i < count; i += 1000) {
      await createStore(db).transaction(async (tx) => {
        for (let j = i; j < Math.min(count, i + 1000); j++) {
          await recordChanges(tx, {
            clock,
            changes: [
              {
                type: 'name_change',
                entity: { abn: '44600110236', acn: null, name: `BENCH ${j}` },
                changes: [{ field: 'entity_name', old: `BENCH ${j - 1}`, new: `BENCH ${j}` }],
              },
            ],
            register: { dataset: 'bench', source: 'bench' },
            partition: 'sandbox',
            asOf: null,
            ingestId: null,
          });
        }
      });
    }
  };
  const pending = async () =>
    Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending'"))?.n);
  /** A worker drains the outbox: done once the receiver has every delivery and every outcome is stored. */
  const drain = async (count: number) => {
    const worker = new DeliveryWorker({ store: createStore(db), log, config, concurrency, pollMs: 20 });
    worker.start();
    // The receiver is asked (not the store), so waiting does not load the sending process.
    while ((await ask<{ unique: number }>('count')).unique < count)
      await new Promise((r) => setTimeout(r, 20));
    while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 5));
    await worker.stop();
  };
  const deliveredCount = async () =>
    Number(
      (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM deliveries WHERE status = 'delivered'"))?.n,
    );

  // Warm-up (not timed): the sending code is compiled and the connections open, as in a running
  // server, and the receiver has answered a load generator, so every timed figure is steady-state.
  await measureCeiling(2);
  await writeEvents(warmUp);
  await drain(warmUp);

  const figures: Array<{
    fanOut: number;
    rate: number;
    ceiling: number;
    cpu: NodeJS.CpuUsage;
    receiverCpu: number;
  }> = [];
  const latencies: number[] = [];
  let lost = 0;
  let deliveredAll = 0;
  for (let round = 0; round < rounds; round++) {
    await ask('reset');
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
    // The ceiling right after, in the same conditions as near as can be.
    const ceiling = await measureCeiling(ceilingSeconds);
    const delivered = (await deliveredCount()) - deliveredBefore;
    latencies.push(...stats.latencies);
    lost += n - stats.unique;
    deliveredAll += delivered;
    const f = { fanOut: n / fanOutSeconds, rate: n / seconds, ceiling, cpu, receiverCpu: stats.cpuMicros };
    figures.push(f);
    console.log(
      `round ${round + 1}: ${f.rate.toFixed(0)} deliveries/s, ceiling ${ceiling.toFixed(0)} req/s, ratio ${(f.rate / ceiling).toFixed(3)}`,
    );
  }
  await db.close();
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const med = (pick: (f: (typeof figures)[number]) => number) => median(figures.map(pick));
  const total = n * rounds;
  console.log(
    `\nNode ${process.version}, SQLite, ${rounds} rounds of ${n.toLocaleString('en-AU')} events (after ${warmUp.toLocaleString('en-AU')} to warm up), ${concurrency} attempts in flight; medians of rounds`,
  );
  console.log(
    `fan-out              ${med((f) => f.fanOut).toFixed(0)} events/s  (events and their deliveries written)`,
  );
  console.log(`deliveries           ${med((f) => f.rate).toFixed(0)} /s  (signed, durable outbox)`);
  console.log(
    `sender CPU           ${med((f) => (f.cpu.user + f.cpu.system) / n).toFixed(0)} µs per delivery  (user ${med((f) => f.cpu.user / n).toFixed(0)}, system ${med((f) => f.cpu.system / n).toFixed(0)}); receiver ${med((f) => f.receiverCpu / n).toFixed(0)} µs`,
  );
  console.log(`creation → receipt   p50 ${pct(50)} ms  p99 ${pct(99)} ms  (all rounds)`);
  console.log(
    `receiver ceiling     ${med((f) => f.ceiling).toFixed(0)} req/s  (autocannon, ${concurrency} connections, ${ceilingSeconds} s after each round)`,
  );
  console.log(
    `ratio                ${med((f) => f.rate / f.ceiling).toFixed(3)}  (median of rounds ${figures.map((f) => (f.rate / f.ceiling).toFixed(3)).join(', ')}; goal >= 0.3)`,
  );
  console.log(`lost                 ${lost}  (delivered ${deliveredAll}, received ${total - lost}; goal 0)`);
} finally {
  receiver.kill();
  rmSync(dir, { recursive: true, force: true });
}
