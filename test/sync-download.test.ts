import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { CATALOGUE } from '../src/sync/catalogue.ts';
import { downloadApiPages, downloadFile } from '../src/sync/download.ts';
import { createHttp, DEFAULT_RETRY } from '../src/sync/http.ts';
import { locateFiles } from '../src/sync/locate.ts';
import { ckanPackage, type Publisher, resourcePath, startPublisher } from './helpers/publisher-fake.ts';
import { makeZip } from './helpers/zip.ts';

const ABR = {
  id: '5bd7fcab-e315-42cb-8daf-50b7efc2027e',
  name: 'abn-bulk-extract',
  title: 'ABN Bulk Extract',
};
const fast = { ...DEFAULT_RETRY, firstDelayMs: 10 };

describe('finding and downloading a register’s files', () => {
  let publisher: Publisher;
  let dir: string;
  before(async () => {
    publisher = await startPublisher();
    dir = await mkdtemp(join(tmpdir(), 'aevs-sync-test-'));
  });
  after(async () => {
    await publisher.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('takes both halves of the ABN Bulk Extract from its CKAN package, and refuses one half alone', async () => {
    const resources = [
      {
        id: 'a1',
        name: 'ABN Bulk Extract Part 1',
        path: resourcePath(ABR.id, 'a1', 'public_split_1_10.zip'),
        format: 'ZIP',
        lastModified: '2026-11-18T03:00:00.000000',
      },
      {
        id: 'a2',
        name: 'ABN Bulk Extract Part 2',
        path: resourcePath(ABR.id, 'a2', 'public_split_11_20.zip'),
        format: 'ZIP',
        lastModified: '2026-11-18T03:05:00.000000',
      },
      {
        id: 'a3',
        name: 'ABN Bulk Extract - Data Dictionary',
        path: resourcePath(ABR.id, 'a3', 'abn-bulk-extract-data-dictionary.pdf'),
        format: 'PDF',
        lastModified: null,
      },
    ];
    const path = '/data/api/3/action/package_show?id=abn-bulk-extract';
    publisher.served.set(path, {
      body: ckanPackage(publisher.base, ABR, resources),
      contentType: 'application/json',
    });
    const http = createHttp(loadConfig({}).proxy, fast);
    const entry = { ...CATALOGUE['abr-bulk'], locator: { ckan: `${publisher.base}${path}` } };
    const files = await locateFiles(http, entry);
    assert.deepEqual(
      files.map((f) => [f.name, f.resourceId, f.lastModified]),
      [
        ['public_split_1_10.zip', 'a1', '2026-11-18T03:00:00.000000'],
        ['public_split_11_20.zip', 'a2', '2026-11-18T03:05:00.000000'],
      ],
    );
    publisher.served.set(path, {
      body: ckanPackage(publisher.base, ABR, [resources[0], resources[2]] as typeof resources),
      contentType: 'application/json',
    });
    await assert.rejects(
      locateFiles(http, entry),
      /1 file match .* where 2 are expected \(public_split_1_10\.zip\)/,
    );
    await http.close();
  });

  it('resumes a cut download with a Range request where the server allows it', async () => {
    const body = makeZip([
      { name: 'company_202611.csv', content: readFileSync('fixtures/sandbox/asic-companies.csv') },
    ]);
    publisher.served.set('/company_202611.zip', {
      body,
      ranges: true,
      cutAfter: 1000,
      contentType: 'application/zip',
    });
    const http = createHttp(loadConfig({}).proxy, fast);
    const got = await downloadFile(
      http,
      { url: `${publisher.base}/company_202611.zip`, name: 'company_202611.zip' },
      join(dir, 'resume'),
    );
    assert.equal(got.notModified, false);
    assert.ok(!got.notModified && readFileSync(got.path).equals(body), 'the whole file, once');
    const ranged = publisher.requests.filter((r) => r.path === '/company_202611.zip');
    assert.equal(ranged.length, 2);
    assert.equal(ranged[1]?.headers.range, 'bytes=1000-');
    assert.ok(ranged[1]?.headers['if-range'], 'only if the file is still the same');
    await http.close();
  });

  it('walks GLEIF’s API page by page', async () => {
    const data = (JSON.parse(readFileSync('fixtures/sandbox/gleif.json', 'utf8')) as { data: unknown[] })
      .data;
    const first =
      '/api/v1/lei-records?filter%5Bentity.legalAddress.country%5D=AU&page%5Bsize%5D=1&page%5Bnumber%5D=1';
    const second = first.replace('number%5D=1', 'number%5D=2');
    const page = (n: number, next?: string) =>
      JSON.stringify({
        meta: {
          goldenCopy: { publishDate: '2026-11-25T08:00:00Z' },
          pagination: { currentPage: n, perPage: 1, total: 2, lastPage: 2 },
        },
        links: {
          first: `${publisher.base}${first}`,
          ...(next ? { next: `${publisher.base}${next}` } : {}),
          last: `${publisher.base}${second}`,
        },
        data: [data[n - 1]],
      });
    publisher.served.set(first, { body: page(1, second), contentType: 'application/vnd.api+json' });
    publisher.served.set(second, { body: page(2), contentType: 'application/vnd.api+json' });
    const http = createHttp(loadConfig({}).proxy, fast);
    const pages = await downloadApiPages(http, `${publisher.base}${first}`, join(dir, 'gleif'), {
      pauseMs: 0,
    });
    assert.equal(pages.paths.length, 2);
    assert.match(readFileSync(pages.paths[1] as string, 'utf8'), /"currentPage":2/);
    await http.close();
  });

  it('goes through HTTP_PROXY, except for hosts in NO_PROXY', async () => {
    // A forward proxy on loopback: it tunnels CONNECT and forwards absolute-form requests, all to
    // the publisher, whatever host was asked for; it keeps the hosts it was asked for.
    const asked: string[] = [];
    const target = new URL(publisher.base);
    const proxy = createServer((req, res) => {
      asked.push(new URL(req.url ?? '').host);
      const forward = request(
        {
          host: target.hostname,
          port: target.port,
          path: new URL(req.url ?? '').pathname,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    proxy.on('connect', (req, socket, head) => {
      asked.push(req.url ?? '');
      const upstream = connect(Number(target.port), target.hostname, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    publisher.served.set('/acnc.csv', {
      body: readFileSync('fixtures/sandbox/acnc.csv'),
      contentType: 'text/csv',
    });
    try {
      const config = loadConfig({ HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' });
      const http = createHttp(config.proxy, fast);
      // A host only the proxy can reach.
      const via = await downloadFile(
        http,
        { url: 'http://data.gov.au.invalid/acnc.csv', name: 'acnc.csv' },
        join(dir, 'proxy'),
      );
      assert.equal(via.notModified, false);
      assert.equal(asked.length, 1, 'through the proxy');
      assert.match(asked[0] ?? '', /^data\.gov\.au\.invalid(:80)?$/);
      // NO_PROXY: straight to the publisher.
      const before = asked.length;
      await downloadFile(http, { url: `${publisher.base}/acnc.csv`, name: 'acnc.csv' }, join(dir, 'direct'));
      assert.equal(asked.length, before, 'not through the proxy');
      await http.close();
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });
});
