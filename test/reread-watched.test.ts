import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { DailyReread, dueDates } from '../src/refresh/daily-reread.ts';
import { rereadWatched } from '../src/refresh/reread-watched.ts';
import { createAbrClient } from '../src/registers/abr-web/client.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import type { Db } from '../src/store/db.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { malformedAbrGet, wrap } from './helpers/abr-fake.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';
import { runAevs } from './helpers/process.ts';
import { storeEnv, type TestStoreSettings, testStoreSettings } from './helpers/store.ts';

const ACTIVE = '44600110236'; // watched by ABN: renamed and its GST ended
const HOME_LOANS = '46600221663'; // watched by ACN 600221663: its ABN cancelled
const UNWATCHED = '53600211532';
const DAY = '2026-11-20';
const GUID = '7c1d5e2a-9b3f-4e6d-8a21-0f5c3b9d7e64';

/** SearchByABNv202001 answers in the real XML (docs/registers.md §1.2). */
const entity = (o: {
  abn: string;
  acn: string;
  name: string;
  status: string;
  gstTo: string;
  state: string;
  postcode: string;
}) =>
  `<businessEntity202001>
      <recordLastUpdatedDate>${DAY}</recordLastUpdatedDate>
      <ABN><identifierValue>${o.abn}</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>${o.status}</entityStatusCode><effectiveFrom>2014-07-02</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber>${o.acn}</ASICNumber>
      <entityType><entityTypeCode>PRV</entityTypeCode><entityDescription>Australian Private Company</entityDescription></entityType>
      <goodsAndServicesTax><effectiveFrom>2014-07-02</effectiveFrom><effectiveTo>${o.gstTo}</effectiveTo></goodsAndServicesTax>
      <mainName><organisationName>${o.name}</organisationName><effectiveFrom>2014-07-02</effectiveFrom></mainName>
      <mainBusinessPhysicalAddress><stateCode>${o.state}</stateCode><postcode>${o.postcode}</postcode><effectiveFrom>2014-07-02</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
    </businessEntity202001>`;

const ANSWERS: Record<string, string> = {
  [ACTIVE]: entity({
    abn: ACTIVE,
    acn: '600110236',
    name: 'SANDBOX RENAMED HOLDINGS PTY LTD',
    status: 'Active',
    gstTo: '2026-11-19',
    state: 'NSW',
    postcode: '2000',
  }),
  [HOME_LOANS]: entity({
    abn: HOME_LOANS,
    acn: '600221663',
    name: 'SANDBOX HOME LOANS PTY LTD',
    status: 'Cancelled',
    gstTo: '0001-01-01',
    state: 'VIC',
    postcode: '3000',
  }),
};
const NOT_FOUND =
  '<exception><exceptionDescription>No records found</exceptionDescription><exceptionCode>SEARCH</exceptionCode></exception>';

