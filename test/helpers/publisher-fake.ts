import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One thing the fake publisher serves at a path (the query string included). */
export type Served = {
  body: Buffer | string;
  contentType?: string;
  /** Sent as ETag (and honoured in If-None-Match / If-Range); by default a hash of the body. */
  etag?: string | null;
  lastModified?: string;
  /** Whether the server says `Accept-Ranges: bytes` and answers a Range with 206. */
  ranges?: boolean;
  /** Sends only this many bytes of the body, then drops the connection; `cutTimes` times (default 1). */
  cutAfter?: number;
  cutTimes?: number;
  /** Answers this status instead (403, 429, 503…); `failTimes` times, or always when unset. */
  status?: number;
  failTimes?: number;
};

export type Publisher = {
  base: string;
  /** What is served, by path: change it between syncs to publish a new file. */
  served: Map<string, Served>;
  /** Every request: its path and headers. */
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  /** Full or partial bodies sent (200 and 206 answers), by path. */
  downloads: (path: string) => number;
  close: () => Promise<void>;
};

/** A loopback publisher answering as data.gov.au, DFAT or GLEIF would: ETags, 304s, ranges, failures on demand. */
export async function startPublisher(): Promise<Publisher> {
  const served = new Map<string, Served>();
  const requests: Publisher['requests'] = [];
  const sent = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, headers: req.headers });
    const item = served.get(path);
    if (!item) {
      res
        .writeHead(404, { 'content-type': 'text/html' })
        .end('<!DOCTYPE html><html><body>Not found</body></html>');
      return;
    }
    if (item.status && (item.failTimes === undefined || item.failTimes > 0)) {
      if (item.failTimes !== undefined) item.failTimes--;
      res.writeHead(item.status, { 'retry-after': '0', 'content-type': 'text/plain' }).end('no');
      return;
    }
    const body = Buffer.isBuffer(item.body) ? item.body : Buffer.from(item.body);
    const etag =
      item.etag === null ? undefined : (item.etag ?? `"${createHash('sha1').update(body).digest('hex')}"`);
    const headers: Record<string, string> = {
      'content-type': item.contentType ?? 'application/octet-stream',
    };
    if (etag) headers.etag = etag;
    if (item.lastModified) headers['last-modified'] = item.lastModified;
    if (item.ranges) headers['accept-ranges'] = 'bytes';
    const notModified =
      (etag && req.headers['if-none-match'] === etag) ||
      (!req.headers['if-none-match'] &&
        item.lastModified &&
        req.headers['if-modified-since'] === item.lastModified);
    if (notModified) {
      res.writeHead(304, headers).end();
      return;
    }
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(String(req.headers.range ?? ''));
    const ifRange = req.headers['if-range'];
    if (item.ranges && range && (!ifRange || ifRange === etag || ifRange === item.lastModified)) {
      start = Number(range[1]);
      headers['content-range'] = `bytes ${start}-${body.length - 1}/${body.length}`;
    }
    const part = body.subarray(start);
    headers['content-length'] = String(part.length);
    sent.set(path, (sent.get(path) ?? 0) + 1);
    res.writeHead(start ? 206 : 200, headers);
    if (item.cutAfter !== undefined && (item.cutTimes ?? 1) > 0) {
      item.cutTimes = (item.cutTimes ?? 1) - 1;
      // The client reads what was sent before the connection drops, as after a long transfer.
      res.write(part.subarray(0, item.cutAfter), () => setTimeout(() => res.destroy(), 500));
      return;
    }
    res.end(part);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    served,
    requests,
    downloads: (path) => sent.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A CKAN resource as data.gov.au's `package_show` lists it. */
export type CkanResource = {
  id: string;
  name: string;
  path: string;
  format: string;
  lastModified: string | null;
};

/**
 * A `package_show` answer in CKAN's own shape (data.gov.au's API 3): `help`, `success`, and the
 * package with its resources in the portal's order, each file under `/dataset/<package id>/resource/<id>/download/`.
 */
export function ckanPackage(
  base: string,
  pkg: { id: string; name: string; title: string },
  resources: CkanResource[],
) {
  return JSON.stringify({
    help: `${base}/data/api/3/action/help_show?name=package_show`,
    success: true,
    result: {
      author: null,
      id: pkg.id,
      name: pkg.name,
      title: pkg.title,
      license_id: 'cc-by',
      license_title: 'Creative Commons Attribution 3.0 Australia',
      metadata_created: '2014-04-29T03:38:12.547563',
      metadata_modified: '2026-11-18T02:10:31.412395',
      num_resources: resources.length,
      organization: {
        name: 'australiansecuritiesinvestmentscommission',
        title: 'Australian Securities and Investments Commission (ASIC)',
      },
      state: 'active',
      type: 'dataset',
      update_freq: 'weekly',
      resources: resources.map((r, position) => ({
        cache_last_updated: null,
        created: '2026-11-01T00:12:45.332101',
        datastore_active: false,
        description: '',
        format: r.format,
        hash: '',
        id: r.id,
        last_modified: r.lastModified,
        metadata_modified: r.lastModified ?? '2026-11-01T00:12:45.332101',
        mimetype: null,
        name: r.name,
        package_id: pkg.id,
        position,
        resource_type: null,
        size: null,
        state: 'active',
        url: `${base}${r.path}`,
        url_type: 'upload',
      })),
    },
  });
}

export const resourcePath = (packageId: string, resourceId: string, file: string) =>
  `/data/dataset/${packageId}/resource/${resourceId}/download/${file}`;
