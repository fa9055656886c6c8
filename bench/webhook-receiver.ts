// The receiver for `npm run bench:webhooks`, in its own process: answers 204 at once and records,
// per webhook-id, the time from the event's creation (the body's created_at) to receipt.
import { createServer } from 'node:http';

const latencies: number[] = [];
const ids = new Set<string>();
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const id = req.headers['webhook-id'];
    if (typeof id === 'string' && !ids.has(id)) {
      ids.add(id);
      const created = /"created_at":"([^"]+)"/.exec(body)?.[1];
      if (created) latencies.push(Date.now() - Date.parse(created));
    }
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (m) => {
  if (m === 'stats') process.send?.({ unique: ids.size, latencies });
  if (m === 'reset') {
    ids.clear();
    latencies.length = 0;
    process.send?.({ reset: true });
  }
});
