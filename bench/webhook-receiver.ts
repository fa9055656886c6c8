// The receiver for `npm run bench:webhooks`, in its own process: answers 204 at once and records,
// per webhook-id, the time from the event's creation (the body's created_at) to receipt. Every
// request costs it the same, so the ceiling run and the deliveries are measured on equal terms.
import { createServer } from 'node:http';

const latencies: number[] = [];
const ids = new Set<string>();
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    // The same work for every request (the ceiling's included): read the id and the event's time.
    const id = req.headers['webhook-id'];
    const created = /"created_at":"([^"]+)"/.exec(body)?.[1];
    const latency = created ? Date.now() - Date.parse(created) : 0;
    if (typeof id === 'string' && !ids.has(id)) {
      ids.add(id);
      if (created) latencies.push(latency);
    }
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
let cpu = process.cpuUsage();
process.on('message', (m) => {
  if (m === 'stats') {
    const used = process.cpuUsage(cpu);
    process.send?.({ unique: ids.size, latencies, cpuMicros: used.user + used.system });
  }
  if (m === 'count') process.send?.({ unique: ids.size });
  if (m === 'reset') {
    ids.clear();
    latencies.length = 0;
    cpu = process.cpuUsage();
    process.send?.({ reset: true });
  }
});
