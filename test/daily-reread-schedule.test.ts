import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import pino from 'pino';
import { DailyReread } from '../src/refresh/daily-reread.ts';
import { createAbrClient } from '../src/registers/abr-web/client.ts';
import { malformedAbrGet, wrap } from './helpers/abr-fake.ts';
import { bearer, startTestApp, type TestApp } from './helpers/app.ts';

const GUID = '7c1d5e2a-9b3f-4e6d-8a21-0f5c3b9d7e64';
const NOT_FOUND =
  '<exception><exceptionDescription>No records found</exceptionDescription><exceptionCode>SEARCH</exceptionCode></exception>';
// 11:00 on the 15th in Sydney; with a look-back of 3 the days due are the 12th (the oldest), 13th and 14th.
const NOW = new Date('2026-11-15T00:00:00Z');
const LOOKBACK = 3;

/** A loopback ABR whose SearchByUpdateEvent lists no changes for a day, or answers 500 for the days given to failOn. */
async function fakeAbr() {
  const updateDays: string[] = [];
  const failing = new Set<string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const malformed = malformedAbrGet(url);
    if (malformed) {
      res.writeHead(malformed.status).end(malformed.body);
      return;
    }
    const day = url.searchParams.get('updatedate') ?? '';
    if (url.pathname.endsWith('/SearchByUpdateEvent')) updateDays.push(day);
    if (failing.has(day)) res.writeHead(500).end('Server Error');
    else res.writeHead(200, { 'content-type': 'text/xml' }).end(wrap(NOT_FOUND));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Forgets what was asked; from now on the days given answer 500. */
    failOn: (...days: string[]) => {
      updateDays.length = 0;
      failing.clear();
      for (const day of days) failing.add(day);
    },
    /** How many times the update list of `day` was asked for. */
    asked: (day: string) => updateDays.filter((d) => d === day).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type LogLine = { level: number; msg: string; date?: string };

describe('the daily re-read schedule', () => {
  let abr: Awaited<ReturnType<typeof fakeAbr>>;
  let t: TestApp;
  before(async () => {
    abr = await fakeAbr();
  });
  after(() => abr.close());
  afterEach(async () => {
    mock.timers.reset();
    await t?.close();
  });

  /** A fresh store with one live watch: with nothing watched the re-read does not even ask the ABR. */
  const storeWithWatch = async () => {
    t = await startTestApp({ env: { AEVS_ALLOW_PRIVATE_WEBHOOKS: '1' } });
    const account = await t.newAccount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/watch',
      headers: bearer(account.liveKey),
      payload: { entities: ['44600110236'], events: ['name_change'], webhook_url: 'http://127.0.0.1:9/hook' },
    });
    assert.equal(res.statusCode, 201, res.body);
  };

  const reread = (options: { intervalMs?: number; clock?: () => Date } = {}) => {
    const lines: LogLine[] = [];
    const daily = new DailyReread({
      ctx: { store: t.store, clock: options.clock ?? (() => NOW) },
      abr: createAbrClient({ guid: GUID, baseUrl: abr.url, retries: 0, cacheTtlMs: 0, timeoutMs: 600_000 }),
      log: pino({}, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) }),
      lookbackDays: LOOKBACK,
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
    });
    return { daily, lines };
  };

  /** NOW, counting its reads: a run reads the clock before anything else, so the count tells when one starts. */
  const countingClock = () => {
    const counted = {
      reads: 0,
      clock: () => {
        counted.reads++;
        return NOW;
      },
    };
    return counted;
  };

  it('looks again every intervalMs without being asked, and tries a failed day again', async () => {
    await storeWithWatch();
    abr.failOn('2026-11-13');
    const counted = countingClock();
    mock.timers.enable({ apis: ['setInterval'] });
    const { daily, lines } = reread({ intervalMs: 1_000, clock: counted.clock });
    daily.start();
    try {
      assert.equal(counted.reads, 1, 'it looks once at start');
      await daily.runDue(); // joins the run start() began: one run at a time
      assert.equal(abr.asked('2026-11-13'), 1);
      assert.equal(abr.asked('2026-11-14'), 0, 'later days wait for the failed one');

      const reads = counted.reads;
      mock.timers.tick(999);
      assert.equal(counted.reads, reads, 'no run before the interval');
      mock.timers.tick(1);
      assert.equal(counted.reads, reads + 1, 'a run starts when the interval is up');
      await daily.runDue(); // joins the run the timer began
      assert.equal(abr.asked('2026-11-13'), 2, 'the failed day is asked for again');
      const retries = lines.filter((l) => l.msg.includes('tried again within the hour'));
      assert.deepEqual(
        retries.map((l) => [l.level, l.date]),
        [
          [40, '2026-11-13'],
          [40, '2026-11-13'],
        ],
      );
    } finally {
      await daily.stop();
    }
  });

  it('looks again hourly by default', async () => {
    await storeWithWatch();
    abr.failOn('2026-11-13');
    const counted = countingClock();
    mock.timers.enable({ apis: ['setInterval'] });
    const { daily } = reread({ clock: counted.clock });
    daily.start();
    try {
      await daily.runDue();
      const reads = counted.reads;
      mock.timers.tick(3_600_000 - 1);
      assert.equal(counted.reads, reads, 'not before the hour');
      mock.timers.tick(1);
      assert.equal(counted.reads, reads + 1, 'on the hour');
      await daily.runDue();
      assert.equal(abr.asked('2026-11-13'), 2);
    } finally {
      await daily.stop();
    }
  });

  it('logs a failure on the oldest day of the look-back as an error: the last day it will be tried', async () => {
    await storeWithWatch();
    abr.failOn('2026-11-12');
    const { daily, lines } = reread();
    assert.deepEqual(await daily.runDue(), []);
    const failures = lines.filter((l) => l.level >= 40);
    assert.equal(failures.length, 1, JSON.stringify(lines));
    assert.equal(failures[0]?.level, 50);
    assert.equal(failures[0]?.date, '2026-11-12');
    assert.match(failures[0]?.msg ?? '', /last day it will be tried/);
  });

  it('logs a failure on a younger day as a warning: it is tried again within the hour', async () => {
    await storeWithWatch();
    abr.failOn('2026-11-14');
    const { daily, lines } = reread();
    assert.deepEqual(
      (await daily.runDue()).map((s) => s.date),
      ['2026-11-12', '2026-11-13'],
    );
    const failures = lines.filter((l) => l.level >= 40);
    assert.equal(failures.length, 1, JSON.stringify(lines));
    assert.equal(failures[0]?.level, 40);
    assert.equal(failures[0]?.date, '2026-11-14');
    assert.match(failures[0]?.msg ?? '', /tried again within the hour/);
    assert.doesNotMatch(JSON.stringify(lines), /last day it will be tried/);
  });
});
