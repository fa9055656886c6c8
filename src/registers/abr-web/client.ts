import type { AbrEntity } from './entity.ts';
import { AbrInvalidIdentifier, AbrNotFound, AbrUnavailable, withoutSecret } from './errors.ts';
import { parseAbnDetailsJsonp } from './parse-json.ts';
import { parseAbnListPayload, parseEntityPayload } from './parse-xml.ts';

export type AbrClientOptions = {
  guid: string;
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Per attempt, covering headers and body. */
  timeoutMs?: number;
  /** Extra attempts after an AbrUnavailable; other errors are final. */
  retries?: number;
  /** Wait before retry n is n × backoffMs. */
  backoffMs?: number;
  cacheTtlMs?: number;
  cacheSize?: number;
  now?: () => number;
};

export type AbrClient = {
  /** SearchByABNv202001; null when the ABR has no such ABN. */
  lookupAbn(abn: string): Promise<AbrEntity | null>;
  /** SearchByASICv201408; null when the ABR has no ABN for this ACN. */
  lookupAcn(acn: string): Promise<AbrEntity | null>;
  /** json/AbnDetails.aspx: fewer fields (no trading names, no name parts, no update dates). */
  lookupAbnJson(abn: string): Promise<AbrEntity | null>;
  /** SearchByUpdateEvent: ABNs whose record changed on `date` (YYYY-MM-DD). */
  updatedAbns(date: string): Promise<string[]>;
};

// Some clients report the ABR rejects default library user agents (docs/registers.md §1.1, [P]).
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const XML_PATH = '/abrxmlsearch/AbrXmlSearch.asmx';

/** Live reads from the ABN Lookup web services (docs/registers.md §1.1–1.3). */
export function createAbrClient(options: AbrClientOptions): AbrClient {
  const {
    guid,
    baseUrl = 'https://abr.business.gov.au',
    fetch = globalThis.fetch,
    timeoutMs = 8000,
    retries = 2,
    backoffMs = 250,
    cacheTtlMs = 60_000,
    cacheSize = 1000,
    now = Date.now,
  } = options;
  const cache = createCache<AbrEntity>({ ttlMs: cacheTtlMs, maxSize: cacheSize, now });

  async function request<T>(url: URL, parse: (body: string) => T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return parse(await fetchText(url));
      } catch (error) {
        if (!(error instanceof AbrUnavailable) || attempt >= retries)
          throw withoutSecret(error as Error, guid);
        await new Promise((resolve) => setTimeout(resolve, backoffMs * (attempt + 1)));
      }
    }
  }

  async function fetchText(url: URL): Promise<string> {
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, {
        headers: { 'User-Agent': USER_AGENT, Accept: 'text/xml, application/xml, text/javascript, */*' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      throw networkError(error, timeoutMs);
    }
    if (!response.ok) throw new AbrUnavailable(`ABR answered HTTP ${response.status}`);
    return body;
  }

  async function cachedEntity(key: string, url: () => URL, parse: (body: string) => AbrEntity) {
    const hit = cache.get(key);
    if (hit) return hit;
    try {
      const entity = await request(url(), parse);
      cache.set(key, entity);
      return entity;
    } catch (error) {
      if (error instanceof AbrNotFound) return null;
      throw error;
    }
  }

  const parseXmlEntity = (body: string) => parseEntityPayload(body, now);
  return {
    lookupAbn: async (abn) => {
      const id = identifier(abn, 11, 'ABN');
      return cachedEntity(
        `abn:${id}`,
        () => identifierUrl(baseUrl, 'SearchByABNv202001', id, guid),
        parseXmlEntity,
      );
    },
    lookupAcn: async (acn) => {
      const id = identifier(acn, 9, 'ACN');
      return cachedEntity(
        `acn:${id}`,
        () => identifierUrl(baseUrl, 'SearchByASICv201408', id, guid),
        parseXmlEntity,
      );
    },
    lookupAbnJson: async (abn) => {
      const id = identifier(abn, 11, 'ABN');
      const url = () => abnDetailsUrl(baseUrl, id, guid);
      return cachedEntity(`json:${id}`, url, (body) => parseAbnDetailsJsonp(body, now));
    },
    updatedAbns: async (date) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new AbrInvalidIdentifier('Update date must be YYYY-MM-DD');
      return request(updateEventUrl(baseUrl, date, guid), parseAbnListPayload);
    },
  };
}

/** Spaces allowed ("51 824 753 556"); the check digit is left to the ABR, which is authoritative. */
function identifier(value: string, length: number, kind: string): string {
  const digits = value.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${length}}$`).test(digits))
    throw new AbrInvalidIdentifier(`An ${kind} has ${length} digits`);
  return digits;
}

export function identifierUrl(baseUrl: string, operation: string, searchString: string, guid: string): URL {
  const url = new URL(`${XML_PATH}/${operation}`, baseUrl);
  url.search = new URLSearchParams({
    searchString,
    includeHistoricalDetails: 'N',
    authenticationGuid: guid,
  }).toString();
  return url;
}

export function abnDetailsUrl(baseUrl: string, abn: string, guid: string): URL {
  const url = new URL('/json/AbnDetails.aspx', baseUrl);
  url.search = new URLSearchParams({ abn, guid, callback: 'callback' }).toString();
  return url;
}

/**
 * SearchByUpdateEvent over HTTP-GET (docs/registers.md §1.5): every parameter the WSDL names, since
 * the HTTP-GET form answers HTTP 500 "Missing parameter" for one left out; blank `postcode`, `state`
 * and `entityTypeCode` mean any. The answer lists one changed ABN per `abnList/abn`.
 */
export function updateEventUrl(baseUrl: string, date: string, guid: string): URL {
  const url = new URL(`${XML_PATH}/SearchByUpdateEvent`, baseUrl);
  url.search = new URLSearchParams({
    postcode: '',
    state: '',
    entityTypeCode: '',
    updatedate: date,
    authenticationGuid: guid,
  }).toString();
  return url;
}

/** Timeouts and socket failures. The original error is not attached: its text may quote the URL, which holds the GUID. */
function networkError(error: unknown, timeoutMs: number): AbrUnavailable {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return new AbrUnavailable(`ABR did not answer within ${timeoutMs} ms`);
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  const reason = typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : 'network error';
  return new AbrUnavailable(`ABR could not be reached (${reason})`);
}

/** Successful lookups for a short while, oldest evicted first once full. */
function createCache<T>({ ttlMs, maxSize, now }: { ttlMs: number; maxSize: number; now: () => number }) {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: T): void {
      if (ttlMs <= 0 || maxSize <= 0) return;
      entries.delete(key);
      while (entries.size >= maxSize) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(key, { value, expires: now() + ttlMs });
    },
  };
}
