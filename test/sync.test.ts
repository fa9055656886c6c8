import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runAevs } from './helpers/process.ts';
import { ckanPackage, type Publisher, resourcePath, startPublisher } from './helpers/publisher-fake.ts';
import { storeEnv, type TestStoreSettings, testStoreSettings } from './helpers/store.ts';
import { makeZip } from './helpers/zip.ts';

const fixture = (name: string) => readFileSync(join('fixtures/sandbox', name));
const COMPANIES = {
  id: '7b8656f9-606d-4337-af29-66b89b2eeefb',
  name: 'asic-companies',
  title: 'ASIC - Company Dataset',
};
const CKAN_COMPANIES = '/data/api/3/action/package_show?id=asic-companies';
const DFAT_PAGE = '/international-relations/security/sanctions/consolidated-list';
const DFAT_FILE = '/sites/default/files/Australian_Sanctions_Consolidated_List.xlsx';
const GLEIF_FIRST =
  '/api/v1/lei-records?filter%5Bentity.legalAddress.country%5D=AU&page%5Bsize%5D=1&page%5Bnumber%5D=1';

type Outcome = {
  dataset: string;
  status: string;
  reason: string | null;
  files: string[];
  ingest: {
    inserted: number;
    updated: number;
    removed: number;
    events: number;
    events_by_type: Record<string, number>;
  } | null;
  next_sync_at: string;
};
type Summary = { partition: string; datasets: Outcome[] };
type Source = {
  dataset: string;
  loaded: boolean;
  records: number;
  last_sync_at: string | null;
  last_sync_status: string | null;
  last_sync_error: string | null;
  next_sync_at: string | null;
};

/** ASIC's package as data.gov.au lists it: the current CSV and ZIP, the help file, last month's ZIP. */
function publishCompanies(p: Publisher, month: string, file: Buffer, lastModified: string) {
  const zipPath = resourcePath(COMPANIES.id, `zip-${month}`, `company_${month}.zip`);
  p.served.set(CKAN_COMPANIES, {
    body: ckanPackage(p.base, COMPANIES, [
      {
        id: `csv-${month}`,
        name: 'Company Dataset - Current',
        path: resourcePath(COMPANIES.id, `csv-${month}`, `company_${month}.csv`),
        format: 'CSV',
        lastModified,
      },
      {
        id: `zip-${month}`,
        name: 'Company Dataset - Current (zip)',
        path: zipPath,
        format: 'ZIP',
        lastModified,
      },
      {
        id: 'help',
        name: 'Company Dataset - Help File',
        path: resourcePath(COMPANIES.id, 'help', 'company-dataset-help-file.pdf'),
        format: 'PDF',
        lastModified: '2018-04-11T01:02:03.000000',
      },
      {
        id: 'zip-202610',
        name: 'Company Dataset - 202610',
        path: resourcePath(COMPANIES.id, 'zip-202610', 'company_202610.zip'),
        format: 'ZIP',
        lastModified: '2026-10-20T22:00:00.000000',
      },
    ]),
    contentType: 'application/json',
  });
  p.served.set(zipPath, {
    body: makeZip([{ name: `company_${month}.csv`, content: file }]),
    contentType: 'application/zip',
    ranges: true,
  });
  return zipPath;
}

function publishDfat(p: Publisher, file: Buffer) {
  p.served.set(DFAT_PAGE, {
    contentType: 'text/html; charset=utf-8',
    body: `<!DOCTYPE html><html><head><title>Consolidated List | Australian Government Department of Foreign Affairs and Trade</title></head>
<body><main><h1>Consolidated List</h1>
<p>The Consolidated List is a list of all persons and entities designated for targeted financial sanctions.</p>
<ul>
<li><a href="/sites/default/files/consolidated-list-guidance.pdf">Guidance (PDF 210 KB)</a></li>
<li><a href="${DFAT_FILE}" type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">Australian Sanctions Consolidated List (XLSX 1.9 MB)</a></li>
<li><a href='https://www.dfat.gov.au/international-relations/security/sanctions'>Sanctions</a></li>
</ul></main></body></html>`,
  });
  p.served.set(DFAT_FILE, {
    body: file,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    lastModified: 'Tue, 17 Nov 2026 23:00:00 GMT',
  });
}

