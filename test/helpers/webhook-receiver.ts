import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type VerifyingReceiver = {
  url: string;
  /** Requests per webhook-id, counting only those whose signature verified, once answered. */
  received: Map<string, number>;
  /** Requests per webhook-id whose signature verified, counted as they arrive (before the answer). */
  arrived: Map<string, number>;
  /** Verified requests per user-agent (which sender sent them). */
  agents: Map<string, number>;
  /** Requests whose signature did not verify (answered 400). */
  rejected: () => number;
  /** The secret signatures are verified with (set once the subscription exists). */
  setSecret: (secret: string) => void;
  close: () => Promise<void>;
};

/**
 * A webhook receiver on loopback as a customer would write one: it verifies every signature with
 * the `standardwebhooks` library, answers 200 after `delayMs` (so attempts are in flight for a
 * while) and keeps a count per webhook-id, its dedupe key.
 */
export async function verifyingReceiver({
  delayMs = 0,
}: {
  delayMs?: number;
} = {}): Promise<VerifyingReceiver> {
  const received = new Map<string, number>();
  const arrived = new Map<string, number>();
  const agents = new Map<string, number>();
  let rejected = 0;
  let secret = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      let id: string;
      try {
        id = (new Webhook(secret).verify(body, req.headers as Record<string, string>) as { id: string }).id;
      } catch {
        rejected++;
        res.writeHead(400).end();
        return;
      }
      arrived.set(id, (arrived.get(id) ?? 0) + 1);
      setTimeout(() => {
        received.set(id, (received.get(id) ?? 0) + 1);
        const agent = req.headers['user-agent'] ?? '';
        agents.set(agent, (agents.get(agent) ?? 0) + 1);
        res.writeHead(200).end();
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    arrived,
    agents,
    rejected: () => rejected,
    setSecret: (s) => {
      secret = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A receiver on loopback that answers 500 until told to accept, recording each webhook-id as it arrives. */
export async function switchableReceiver() {
  const ids: string[] = [];
  let accept = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['webhook-id']));
      res.writeHead(accept ? 200 : 500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    ids,
    accept: () => {
      accept = true;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
