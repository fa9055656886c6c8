// What the HTTP benchmarks share: core pinning for the load generator, medians of rounds, and requests at a steady rate.
import { execFileSync, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { SteadyJob } from './steady-sender.ts';
import { percentile } from './synthetic-names.ts';

/**
 * On a multi-core machine the load generator (this process, CPU 0) and the server under test (CPU 1)
 * each get a core of their own (taskset), so neither side's figure depends on where the scheduler
 * happened to put it. Returns whether servers should be started pinned.
 */
export function pinLoadGenerator(): boolean {
  const pin = existsSync('/usr/bin/taskset') && availableParallelism() >= 2;
  if (pin) execFileSync('/usr/bin/taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  return pin;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] ?? 0)
    : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

/**
 * Requests at a steady rate from a sender process of its own (`steady-sender.ts`), after a warm-up:
 * latency from each request's due time, so a stall counts for every request it held up.
 */
export async function steadyRate(
  job: Omit<SteadyJob, 'warmupSeconds'> & { warmupSeconds?: number },
): Promise<{ p50: number; p99: number; p999: number; rps: number }> {
  const child = fork(new URL('./steady-sender.ts', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = await new Promise<{ latencies: number[]; seconds: number }>((resolve, reject) => {
    child.once('message', resolve as (m: unknown) => void);
    child.once('exit', (code) => reject(new Error(`the steady sender exited (${code})`)));
    child.send({ warmupSeconds: 2, ...job });
  });
  const at = (p: number) => Math.round(percentile(result.latencies, p) * 10) / 10;
  return { p50: at(50), p99: at(99), p999: at(99.9), rps: result.latencies.length / result.seconds };
}