describe('aevs sync from the publishers', () => {
  let store: TestStoreSettings;
  let publisher: Publisher;
  let env: Record<string, string>;
  before(async () => {
    store = await testStoreSettings();
    publisher = await startPublisher();
    const sourcesFile = join(store.dataDir, 'sources.json');
    writeFileSync(
      sourcesFile,
      JSON.stringify({
        'asic-companies': { ckan: `${publisher.base}${CKAN_COMPANIES}` },
        dfat: { page: `${publisher.base}${DFAT_PAGE}` },
        gleif: { api: `${publisher.base}${GLEIF_FIRST}` },
      }),
    );
    env = { ...storeEnv(store), AEVS_SOURCES_FILE: sourcesFile };
  });
  after(async () => {
    await publisher.close();
    await store.cleanup();
  });

  const sync = async (args: string[]) => {
    const run = await runAevs(['sync', ...args, '--json'], env);
    return { ...run, summary: run.stdout ? (JSON.parse(run.stdout) as Summary) : undefined };
  };
  const sources = async () => {
    const run = await runAevs(['sources', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    return new Map((JSON.parse(run.stdout) as { data: Source[] }).data.map((s) => [s.dataset, s]));
  };

  it('syncs the current files, then finds them unchanged without downloading them again', async () => {
    const zipPath = publishCompanies(
      publisher,
      '202611',
      fixture('asic-companies.csv'),
      '2026-11-17T22:41:12.345678',
    );
    publishDfat(publisher, fixture('dfat.xlsx'));

    const first = await sync(['asic-companies', 'dfat']);
    assert.equal(first.code, 0, first.stderr);
    const [companies, dfat] = first.summary?.datasets ?? [];
    assert.equal(companies?.status, 'synced');
    assert.deepEqual(companies?.files, ['company_202611.zip'], 'the current month, the zip');
    assert.ok((companies?.ingest?.inserted ?? 0) >= 19);
    assert.equal(dfat?.status, 'synced');
    assert.deepEqual(dfat?.files, ['Australian_Sanctions_Consolidated_List.xlsx'], 'the link the page names');
    assert.match(first.stderr, /asic-companies: looking for the current file/);
    assert.match(
      first.stderr,
      /asic-companies: downloading http:\/\/127\.0\.0\.1:\d+\/.*company_202611\.zip: \d+% of/,
    );
    assert.equal(publisher.downloads(zipPath), 1);
    assert.equal(publisher.downloads(DFAT_FILE), 1);

    const second = await sync(['asic-companies', 'dfat']);
    assert.equal(second.code, 0, second.stderr);
    const byName = new Map(second.summary?.datasets.map((d) => [d.dataset, d]));
    assert.equal(byName.get('asic-companies')?.status, 'unchanged');
    assert.match(
      byName.get('asic-companies')?.reason ?? '',
      /CKAN lists the same file, last modified 2026-11-17/,
    );
    assert.equal(byName.get('dfat')?.status, 'unchanged');
    assert.match(byName.get('dfat')?.reason ?? '', /304 Not Modified/);
    assert.equal(publisher.downloads(zipPath), 1, 'CKAN said nothing changed: no download');
    assert.equal(publisher.downloads(DFAT_FILE), 1, 'a conditional request answered 304');
    const dfatRequest = publisher.requests.filter((r) => r.path === DFAT_FILE).at(-1);
    assert.equal(dfatRequest?.headers['if-modified-since'], 'Tue, 17 Nov 2026 23:00:00 GMT');

    const listed = await sources();
    assert.equal(listed.get('asic-companies')?.last_sync_status, 'unchanged');
    assert.equal(listed.get('asic-companies')?.loaded, true);
    assert.ok(listed.get('asic-companies')?.last_sync_at);
    assert.equal(listed.get('acnc')?.last_sync_status, null);
  });

  it('loads GLEIF’s Australian entities from the API, page by page, and finds them unchanged next time', async () => {
    const records = publishGleif(publisher);
    const first = await sync(['gleif']);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.summary?.datasets[0]?.status, 'synced');
    assert.equal(first.summary?.datasets[0]?.ingest?.inserted, records);
    assert.equal(first.summary?.datasets[0]?.files.length, records, 'one file per page');
    const second = await sync(['gleif']);
    assert.equal(second.summary?.datasets[0]?.status, 'unchanged');
  });

  it('ingests a changed file with its change events', async () => {
    publishCompanies(publisher, '202612', fixture('next/asic-companies.csv'), '2026-12-01T22:40:00.000000');
    const run = await sync(['asic-companies']);
    assert.equal(run.code, 0, run.stderr);
    const [companies] = run.summary?.datasets ?? [];
    assert.equal(companies?.status, 'synced');
    assert.deepEqual(companies?.files, ['company_202612.zip']);
    assert.equal(companies?.ingest?.events_by_type.deregistration, 1);
    assert.equal(companies?.ingest?.events_by_type.name_change, 1);
  });

  it('skips a file that was published again unchanged, by its content', async () => {
    // A new upload of the same bytes: CKAN's last_modified moves, the content hash does not.
    const zipPath = publishCompanies(
      publisher,
      '202612',
      fixture('next/asic-companies.csv'),
      '2026-12-02T09:00:00.000000',
    );
    publisher.served.set(zipPath, { ...(publisher.served.get(zipPath) as { body: Buffer }), etag: null });
    const before = publisher.downloads(zipPath);
    const run = await sync(['asic-companies']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.summary?.datasets[0]?.status, 'unchanged');
    assert.match(run.summary?.datasets[0]?.reason ?? '', /identical to those of the last sync/);
    assert.equal(publisher.downloads(zipPath), before + 1);
  });
});

/** GLEIF's API answer: the fixture's records one per page, each page linking the next. */
function publishGleif(p: Publisher) {
  const data = (JSON.parse(fixture('gleif.json').toString('utf8')) as { data: unknown[] }).data;
  const pageAt = (n: number) => GLEIF_FIRST.replace(/number%5D=1$/, `number%5D=${n}`);
  data.forEach((record, i) => {
    const next = i + 1 < data.length ? { next: `${p.base}${pageAt(i + 2)}` } : {};
    p.served.set(pageAt(i + 1), {
      contentType: 'application/vnd.api+json',
      body: JSON.stringify({
        meta: {
          goldenCopy: { publishDate: '2026-11-25T08:00:00Z' },
          pagination: {
            currentPage: i + 1,
            perPage: 1,
            from: i + 1,
            to: i + 1,
            total: data.length,
            lastPage: data.length,
          },
        },
        links: { first: `${p.base}${GLEIF_FIRST}`, ...next, last: `${p.base}${pageAt(data.length)}` },
        data: [record],
      }),
    });
  });
  return data.length;
}

describe('aevs sync on bad input', () => {
  let store: TestStoreSettings;
  let publisher: Publisher;
  let env: Record<string, string>;
  let sourcesFile: string;
  before(async () => {
    store = await testStoreSettings();
    publisher = await startPublisher();
    sourcesFile = join(store.dataDir, 'sources.json');
    env = { ...storeEnv(store), AEVS_SOURCES_FILE: sourcesFile, AEVS_SYNC_ATTEMPTS: '2' };
  });
  after(async () => {
    await publisher.close();
    await store.cleanup();
  });
  const sources = (entries: Record<string, unknown>) => writeFileSync(sourcesFile, JSON.stringify(entries));
  const url = (path: string) => `${publisher.base}${path}`;

  it('fails each bad source with its reason, applies the good ones, and exits 1', async () => {
    const p = publisher;
    // A package whose resources hold no file the rule picks.
    p.served.set('/data/api/3/action/package_show?id=acnc-register', {
      contentType: 'application/json',
      body: ckanPackage(
        p.base,
        { id: 'b050b242', name: 'acnc-register', title: 'ACNC Registered Charities' },
        [
          {
            id: 'r1',
            name: 'Data dictionary',
            path: resourcePath('b050b242', 'r1', 'acnc-data-dictionary.pdf'),
            format: 'PDF',
            lastModified: null,
          },
        ],
      ),
    });
    // A page with no link to a spreadsheet.
    p.served.set('/dfat-page', {
      contentType: 'text/html',
      body: '<html><body><a href="/about">About</a></body></html>',
    });
    // An HTML page served with 200 where the file was expected.
    p.served.set('/banned-orgs.csv', {
      contentType: 'text/html',
      body: '<!DOCTYPE html>\n<html><head><title>Access denied</title></head><body>Request blocked</body></html>',
    });
    // A download cut off every time, by a server without ranges.
    const oric = fixture('oric.csv');
    p.served.set('/oric.csv', { body: oric, contentType: 'text/csv', cutAfter: 40, cutTimes: 99 });
    // A file whose header is not the register's.
    p.served.set('/credit-licensees.csv', { body: fixture('acnc.csv'), contentType: 'text/csv' });
    p.served.set('/afs.csv', { body: 'x', status: 403 });
    p.served.set('/credit-reps.csv', { body: 'x', status: 429 });
    p.served.set('/super.txt', { body: 'x', status: 503 });
    // And one good source.
    p.served.set('/banned-persons.csv', {
      body: fixture('asic-banned-persons.csv'),
      contentType: 'text/csv',
    });
    sources({
      acnc: { ckan: url('/data/api/3/action/package_show?id=acnc-register') },
      dfat: { page: url('/dfat-page') },
      'asic-banned-orgs': { url: url('/banned-orgs.csv') },
      oric: { url: url('/oric.csv') },
      'credit-licensees': { url: url('/credit-licensees.csv') },
      'afs-licensees': { url: url('/afs.csv') },
      'credit-representatives': { url: url('/credit-reps.csv') },
      'super-funds': { url: url('/super.txt') },
      'asic-banned-persons': { url: url('/banned-persons.csv') },
    });
    const run = await runAevs(
      [
        'sync',
        'acnc',
        'dfat',
        'asic-banned-orgs',
        'oric',
        'credit-licensees',
        'afs-licensees',
        'credit-representatives',
        'super-funds',
        'asic-banned-persons',
        'austrac',
      ],
      env,
    );
    assert.equal(run.code, 1, run.stderr);
    const lines = new Map(
      run.stdout
        .trim()
        .split('\n')
        .map((l) => [l.split(/\s+/)[0], l]),
    );
    const expect: Record<string, RegExp> = {
      acnc: /failed\s+CKAN package .*: no file matches the rule .* among acnc-data-dictionary\.pdf/,
      dfat: /failed\s+.*\/dfat-page: no link on the page names the file/,
      'asic-banned-orgs':
        /failed\s+.*banned-orgs\.csv: an HTML page was served where the file banned-orgs\.csv was expected/,
      oric: /failed\s+.*oric\.csv: the download was cut off at 40 of [\d,]+ bytes.*gave up after 2 attempts/,
      'credit-licensees': /failed\s+.*credit-licensees\.csv.*header.*Nothing was applied/i,
      'afs-licensees': /failed\s+.*afs\.csv: HTTP 403 Forbidden: the publisher refused the request/,
      'credit-representatives':
        /failed\s+.*credit-reps\.csv: HTTP 429 Too Many Requests \(gave up after 2 attempts\)/,
      'super-funds': /failed\s+.*super\.txt: HTTP 503 Service Unavailable \(gave up after 2 attempts\)/,
      'asic-banned-persons': /synced\s+banned-persons\.csv: inserted \d+/,
      austrac: /failed\s+no free official source: AUSTRAC publishes no bulk file/,
    };
    for (const [dataset, pattern] of Object.entries(expect))
      assert.match(lines.get(dataset) ?? '', pattern, dataset);
    assert.doesNotMatch(run.stderr + run.stdout, /\n\s+at /, 'no stack trace');

    const listed = await runAevs(['sources', '--json'], env);
    const data = new Map((JSON.parse(listed.stdout) as { data: Source[] }).data.map((s) => [s.dataset, s]));
    assert.equal(data.get('asic-banned-persons')?.loaded, true);
    assert.equal(data.get('afs-licensees')?.last_sync_status, 'failed');
    assert.match(data.get('afs-licensees')?.last_sync_error ?? '', /HTTP 403/);
    assert.equal(data.get('afs-licensees')?.loaded, false);
    const header = data.get('credit-licensees')?.last_sync_error ?? '';
    assert.match(header, /^credit-licensees\.csv: .*header/i, 'the file by its own name');
    assert.doesNotMatch(header, /aevs-sync-|\/tmp\//, 'not the folder it was downloaded to');
  });

  it('keeps the stored copy when a later file is bad', async () => {
    publisher.served.set('/banned-persons.csv', {
      body: '<html><body>Service temporarily down for maintenance</body></html>',
      contentType: 'text/html',
    });
    const before = await runAevs(['sources', '--json'], env);
    const records = (JSON.parse(before.stdout) as { data: Source[] }).data.find(
      (s) => s.dataset === 'asic-banned-persons',
    )?.records;
    const run = await runAevs(['sync', 'asic-banned-persons', '--json'], env);
    assert.equal(run.code, 1);
    const summary = JSON.parse(run.stdout) as Summary;
    assert.equal(summary.datasets[0]?.status, 'failed');
    const after = await runAevs(['sources', '--json'], env);
    const persons = (JSON.parse(after.stdout) as { data: Source[] }).data.find(
      (s) => s.dataset === 'asic-banned-persons',
    );
    assert.equal(persons?.records, records);
    assert.ok((records ?? 0) > 0);
    assert.equal(persons?.last_sync_status, 'failed');
  });

  it('refuses an unknown dataset, and a sources file with a mistake, naming it', async () => {
    const unknown = await runAevs(['sync', 'companies'], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown dataset "companies"/);
    sources({ 'asic-companies': { ftp: 'ftp://x' } });
    const bad = await runAevs(['sync', 'asic-companies'], env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /AEVS_SOURCES_FILE .*asic-companies: must be one of \{"ckan": URL\}/);
    sources({ companies: { url: 'https://example.com/x.csv' } });
    const wrongName = await runAevs(['sync', 'asic-companies'], env);
    assert.match(wrongName.stderr, /AEVS_SOURCES_FILE .*unknown dataset "companies"/);
  });
});
