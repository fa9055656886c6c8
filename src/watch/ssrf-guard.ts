import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

// Webhook egress rules: docs/decisions.md "Watch subscriptions and webhooks", docs/architecture.md, a webhook delivery.

/** The subset of `dns.promises.lookup` we use; tests inject a fake. */
export type Lookup = (hostname: string, options: { all: true }) => Promise<dns.LookupAddress[]>;

export type GuardOptions = { allowPrivate: boolean; lookup?: Lookup; verdicts?: HostVerdicts };

/**
 * Hostnames whose every address was public when last resolved, remembered for a short time so a
 * busy endpoint is not resolved before every attempt. Only allowances are kept: a refusal (or a
 * failed lookup) is never remembered, so it can never be served as an allowance; the next attempt
 * resolves again. The dispatcher still checks the addresses of every new connection.
 */
export type HostVerdicts = { isPublic: (host: string) => boolean; markPublic: (host: string) => void };

export function hostVerdicts({
  ttlMs = 30_000,
  max = 10_000,
  now = Date.now,
}: {
  ttlMs?: number;
  max?: number;
  now?: () => number;
} = {}): HostVerdicts {
  const until = new Map<string, number>();
  return {
    isPublic: (host) => {
      const expires = until.get(host);
      if (expires === undefined) return false;
      if (expires > now()) return true;
      until.delete(host);
      return false;
    },
    markPublic: (host) => {
      until.delete(host);
      // The oldest entry goes first when full (Map keeps insertion order).
      if (until.size >= max) until.delete(until.keys().next().value as string);
      until.set(host, now() + ttlMs);
    },
  };
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const LABELS: Record<string, string> = {
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  multicast: 'a multicast',
  linkLocal: 'a link-local',
  loopback: 'a loopback',
  carrierGradeNat: 'a carrier-grade NAT',
  private: 'a private',
  uniqueLocal: 'a private',
  reserved: 'a reserved',
  benchmarking: 'a benchmarking',
};

/**
 * Why an address may not receive webhooks, or null when it is public unicast.
 * IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is unwrapped first. For IPv6 we also require the global
 * unicast block 2000::/3, which rules out IPv4-compatible, NAT64 and other prefixes that can smuggle
 * an internal IPv4 address; ipaddr.js alone labels some of them 'unicast'.
 */
function addressProblem(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return `an unparseable address (${address})`;
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  const range = ip.range();
  const shown = ip.toString();
  if (range !== 'unicast') return `${LABELS[range] ?? 'a non-public'} address (${shown})`;
  if (ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6)) return `a non-public address (${shown})`;
  return null;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Checks a webhook_url at create, PATCH and before each delivery. Every resolved address must be
 * public: one bad record among good ones is enough for an attacker (or a rebinding resolver) to
 * reach it. Outcomes are data (docs/architecture.md, a REST request: expected outcomes are data); only the guarded dispatcher enforces at connect.
 */
export async function checkWebhookUrl(raw: string, options: GuardOptions): Promise<UrlCheck> {
  const shape = webhookUrlShape(raw, options.allowPrivate);
  if (!shape.ok || shape.resolve === null) return shape.ok ? { ok: true, url: shape.url } : shape;
  return resolvesPublic(shape.url, shape.resolve, options);
}

/**
 * What can be told from the URL alone (the same answer every time for the same string): scheme,
 * credentials, an IP literal's address. `resolve` is the hostname still to be resolved and
 * checked, or null when no lookup is needed (an IP literal, or private addresses allowed).
 */
export function webhookUrlShape(
  raw: string,
  allowPrivate: boolean,
): { ok: true; url: URL; resolve: string | null } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'webhook_url is not a valid URL' };
  }
  if (allowPrivate) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return { ok: false, reason: 'webhook_url must use http or https' };
    }
  } else if (url.protocol !== 'https:') {
    return { ok: false, reason: 'webhook_url must use https' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'webhook_url must not contain credentials' };
  }
  if (allowPrivate) return { ok: true, url, resolve: null };

  // WHATWG URL has already normalised 0x7f.1, 2130706433 and 0177.0.0.1 to 127.0.0.1.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (net.isIP(host) !== 0) {
    const problem = addressProblem(host);
    return problem
      ? { ok: false, reason: `webhook_url points to ${problem}` }
      : { ok: true, url, resolve: null };
  }
  return { ok: true, url, resolve: host };
}

/** The DNS half of the check: every address `host` resolves to must be public. */
export async function resolvesPublic(
  url: URL,
  host: string,
  { lookup = dns.promises.lookup, verdicts }: Omit<GuardOptions, 'allowPrivate'>,
): Promise<UrlCheck> {
  if (verdicts?.isPublic(host)) return { ok: true, url };
  // One answer for a name that does not resolve and one that resolves to a non-public address, never
  // naming the address or its kind: anything more would let any key holder map internal DNS names.
  const refused: UrlCheck = {
    ok: false,
    reason: `webhook_url host ${host} must resolve to public addresses only, and does not`,
  };
  let addresses: dns.LookupAddress[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return refused;
  }
  if (addresses.length === 0) return refused;
  for (const { address } of addresses) if (addressProblem(address)) return refused;
  verdicts?.markPublic(host);
  return { ok: true, url };
}

/** Thrown (through undici) when a delivery would connect to a non-public address. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  code = 'ERR_WEBHOOK_ADDRESS_BLOCKED';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * An undici dispatcher for webhook sends that re-checks addresses at connection time, so a DNS
 * answer that changes between `checkWebhookUrl` and the send (rebinding) is refused; the socket
 * connects to exactly the addresses that were checked.
 *
 * Use it with undici's own `request`/`fetch` (`dispatcher` option). Node's global `fetch` ignores
 * `http.Agent` and this filter would not apply. The sender does not follow redirects: undici 7's
 * `request` never does unless composed with its redirect interceptor (don't), and with undici's
 * `fetch` pass `redirect: 'manual'`. A 3xx is a failed attempt; following it would reach a URL that
 * was never checked.
 */
export function guardedDispatcher({
  allowPrivate,
  lookup = dns.promises.lookup,
  connectTimeoutMs = 10_000,
}: GuardOptions & { connectTimeoutMs?: number }): Agent {
  if (allowPrivate) return new Agent({ connect: { timeout: connectTimeoutMs } });

  // Node's net.connect calls `lookup` with `all: true` when it tries several addresses
  // (autoSelectFamily, the default since Node 20) and without it otherwise.
  const guardedLookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { all: true }).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter((a) => wanted === 0 || a.family === wanted);
        for (const { address } of found) {
          const problem = addressProblem(address);
          if (problem) {
            callback(new BlockedAddressError(`refused to connect: ${hostname} resolves to ${problem}`), []);
            return;
          }
        }
        const first = addresses[0];
        if (!first) {
          const err: NodeJS.ErrnoException = new Error(`no usable address for ${hostname}`);
          err.code = 'ENOTFOUND';
          callback(err, []);
        } else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };

  const connect = buildConnector({ lookup: guardedLookup, timeout: connectTimeoutMs });
  return new Agent({
    connect: (options, callback) => {
      // net.connect skips `lookup` for IP literals, so those are checked here.
      if (net.isIP(options.hostname) !== 0) {
        const problem = addressProblem(options.hostname);
        if (problem) {
          callback(new BlockedAddressError(`refused to connect: ${options.hostname} is ${problem}`), null);
          return;
        }
      }
      connect(options, callback);
    },
  });
}
