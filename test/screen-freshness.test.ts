import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Partition } from '../src/ctx.ts';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

// README "Screen": a live copy older than its list's freshness limit is `unavailable`, never `no_match`.
const LISTS = [
  { dataset: 'dfat', list: 'dfat_sanctions', days: 7 },
  { dataset: 'asic-banned-persons', list: 'asic_banned_person', days: 35 },
  { dataset: 'asic-banned-orgs', list: 'asic_banned_org', days: 35 },
] as const;
const UNLISTED = 'Quietwater Orchard Supplies Pty Ltd'; // on none of the sandbox lists
const DAY_MS = 86_400_000;

type ScreenBody = { overall: string; results: Record<string, { status: string; matches: unknown[] }> };

describe('screening freshness of the live lists', () => {
  let t: TestApp;
  let account: TestAccount;
  let now = new Date();
  const asOf = new Map<string, number>();

  before(async () => {
    t = await startTestApp({ deps: { clock: () => now } });
    account = await t.newAccount();
    for (const partition of ['live', 'sandbox'] satisfies Partition[]) {
      for (const { dataset } of LISTS) {
        const inputs = await resolveInputs(await sandboxFiles(SANDBOX_DIR, dataset));
        try {
          await ingest({
            ctx: { store: t.store, clock: () => new Date() },
            input: { adapter: ADAPTERS[dataset], files: inputs.files, partition },
          });
        } finally {
          await inputs.close();
        }
      }
    }
    // The copy's as-of date is the file's own (or its modification date): read it as a caller would.
    const sources = await t.app.inject({
      method: 'GET',
      url: '/v1/sources',
      headers: bearer(account.liveKey),
    });
    for (const s of (sources.json() as { data: { dataset: string; as_of: string | null }[] }).data) {
      if (s.as_of) asOf.set(s.dataset, Date.parse(`${s.as_of}T00:00:00Z`));
    }
    for (const { dataset } of LISTS) assert.ok(asOf.has(dataset), `${dataset} has an as-of date`);
  });
  after(() => t.close());

  const screen = async (key: string, at: number, name = UNLISTED) => {
    now = new Date(at);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/screen',
      headers: bearer(key),
      payload: { name },
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as ScreenBody;
  };

  for (const { dataset, list, days } of LISTS) {
    it(`checks a live ${dataset} copy ${days} days old, and calls one older unavailable, not no_match`, async () => {
      const asOfMs = asOf.get(dataset) ?? 0;
      const inside = await screen(account.liveKey, asOfMs + days * DAY_MS);
      assert.equal(inside.results[list]?.status, 'no_match', 'at the limit the list is checked');

      const outside = await screen(account.liveKey, asOfMs + days * DAY_MS + 60_000);
      assert.equal(outside.results[list]?.status, 'unavailable', 'past the limit it is not checked');
      assert.deepEqual(outside.results[list]?.matches, []);
      assert.equal(outside.overall, 'unavailable');
    });
  }

  it('calls a listed name unavailable on a stale live list: it is not searched at all', async () => {
    const listed = 'Sandbox North Trading Co'; // a DFAT alias (README "Screen")
    const dfat = asOf.get('dfat') ?? 0;
    assert.equal(
      (await screen(account.liveKey, dfat + 7 * DAY_MS, listed)).results.dfat_sanctions?.status,
      'review',
    );
    const stale = await screen(account.liveKey, dfat + 8 * DAY_MS, listed);
    assert.equal(stale.results.dfat_sanctions?.status, 'unavailable');
    assert.equal(stale.overall, 'unavailable');
  });

  it('ignores freshness in the sandbox: its fixed synthetic copy is always checked', async () => {
    const latest = Math.max(...asOf.values());
    const body = await screen(account.testKey, latest + 1000 * DAY_MS);
    for (const { list } of LISTS) assert.equal(body.results[list]?.status, 'no_match', list);
    assert.equal(body.overall, 'no_match');
  });
});
