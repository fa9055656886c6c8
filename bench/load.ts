// What the HTTP benchmarks share: core pinning for the load generator and medians of rounds.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

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