/** A loopback ABR: the update list for DAY, 500 for the outage day, entity answers by ABN; it counts lookups. */
async function fakeAbr() {
  const lookups: string[] = [];
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    const xml = (inner: string) => res.writeHead(200, { 'content-type': 'text/xml' }).end(wrap(inner));
    const malformed = malformedAbrGet(url);
    if (malformed) {
      res.writeHead(malformed.status).end(malformed.body);
      return;
    }
    if (url.pathname.endsWith('/SearchByUpdateEvent')) {
      const day = url.searchParams.get('updatedate');
      if (day === '2026-11-13') res.writeHead(500).end('Server Error');
      else if (day !== DAY) xml(NOT_FOUND);
      else
        xml(
          `<abnList>${[ACTIVE, HOME_LOANS, UNWATCHED, '51824753556'].map((a) => `<abn>${a}</abn>`).join('')}</abnList>`,
        );
      return;
    }
    const abn = url.searchParams.get('searchString') ?? '';
    lookups.push(abn);
    xml(ANSWERS[abn] ?? NOT_FOUND);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lookups,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sandbox's ABN Bulk Extract (as of 2026-11-18), ingested as the live mirror. */
async function ingestExtract(db: Db, clock: () => Date) {
  const inputs = await resolveInputs(await sandboxFiles(SANDBOX_DIR, 'abr-bulk'));
  try {
    return await ingest({
      ctx: { store: createStore(db), clock },
      input: { adapter: ADAPTERS['abr-bulk'], files: inputs.files, partition: 'live' },
    });
  } finally {
    await inputs.close();
  }
}

describe('daily re-read of watched ABNs from the ABR', () => {
  let t: TestApp;
  let account: TestAccount;
  let abr: Awaited<ReturnType<typeof fakeAbr>>;
  let client: ReturnType<typeof createAbrClient>;
  const clock = () => new Date('2026-11-23T00:00:00Z'); // 11:00 in Sydney: the 22nd is the last complete day

  before(async () => {
    abr = await fakeAbr();
    client = createAbrClient({ guid: GUID, baseUrl: abr.url, retries: 0, cacheTtlMs: 0 });
    t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    account = await t.newAccount();
    await ingestExtract(t.db, clock);
  });
  after(async () => {
    await t.close();
    await abr.close();
  });

  const watch = async (entities: string[], events: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.liveKey),
      payload: { entities, events, webhook_url: 'http://127.0.0.1:9/hook' },
    });
    assert.equal(res.statusCode, 201, res.body);
    return (res.json() as { subscription: { id: string } }).subscription.id;
  };

  it('reads nothing from the ABR while nothing is watched, and still records the day', async () => {
    const summary = await rereadWatched({
      ctx: { store: t.store, clock },
      input: { date: '2026-11-19' },
      abr: client,
    });
    assert.deepEqual([summary.watched, summary.updated, summary.read, summary.events], [0, 0, 0, 0]);
    assert.deepEqual(abr.requests, [], 'not even the update list is asked for');
  });

  it('reads again only the watched ABNs that changed, stores them, and sends their events', async () => {
    const byAbn = await watch([ACTIVE], ['name_change', 'gst_deregistered', 'abn_cancelled']);
    const byAcn = await watch(['600221663'], ['abn_cancelled']);
    const summary = await rereadWatched({
      ctx: { store: t.store, clock },
      input: { date: DAY },
      abr: client,
    });
    assert.equal(summary.updated, 4, 'the ABR listed four changed ABNs');
    assert.deepEqual(abr.lookups.sort(), [ACTIVE, HOME_LOANS], 'only the watched ones are read');
    assert.deepEqual([summary.read, summary.changed, summary.unchanged], [2, 2, 0]);
    assert.deepEqual(summary.events_by_type, { name_change: 1, gst_deregistered: 1, abn_cancelled: 1 });
    assert.equal(summary.deliveries, 3);

    const changes = async (id: string) =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: `/v1/entity/${id}/changes?since=1970-01-01T00:00:00Z`,
            headers: bearer(account.liveKey),
          })
        ).json() as { changes: { type: string; subscription_id: string }[] }
      ).changes;
    assert.deepEqual((await changes(ACTIVE)).map((c) => [c.type, c.subscription_id]).sort(), [
      ['gst_deregistered', byAbn],
      ['name_change', byAbn],
    ]);
    assert.deepEqual(
      (await changes('600221663')).map((c) => [c.type, c.subscription_id]),
      [['abn_cancelled', byAcn]],
    );

    // The stored record is the ABR's new one: resolve reads the renamed entity from the live mirror.
    const resolved = await t.app.inject({
      method: 'POST',
      url: '/v1/resolve',
      headers: bearer(account.liveKey),
      payload: { abn: ACTIVE },
    });
    const canonical = (resolved.json() as { candidates: { canonical: Record<string, { value: unknown }> }[] })
      .candidates[0]?.canonical;
    assert.equal(canonical?.entity_name?.value, 'SANDBOX RENAMED HOLDINGS PTY LTD');
    assert.equal(canonical?.gst_registered?.value, false);

    // Reading the same day again changes nothing and sends nothing.
    const again = await rereadWatched({ ctx: { store: t.store, clock }, input: { date: DAY }, abr: client });
    assert.deepEqual([again.changed, again.unchanged, again.events], [0, 2, 0]);

    // An extract taken before the re-read (as of the 18th) neither takes the records back nor
    // sends the changes again: the ABR dates the re-read records later.
    const extract = await ingestExtract(t.db, clock);
    assert.deepEqual([extract.events, extract.removed], [0, 0]);
    const still = await t.app.inject({
      method: 'POST',
      url: '/v1/resolve',
      headers: bearer(account.liveKey),
      payload: { abn: ACTIVE },
    });
    assert.equal(
      (still.json() as { candidates: { canonical: { entity_name: { value: string } } }[] }).candidates[0]
        ?.canonical.entity_name.value,
      'SANDBOX RENAMED HOLDINGS PTY LTD',
    );
  });

  it('reads the days due, once more the day after, and catches up after a gap', async () => {
    // 11:00 on the 23rd in Sydney. Read so far (on the 23rd): the 19th and the 20th.
    assert.deepEqual(await dueDates(t.store, clock(), 7), [
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-21',
      '2026-11-22',
    ]);
    const lines: string[] = [];
    const log = pino({}, { write: (line: string) => lines.push(line) });
    const ran = await new DailyReread({ ctx: { store: t.store, clock }, abr: client, log }).runDue();
    assert.deepEqual(
      ran.map((r) => r.date),
      ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-21', '2026-11-22'],
    );
    assert.match(lines.join(''), /watched ABNs re-read from the ABR/);
    // The 22nd was read on the 23rd, the day after it: not again that day, once more on the 24th.
    assert.deepEqual(await dueDates(t.store, clock(), 7), []);
    const nextDay = new Date('2026-11-24T00:00:00Z');
    assert.deepEqual(await dueDates(t.store, nextDay, 7), ['2026-11-22', '2026-11-23']);
    // After a week down, the days missed; after longer, the look-back's days only.
    assert.deepEqual(await dueDates(t.store, new Date('2026-11-30T00:00:00Z'), 7), [
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    const muchLater = await dueDates(t.store, new Date('2027-01-10T00:00:00Z'), 7);
    assert.deepEqual([muchLater[0], muchLater.at(-1), muchLater.length], ['2027-01-03', '2027-01-09', 7]);
  });

  it('counts days in Sydney time, across midnight and the daylight-saving change', async () => {
    const last = async (iso: string) => (await dueDates(t.store, new Date(iso), 1))[0];
    // AEDT (UTC+11): 23:30 on 22 December, then 00:30 on the 23rd.
    assert.equal(await last('2026-12-22T12:30:00Z'), '2026-12-21');
    assert.equal(await last('2026-12-22T13:30:00Z'), '2026-12-22');
    // AEST (UTC+10) before 4 October 2026, AEDT after: midnight moves from 14:00Z to 13:00Z.
    assert.equal(await last('2026-10-03T13:30:00Z'), '2026-10-02');
    assert.equal(await last('2026-10-03T14:30:00Z'), '2026-10-03');
    assert.equal(await last('2026-10-04T13:30:00Z'), '2026-10-04');
  });

  it('two re-reads of one day at once store and send its changes once', async () => {
    const other = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    const second = await openDb(other.config);
    try {
      await ingestExtract(other.db, clock);
      const owner = await other.newAccount();
      for (const entities of [[ACTIVE], ['600221663']]) {
        const res = await other.app.inject({
          method: 'POST',
          url: '/v1/watch',
          headers: bearer(owner.liveKey),
          payload: {
            entities,
            events: ['name_change', 'gst_deregistered', 'abn_cancelled'],
            webhook_url: 'http://127.0.0.1:9/hook',
          },
        });
        assert.equal(res.statusCode, 201, res.body);
      }
      const [a, b] = await Promise.all([
        rereadWatched({ ctx: { store: createStore(other.db), clock }, input: { date: DAY }, abr: client }),
        rereadWatched({ ctx: { store: createStore(second), clock }, input: { date: DAY }, abr: client }),
      ]);
      assert.equal(a.events + b.events, 3, 'one set of events between the two');
      const stored = await other.db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM change_events WHERE partition = 'live'",
      );
      assert.equal(Number(stored?.n), 3);
    } finally {
      await second.close();
      await other.close();
    }
  });

  it('leaves a half-done day unrecorded when stopped, so it is read again', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      rereadWatched({
        ctx: { store: t.store, clock },
        input: { date: '2026-11-21' },
        abr: client,
        signal: controller.signal,
      }),
      { name: 'AbortError' },
    );
  });

  it('stops at a day the ABR fails, records nothing for it, and tries it again next time', async () => {
    const other = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    try {
      const owner = await other.newAccount();
      const res = await other.app.inject({
        method: 'POST',
        url: '/v1/watch',
        headers: bearer(owner.liveKey),
        payload: { entities: [ACTIVE], events: ['name_change'], webhook_url: 'http://127.0.0.1:9/hook' },
      });
      assert.equal(res.statusCode, 201, res.body);
      const lines: string[] = [];
      const log = pino({}, { write: (line: string) => lines.push(line) });
      const early = () => new Date('2026-11-15T00:00:00Z'); // due: the 12th, 13th (an outage) and 14th
      const daily = new DailyReread({
        ctx: { store: createStore(other.db), clock: early },
        abr: client,
        log,
        lookbackDays: 3,
      });
      const ran = await daily.runDue();
      assert.deepEqual(
        ran.map((r) => r.date),
        ['2026-11-12'],
        'the 14th waits for the 13th',
      );
      assert.match(lines.join(''), /daily ABR re-read failed/);
      assert.ok(!lines.join('').includes(GUID), 'the GUID is never logged');
      assert.deepEqual(await dueDates(other.store, early(), 3), ['2026-11-13', '2026-11-14']);
    } finally {
      await other.close();
    }
  });

  it('runs from the CLI, and refuses without a GUID or with a bad date', async () => {
    const store: TestStoreSettings = await testStoreSettings();
    try {
      const env = storeEnv(store);
      assert.equal(
        (await runAevs(['accounts', 'create', '--name', 'watcher'], env)).code,
        0,
        'a store to read',
      );
      const noGuid = await runAevs(['reread', '--date', DAY], env);
      assert.equal(noGuid.code, 1, 'missing configuration is a failure, not an argument mistake');
      assert.match(noGuid.stderr, /AEVS_ABR_GUID/);
      assert.doesNotMatch(noGuid.stderr, /Usage:/);
      for (const bad of ['20/11/2026', '2026-02-31']) {
        const badDate = await runAevs(['reread', '--date', bad], { ...env, AEVS_ABR_GUID: 'g' });
        assert.equal(badDate.code, 2, bad);
        assert.match(badDate.stderr, /YYYY-MM-DD/);
      }
      const future = await runAevs(['reread', '--date', '2999-01-01'], { ...env, AEVS_ABR_GUID: 'g' });
      assert.notEqual(future.code, 0);
      assert.match(future.stderr, /not over yet/);
      const ok = await runAevs(['reread', '--date', DAY, '--json'], {
        ...env,
        AEVS_ABR_GUID: 'g',
        AEVS_ABR_BASE_URL: abr.url,
      });
      assert.equal(ok.code, 0, ok.stderr);
      const summary = JSON.parse(ok.stdout) as { date: string; watched: number; read: number };
      assert.deepEqual([summary.date, summary.watched, summary.read], [DAY, 0, 0]);
    } finally {
      await store.cleanup();
    }
  });
});
