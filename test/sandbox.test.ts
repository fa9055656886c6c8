import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EVENT_TYPES } from '../src/events/types.ts';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { loadSandbox, SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { ADAPTERS, DATASETS } from '../src/registers/index.ts';
import { eventsOfIngest } from '../src/store/change-events.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

const scenarios = JSON.parse(readFileSync(join(SANDBOX_DIR, 'scenarios.json'), 'utf8')).scenarios as Record<
  string,
  { abn: string | null; acn: string | null; name: string }
>;

describe('the sandbox', () => {
  let t: TestApp;
  let account: TestAccount;
  before(async () => {
    t = await startTestApp();
    account = await t.newAccount();
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
  });
  after(() => t.close());

  it('loads a fixture for every dataset into the sandbox partition, and nothing into live', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/sources', headers: bearer(account.testKey) });
    assert.equal(res.statusCode, 200);
    const body = res.json() as {
      partition: string;
      data: Array<{
        dataset: string;
        loaded: boolean;
        records: number;
        as_of: string | null;
        last_ingest: { files: string[] } | null;
      }>;
    };
    assert.equal(body.partition, 'sandbox');
    assert.deepEqual(
      body.data.map((s) => s.dataset),
      [...DATASETS],
    );
    for (const source of body.data) {
      assert.ok(source.loaded, `${source.dataset} loaded`);
      assert.ok(source.records > 0, `${source.dataset} has records`);
      assert.match(String(source.as_of), /^\d{4}-\d{2}-\d{2}$/, `${source.dataset} as_of`);
      const files = source.last_ingest?.files ?? [];
      assert.ok(files.length > 0, `${source.dataset} names its files`);
      for (const file of files) assert.ok(!file.includes('/'), `no server folders shown: ${file}`);
    }
    const live = await t.app.inject({ method: 'GET', url: '/v1/sources', headers: bearer(account.liveKey) });
    const liveBody = live.json() as { partition: string; data: Array<{ loaded: boolean; records: number }> };
    assert.equal(liveBody.partition, 'live');
    assert.ok(
      liveBody.data.every((s) => !s.loaded && s.records === 0),
      'a live key sees no sandbox data',
    );
  });

  it('holds every scenario entity under its identifiers', async () => {
    for (const [name, s] of Object.entries(scenarios)) {
      const row = await t.db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM source_records WHERE partition = 'sandbox' AND removed_at IS NULL AND (abn = ? OR acn = ?)",
        [s.abn, s.acn],
      );
      assert.ok(Number(row?.n) > 0, `${name} (${s.abn ?? s.acn}) is in the sandbox`);
    }
  });

  it('reloading the same fixtures changes nothing', async () => {
    const again = await loadSandbox({
      ctx: { store: t.store, clock: () => new Date() },
      input: { force: true },
    });
    assert.equal(again.length, DATASETS.length);
    for (const s of again) {
      assert.equal(s.events, 0, `${s.dataset} events`);
      assert.equal(s.inserted + s.updated + s.removed, 0, `${s.dataset} writes`);
    }
  });

  it('serves the scenario catalogue to test keys only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/sandbox/scenarios',
      headers: bearer(account.testKey),
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(Object.keys(res.json().scenarios), Object.keys(scenarios));
    const live = await t.app.inject({
      method: 'GET',
      url: '/v1/sandbox/scenarios',
      headers: bearer(account.liveKey),
    });
    assert.equal(live.statusCode, 403);
    assert.equal(live.json().error.type, 'forbidden');
  });

  it('next/ produces every one of the 13 event types, each on the entity the README names', async () => {
    const seen = new Map<string, Array<{ abn: string | null; acn: string | null }>>();
    const order = [...DATASETS].sort(
      (a, b) => Number(!!ADAPTERS[a].nameMatchEvent) - Number(!!ADAPTERS[b].nameMatchEvent),
    );
    for (const dataset of order) {
      const paths = await sandboxFiles(join(SANDBOX_DIR, 'next'), dataset);
      if (paths.length === 0) continue;
      const inputs = await resolveInputs(paths);
      try {
        const summary = await ingest({
          ctx: { store: t.store, clock: () => new Date() },
          input: { adapter: ADAPTERS[dataset], files: inputs.files, partition: 'sandbox' },
        });
        for (const e of await eventsOfIngest(t.db, summary.id)) {
          seen.set(e.type, [...(seen.get(e.type) ?? []), { abn: e.abn, acn: e.acn }]);
          const declared: readonly string[] = ADAPTERS[dataset].events ?? [];
          assert.ok(declared.includes(e.type), `${dataset} raised ${e.type}, which its adapter declares`);
        }
      } finally {
        await inputs.close();
      }
    }
    assert.deepEqual([...seen.keys()].sort(), [...EVENT_TYPES].sort());
    const on = (type: string, scenario: string) => {
      const s = scenarios[scenario];
      assert.ok(
        seen.get(type)?.some((e) => (s?.abn && e.abn === s.abn) || (s?.acn && e.acn === s.acn)),
        `${type} on ${scenario}`,
      );
    };
    on('name_change', 'company_active');
    on('deregistration', 'external_administration');
    on('abn_cancelled', 'partnership');
    on('gst_deregistered', 'sole_trader');
    on('banned_match', 'afs_authorised_representative');
    on('sanctions_match', 'austrac_reporting_entity');
    on('external_administration', 'credit_representative');
    on('bankruptcy_petition_filed', 'financial_adviser');
    on('charity_status_change', 'registered_charity');
    on('licensing_change', 'credit_licensee');
    on('professional_registration_change', 'smsf_auditor');
    on('relationship_change', 'trust_corporate_trustee');
    on('austrac_roll_change', 'austrac_reporting_entity');
  });
});
