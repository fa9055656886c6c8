import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerProcess } from './process.ts';

/** The server's JSON log lines (stdout also carries the first start's banner, which is not JSON). */
export const logLines = (server: ServerProcess): Record<string, unknown>[] =>
  server
    .stdout()
    .split('\n')
    .slice(0, -1) // the last piece is a line still being written, or empty
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * Resolves with the first log line whose `msg` is `msg`, however long it takes (the sandbox loads
 * after the server listens); fails if the server exits or its sandbox load fails first.
 */
export async function waitForLog(server: ServerProcess, msg: string): Promise<Record<string, unknown>> {
  for (;;) {
    const lines = logLines(server);
    const found = lines.find((l) => l.msg === msg);
    if (found) return found;
    const failed = lines.find((l) => l.msg === 'sandbox load failed');
    if (failed) throw new Error(`sandbox load failed: ${JSON.stringify(failed)}`);
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stdout()}`);
    await sleep(50);
  }
}

/**
 * Asks /readyz until it answers 200 and returns that body; no deadline, as on a busy machine. The
 * server sets its sandbox check before it logs 'sandbox loaded', so a 503 to a request sent after
 * that line is a failure, not a reason to wait longer.
 */
export async function waitUntilReady(
  server: ServerProcess,
  options: { allowFailedLoad?: boolean } = {},
): Promise<unknown> {
  for (;;) {
    const loadedBefore = logLines(server).some((l) => l.msg === 'sandbox loaded');
    const res = await fetch(`${server.baseUrl}/readyz`);
    if (res.status === 200) return res.json();
    const body = await res.text();
    if (loadedBefore) throw new Error(`/readyz is ${res.status} after 'sandbox loaded': ${body}`);
    // A failed load is tried again; a caller that made it fail on purpose waits for the retry.
    if (!options.allowFailedLoad && logLines(server).some((l) => l.msg === 'sandbox load failed'))
      throw new Error(`sandbox load failed: ${server.stdout()}`);
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stdout()}`);
    await sleep(100);
  }
}
