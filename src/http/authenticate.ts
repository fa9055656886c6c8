import { hashApiKey, holdsApiKey, keyModeOf } from '../accounts/api-key.ts';
import { type Caller, partitionOf } from '../ctx.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../store/store.ts';

/** Query parameters that would put a key in a URL (docs/decisions.md): refused, and never logged. */
export const KEY_QUERY_PARAMS = ['api_key', 'key', 'token', 'access_token'] as const;

/** One of our keys (or the start of one), plain or partly percent-encoded, anywhere in a URL. */
const KEY_IN_TEXT = /svc_sk_(?:test|live)_(?:[0-9A-Za-z]|%[0-9A-Fa-f]{2})*/gi;
/** A cheap first look, on every request: only a URL with `%` or `_sk_` can hold a key at all. */
const mayHoldKey = (url: string) => url.includes('%') || url.includes('_sk_') || url.includes('_SK_');

/**
 * The URL percent-decoded; where a sequence is malformed, each `%XX` read as its byte instead, which
 * is enough to see an (ASCII) key however it was encoded.
 */
function decoded(url: string): string {
  if (!url.includes('%')) return url;
  try {
    return decodeURIComponent(url);
  } catch {
    return url.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
}

/** Where invitation links point (docs/decisions.md, the account dashboard). */
const INVITATION_PATH = '/dashboard/invite/';

/**
 * The URL fit for a log: `?api_key=…` → `?api_key=REDACTED`, and any key elsewhere in it replaced
 * by `REDACTED`. A key still there once decoded (its prefix encoded, say) takes the whole URL with it.
 */
export function redactUrl(url: string): string {
  // A dashboard invitation link's token lets its holder choose the password: never logged.
  if (url.startsWith(INVITATION_PATH)) return `${INVITATION_PATH}REDACTED`;
  let out = mayHoldKey(url) ? url.replace(KEY_IN_TEXT, 'REDACTED') : url;
  const q = out.indexOf('?');
  if (q !== -1) {
    const params = new URLSearchParams(out.slice(q + 1));
    let named = false;
    for (const name of [...params.keys()]) {
      if ((KEY_QUERY_PARAMS as readonly string[]).includes(name.toLowerCase())) {
        params.set(name, 'REDACTED');
        named = true;
      }
    }
    if (named) out = `${out.slice(0, q)}?${params.toString()}`;
  }
  return mayHoldKey(out) && holdsApiKey(decoded(out)) ? '[REDACTED: the URL held an API key]' : out;
}

const keyInUrl = (param: string | undefined) =>
  new AppError(
    'invalid_request',
    'API keys must not be sent in the URL. Send them in the Authorization header as "Bearer <key>", and roll any key that was exposed.',
    param === undefined ? { code: 'key_in_url' } : { code: 'key_in_url', param },
  );

/**
 * Refuses a request whose URL carries a key: under one of the names clients use for keys, or one of
 * our keys anywhere at all (another parameter, the path), in plain or percent-encoded form.
 */
export function refuseKeyInUrl(url: string, query: Record<string, unknown>): void {
  for (const name of Object.keys(query)) {
    if ((KEY_QUERY_PARAMS as readonly string[]).includes(name.toLowerCase())) throw keyInUrl(name);
  }
  if (!mayHoldKey(url) || !holdsApiKey(decoded(url))) return;
  const param = Object.keys(query).find((name) => {
    const value = query[name];
    return holdsApiKey(name) || (Array.isArray(value) ? value : [value]).some((v) => holdsApiKey(String(v)));
  });
  throw keyInUrl(param);
}

const invalidKey = () =>
  new AppError('invalid_api_key', 'The API key is not valid. It may have been revoked or rolled.');

/**
 * The `WWW-Authenticate` challenge of every 401 (RFC 6750 §3): the realm alone when no key came, and
 * `error="invalid_token"` with the message when a key was refused. It names no `resource_metadata`,
 * and `/.well-known/oauth-protected-resource` is a 404: keys are issued by the operator, not by an
 * OAuth authorization server (MCP makes authorization optional), so an MCP client has nothing to
 * discover and shows our error instead.
 */
export function bearerChallenge(error: AppError): string {
  if (error.type !== 'invalid_api_key') return 'Bearer realm="aevs"';
  // RFC 6750 §3: error_description is printable ASCII without `"` or `\`.
  const description = error.message.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '');
  return `Bearer realm="aevs", error="invalid_token", error_description="${description}"`;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

type Cached = { caller: Caller | null; expires: number };

/**
 * Looks keys up by their hash in the store, caching the answer briefly so the request path rarely reaches the store.
 * A revoked key stops working within `ttlMs`. Unknown keys are cached too (shorter), so a flood of
 * bad keys does not become a flood of queries; the cache is bounded.
 */
export class Authenticator {
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #cache = new Map<string, Cached>();
  static readonly MAX_ENTRIES = 10_000;

  constructor(store: Store, options: { ttlMs?: number; now?: () => number } = {}) {
    this.#store = store;
    this.#ttlMs = options.ttlMs ?? 10_000;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Synchronous when the key is cached, which is nearly always: no promise on the hot path. */
  authenticate(authorization: string | undefined): Caller | Promise<Caller> {
    if (!authorization) {
      throw new AppError(
        'authentication_required',
        'Send your API key in the Authorization header: "Bearer <key>".',
      );
    }
    const match = BEARER.exec(authorization);
    if (!match?.[1]) {
      throw new AppError('authentication_required', 'The Authorization header must read "Bearer <key>".');
    }
    const key = match[1];
    const now = this.#now();
    // Keyed by the presented key itself: the cache lives only in process memory, like the request
    // that carried it, and saves hashing on every request. The store only ever sees the hash.
    const cached = this.#cache.get(key);
    if (cached && cached.expires > now) {
      if (!cached.caller) throw invalidKey();
      return cached.caller;
    }
    // Anything that cannot be one of our keys is refused without a lookup and without a cache entry,
    // so only key-sized strings are ever held.
    if (!keyModeOf(key)) throw invalidKey();
    return this.#lookup(key, now);
  }

  async #lookup(key: string, now: number): Promise<Caller> {
    const row = await this.#store.apiKeys.findActiveByHash(hashApiKey(key));
    const caller: Caller | null = row
      ? { accountId: row.account_id, keyId: row.id, mode: row.mode, partition: partitionOf(row.mode) }
      : null;
    if (this.#cache.size >= Authenticator.MAX_ENTRIES) {
      // Expired entries go first; only a cache full of live ones is emptied.
      for (const [k, entry] of this.#cache) if (entry.expires <= now) this.#cache.delete(k);
      if (this.#cache.size >= Authenticator.MAX_ENTRIES) this.#cache.clear();
    }
    this.#cache.set(key, { caller, expires: now + (caller ? this.#ttlMs : this.#ttlMs / 5) });
    if (!caller) throw invalidKey();
    return caller;
  }
}
