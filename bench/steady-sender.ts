// The steady-rate load generator of bench:scale and bench:resolve, in a process of its own: requests
// sent one every 1/rate seconds, each when it is due whether or not the ones before have been
// answered (open loop), over up to 32 connections. autocannon's own rate option sends each second's
// requests in a burst at its start. Run in its own small process, the sender's garbage collections
// are short and never the benchmark process's (which may hold millions of generated names), so a
// pause on the sending side is not counted as the server's latency.
//
// Parent → child (IPC): a SteadyJob; child → parent: { latencies (ms, from each measured request's
// due time), seconds }.
import { Pool } from 'undici';

export type SteadyJob = {
  port: number;
  key: string;
  path: string;
  /** Request bodies, sent in turn. */
  bodies: string[];
  rate: number;
  /** Sent first and not measured: connections opened, the server's code compiled. */
  warmupSeconds: number;
  seconds: number;
};

async function send(job: SteadyJob) {
  const pool = new Pool(`http://127.0.0.1:${job.port}`, { connections: 32 });
  const warmup = job.rate * job.warmupSeconds;
  const total = warmup + job.rate * job.seconds;
  const latencies = new Float64Array(total);
  const headers = { authorization: `Bearer ${job.key}`, 'content-type': 'application/json' };
  let answered = 0;
  let failed: Error | undefined;
  const started = performance.now();
  const done = new Promise<void>((resolve) => {
    const finish = () => {
      if (++answered === total) resolve();
    };
    const one = (i: number, due: number) => {
      pool
        .request({ method: 'POST', path: job.path, headers, body: job.bodies[i % job.bodies.length] })
        .then(async (response) => {
          await response.body.text();
          if (response.statusCode !== 200) throw new Error(`${job.path} answered ${response.statusCode}`);
          latencies[i] = performance.now() - due;
        })
        .catch((error: Error) => {
          failed ??= error;
        })
        .finally(finish);
    };
    let i = 0;
    const tick = () => {
      // Every request now due is sent, so a late timer never lowers the rate.
      for (; i < total; i++) {
        const due = started + (i * 1000) / job.rate;
        const now = performance.now();
        if (due > now) break;
        one(i, due);
      }
      if (i < total) setTimeout(tick, Math.max(0, started + (i * 1000) / job.rate - performance.now()));
    };
    tick();
  });
  await done;
  await pool.close();
  if (failed) throw failed;
  return {
    latencies: [...latencies.subarray(warmup)],
    seconds: (performance.now() - started) / 1000 - job.warmupSeconds,
  };
}

process.once('message', (job: SteadyJob) => {
  send(job).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
});
