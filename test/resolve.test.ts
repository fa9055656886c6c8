import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadSandbox, SANDBOX_DIR } from '../src/ingest/load-sandbox.ts';
import type { Candidate } from '../src/resolve/schemas.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

type Scenario = { abn: string | null; acn: string | null; name: string; query?: string };
const scenarios = JSON.parse(readFileSync(join(SANDBOX_DIR, 'scenarios.json'), 'utf8')).scenarios as Record<
  string,
  Scenario
>;
const s = (name: string): Scenario => {
  const found = scenarios[name];
  if (!found) throw new Error(`no scenario ${name}`);
  return found;
};

describe('POST /v1/resolve and /v1/screen on the sandbox scenarios', () => {
  let t: TestApp;
  let account: TestAccount;
  before(async () => {
    t = await startTestApp();
    account = await t.newAccount();
    await loadSandbox({ ctx: { store: t.store, clock: () => new Date() } });
  });
  after(() => t.close());

  const resolve = async (body: Record<string, unknown>, key = account.testKey) =>
    t.app.inject({ method: 'POST', url: '/v1/resolve', headers: bearer(key), payload: body });
  const one = async (scenario: string, by: 'abn' | 'acn' = 'abn'): Promise<Candidate> => {
    const id = s(scenario)[by];
    const res = await resolve({ [by]: id });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { candidates: Candidate[]; disclaimer: string };
    assert.equal(body.candidates.length, 1, `${scenario}: one candidate`);
    assert.match(body.disclaimer, /Directors, shareholders and beneficial ownership are not provided/);
    const c = body.candidates[0] as Candidate;
    assert.equal(c.match_confidence, 100);
    assert.deepEqual(c.match_signals, { exact_identifier: by });
    return c;
  };
  const screenRaw = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/screen', headers: bearer(account.testKey), payload: body });
  const screen = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/screen',
      headers: bearer(account.testKey),
      payload: body,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as {
      overall: string;
      results: Record<string, { status: string; matches: Array<{ reference: string; matched_on: string }> }>;
    };
  };

  it('company_active: joined ABN↔ACN with provenance, GST, a former name and an LEI', async () => {
    const c = await one('company_active');
    assert.equal(c.canonical.entity_name.value, s('company_active').name);
    assert.equal(c.canonical.entity_name.source, 'abr');
    assert.match(String(c.canonical.entity_name.as_of), /^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    assert.deepEqual([c.canonical.acn.value, c.canonical.acn.source], ['600110236', 'asic']);
    assert.equal(c.canonical.abn_status.value, 'Active');
    assert.equal(c.canonical.gst_registered.value, true);
    assert.equal(c.canonical.asic_status.value, 'Registered');
    assert.equal(c.canonical.entity_form.value, 'company');
    assert.deepEqual(
      c.canonical.former_names.map((f) => f.value),
      ['SANDBOX EARLY HOLDINGS PTY LTD'],
    );
    assert.equal(c.external_ids.lei.value, '984500SANDBOX000A136');
    assert.equal(c.external_ids.opencorporates.value, 'au/600110236');
    assert.equal(c.external_ids.qcc.value, 'QCC-AU-600110236', 'from the mapping file');
    assert.equal(c.external_ids.spglobal.value, '1234567');
    assert.match(c.external_ids._coverage, /mapping files/);
    const none = await one('partnership');
    assert.equal(none.external_ids.qcc.value, null);
    assert.equal(none.external_ids.qcc.note, 'There is no LEI to map from.');
    assert.deepEqual(c.conflicts, []);
    assert.equal(c.provenance_complete, true);
    const byAcn = await one('company_active', 'acn');
    assert.equal(byAcn.canonical.abn.value, '44600110236', 'the ACN resolves to the same entity');
  });

  it('company_deregistered and abn_cancelled show their statuses', async () => {
    const gone = await one('company_deregistered');
    assert.equal(gone.canonical.asic_status.value, 'Deregistered');
    assert.equal(gone.canonical.abn_status.value, 'Cancelled');
    const lapsed = await one('abn_cancelled');
    assert.equal(lapsed.canonical.abn_status.value, 'Cancelled');
    assert.equal(lapsed.canonical.asic_status.value, 'Registered');
  });

  it('trusts: a resolvable corporate trustee, and one unavailable on free sources', async () => {
    const trust = await one('trust_corporate_trustee');
    assert.equal(trust.canonical.entity_form.value, 'trust');
    assert.equal(trust.canonical.acn.value, null);
    assert.equal(trust.canonical.trustee_resolution, 'resolved');
    assert.deepEqual(
      trust.canonical.related_entities.map((r) => [r.role, r.acn, r.resolvable]),
      [['corporate_trustee', '600150758', true]],
    );
    const other = await one('trust_trustee_unavailable');
    assert.equal(other.canonical.trustee_resolution, 'unavailable_on_free_sources');
    assert.deepEqual(other.canonical.related_entities, []);
  });

  it('sole_trader and partnership have no ACN; the sole trader has an individual name', async () => {
    const sole = await one('sole_trader');
    assert.equal(sole.canonical.entity_form.value, 'individual');
    assert.equal(sole.canonical.acn.value, null);
    assert.deepEqual(sole.canonical.individual_name, {
      given: 'ALEX',
      other_given: 'JORDAN',
      family: 'SANDPIPER',
    });
    const firm = await one('partnership');
    assert.equal(firm.canonical.entity_form.value, 'partnership');
    assert.equal(firm.canonical.acn.value, null);
    assert.equal(firm.canonical.individual_name, null);
  });

  it('registered_charity, indigenous_corporation and super_fund fill their blocks', async () => {
    const charity = await one('registered_charity');
    assert.equal(charity.charity.is_registered_charity, true);
    assert.equal(charity.charity.charity_size, 'Medium');
    const oric = await one('indigenous_corporation');
    assert.equal(oric.canonical.icn.value, '9901');
    const fund = await one('super_fund');
    assert.equal(fund.superannuation.is_super_fund, true);
    assert.ok(fund.superannuation.usi_products.some((p) => p.usi === '72600323019001'));
    const plain = await one('partnership');
    assert.equal(plain.charity.is_registered_charity, false, 'safe empty shape');
    assert.equal(plain.superannuation.is_super_fund, false);
  });

  it('licensing: licensees and representatives', async () => {
    assert.equal((await one('afs_licensee')).licensing.afs_licensee?.licence_number, '990001');
    assert.equal((await one('credit_licensee')).licensing.credit_licensee?.status, 'APPR');
    const rep = await one('afs_authorised_representative');
    assert.equal(rep.licensing.afs_authorised_rep?.licence_number, '001990003');
    assert.ok(rep.licensing.authorisation_links.some((l) => l.licence_number === '990001'));
    assert.equal((await one('credit_representative')).licensing.credit_rep?.licence_number, '990004');
    assert.equal((await one('company_active')).licensing.afs_licensee, null);
  });

  it('professional registrations: auditor, SMSF auditor, adviser; liquidators not checked', async () => {
    assert.equal(
      (await one('registered_auditor')).professional_registrations.registered_auditor?.registration_number,
      '990005',
    );
    assert.equal(
      (await one('smsf_auditor')).professional_registrations.smsf_auditor?.registration_number,
      '100990006',
    );
    const adviser = await one('financial_adviser');
    assert.equal(adviser.professional_registrations.financial_adviser?.registration_number, '990007');
    assert.equal(adviser.professional_registrations.registered_liquidator.status, 'not_checked');
  });

  it('sanctions_review and banned_org_review screen as review; others as no_match', async () => {
    assert.equal((await one('sanctions_review')).screening.dfat_sanctions.status, 'review');
    const banned = await one('banned_org_review');
    assert.equal(banned.screening.asic_banned_org.status, 'review');
    assert.match(String(banned.screening.asic_banned_org.matched_on), /acn/);
    const clean = await one('company_active');
    assert.equal(clean.screening.dfat_sanctions.status, 'no_match');
    assert.match(clean.screening.dfat_sanctions.note, /not a clearance/);

    const byName = await screen({ name: 'Sandbox North Trading Co' });
    assert.equal(byName.overall, 'review');
    assert.deepEqual(
      byName.results.dfat_sanctions?.matches.map((m) => [m.reference, m.matched_on]),
      [['9001', 'alias']],
    );
    const innocent = await screen({ name: 'Sandbox Harbour Cafe' });
    assert.equal(innocent.results.dfat_sanctions?.status, 'no_match');
  });

  it('compares a given date of birth with the listed one, and keeps the match either way', async () => {
    type Checked = {
      reference: string;
      date_of_birth_check?: string;
      list_entry: { date_of_birth: string | null };
    };
    const checks = async (date_of_birth?: string) => {
      const result = await screen({
        name: 'Viktor Sandboksov',
        entity_type: 'individual',
        ...(date_of_birth ? { date_of_birth } : {}),
      });
      assert.equal(result.overall, 'review', 'a date of birth never clears anyone');
      const matches = (result.results.dfat_sanctions?.matches ?? []) as unknown as Checked[];
      return {
        matches: matches.map((m) => [m.reference, m.list_entry.date_of_birth, m.date_of_birth_check]),
        note: (result.results.dfat_sanctions as { note?: string } | undefined)?.note ?? '',
      };
    };
    assert.deepEqual((await checks('1968-02-14')).matches, [['9002', '14/02/1968', 'consistent']]);
    const other = await checks('1971-06-30');
    assert.deepEqual(other.matches, [['9002', '14/02/1968', 'inconsistent']]);
    assert.match(other.note, /0 consistent with the one given, 1 not/);
    assert.deepEqual((await checks()).matches, [['9002', '14/02/1968', undefined]]);
  });

  it('external_administration and austrac_reporting_entity show in the screening block', async () => {
    const exad = await one('external_administration');
    assert.equal(exad.canonical.asic_status.value, 'External administration');
    assert.match(exad.screening.external_administration.note, /Creditors' voluntary liquidation/);
    const austrac = await one('austrac_reporting_entity');
    assert.match(austrac.screening.austrac_reporting_entity.note, /Remittance Sector Register/);
  });

  it('name_conflict lists both names instead of choosing one', async () => {
    const c = await one('name_conflict');
    assert.deepEqual(c.conflicts, [
      {
        field: 'entity_name',
        values: [
          { value: 'SANDBOX HARBOUR CAFE PTY LTD', source: 'abr' },
          { value: 'SANDBOX HARBOR CAFE PTY LTD', source: 'asic' },
        ],
      },
    ]);
  });

  it('upstream_outage answers 502 upstream_unavailable', async () => {
    const res = await resolve({ abn: s('upstream_outage').abn });
    assert.equal(res.statusCode, 502);
    assert.equal(res.json().error.type, 'upstream_unavailable');
  });

  it('screening_unavailable reports every list unavailable, never no_match', async () => {
    const result = await screen({ abn: s('screening_unavailable').abn });
    assert.equal(result.overall, 'unavailable');
    for (const r of Object.values(result.results)) assert.equal(r.status, 'unavailable');
  });

  it('echoes the query as sent, without defaults it did not send', async () => {
    const byAbn = await resolve({ abn: '44 600 110 236' });
    assert.deepEqual(byAbn.json().query, { abn: '44600110236' });
    const byName = await resolve({ name: 'Sandbox Active Holdings', mode: 'exact' });
    assert.deepEqual(byName.json().query, { name: 'Sandbox Active Holdings', mode: 'exact' });
  });

  it('lists each entity once, however many registers hold the matched name', async () => {
    // company_active's name is in the ABR's records and in GLEIF's (its LEI record), and by ACN in ASIC's.
    for (const name of [s('company_active').name, 'sandbox active holdings p/l']) {
      const res = await resolve({ name });
      const candidates = res.json().candidates as Candidate[];
      assert.equal(candidates[0]?.canonical.abn.value, s('company_active').abn, name);
      const entities = candidates.map((c) => `${c.canonical.abn.value}|${c.canonical.acn.value}`);
      assert.deepEqual(entities, [...new Set(entities)], `${name}: ${entities.join(', ')}`);
    }
  });

  it('name_search: a messy query finds its company first, below identifier confidence', async () => {
    const { query, abn } = s('name_search');
    const res = await resolve({ name: query });
    assert.equal(res.statusCode, 200);
    const candidates = res.json().candidates as Candidate[];
    assert.ok(candidates.length >= 1);
    assert.equal(candidates[0]?.canonical.abn.value, abn);
    assert.ok((candidates[0]?.match_confidence ?? 100) <= 90);
    assert.deepEqual(Object.keys(candidates[0]?.match_signals ?? {}).sort(), [
      'matched_name',
      'name_type',
      'register',
      'similarity',
    ]);
    const exact = await resolve({ name: 'Sandbox Harbourside Bakery Pty. Limited', mode: 'exact' });
    assert.equal((exact.json().candidates as Candidate[])[0]?.canonical.abn.value, abn);
    const filtered = await resolve({ name: query, state: 'WA' });
    assert.ok(
      (filtered.json().candidates as Candidate[]).every(
        (c) => c.canonical.registered_office_state.value === 'WA',
      ),
    );
  });

  it('include limits the blocks computed; the shape stays the same', async () => {
    const res = await resolve({ abn: s('afs_licensee').abn, include: ['charity'] });
    const c = (res.json().candidates as Candidate[])[0] as Candidate;
    assert.equal(c.licensing.afs_licensee, null, 'licensing not computed');
    assert.ok('screening' in c && 'external_ids' in c);
    assert.match(c.screening.dfat_sanctions.note, /Not computed/);
  });

  it('bad input: a clear 400; an unknown valid identifier is 200 with no candidates', async () => {
    const cases: Array<[Record<string, unknown>, string | undefined]> = [
      [{ abn: '44600110236', name: 'X' }, 'identifier_and_name'],
      [{}, 'missing_query'],
      [{ name: '' }, undefined],
      [{ name: 'x'.repeat(2048) }, undefined],
      [{ abn: '44600110236', include: ['directors'] }, undefined],
      [{ name: 'x', state: 'NEW SOUTH WALES' }, undefined],
      [{ abn: '51824753565' }, 'checksum'],
      [{ abn: '4960011023' }, undefined],
    ];
    for (const [body, code] of cases) {
      const res = await resolve(body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().error.type, 'invalid_request');
      if (code) assert.equal(res.json().error.code, code, JSON.stringify(body));
    }
    const unknown = await resolve({ abn: '51824753556' });
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(unknown.json().candidates, []);
  });

  it('a live key sees no sandbox data: with no live mirror loaded, resolve is a 502', async () => {
    const res = await resolve({ abn: s('company_active').abn }, account.liveKey);
    assert.equal(res.statusCode, 502);
    assert.equal(res.json().error.code, 'mirror_not_loaded');
    const screened = await t.app.inject({
      method: 'POST',
      url: '/v1/screen',
      headers: bearer(account.liveKey),
      payload: { name: 'Sandbox North Trading Co' },
    });
    assert.equal(screened.json().overall, 'unavailable', 'lists not loaded in live are unavailable');
  });

  it('a live name search with no mirror loaded is a 502 too, never an empty list', async () => {
    const res = await resolve({ name: s('company_active').name }, account.liveKey);
    assert.equal(res.statusCode, 502, res.body);
    assert.equal(res.json().error.type, 'upstream_unavailable');
    assert.equal(res.json().error.code, 'mirror_not_loaded');
  });

  it('screening an identifier goes through the identity source: a 502 when it cannot answer', async () => {
    const live = await t.app.inject({
      method: 'POST',
      url: '/v1/screen',
      headers: bearer(account.liveKey),
      payload: { abn: s('company_active').abn },
    });
    assert.equal(live.statusCode, 502, 'a live mirror never loaded is an outage, not no_match');
    assert.equal(live.json().error.code, 'mirror_not_loaded');
    const outage = await screenRaw({ abn: s('upstream_outage').abn });
    assert.equal(outage.statusCode, 502);
    assert.equal(outage.json().error.type, 'upstream_unavailable');
  });

  it('screening an identifier no register holds is unavailable, never no_match; a bad check digit is 400', async () => {
    const unknown = await screenRaw({ abn: '51824753556' });
    assert.equal(unknown.statusCode, 200);
    const body = unknown.json() as {
      screened_names: string[];
      overall: string;
      results: Record<string, { status: string; note: string }>;
    };
    assert.deepEqual(body.screened_names, []);
    assert.equal(body.overall, 'unavailable');
    for (const [list, result] of Object.entries(body.results)) {
      assert.equal(result.status, 'unavailable', list);
      assert.match(result.note, /no names could be screened/, list);
    }
    // An ACN only the banned-organisations list holds: that list still matches it by ACN.
    const byAcn = await screenRaw({ acn: '600990010' });
    const acnBody = byAcn.json() as typeof body;
    assert.equal(acnBody.overall, 'review');
    assert.equal(acnBody.results.asic_banned_org?.status, 'review');
    assert.equal(acnBody.results.dfat_sanctions?.status, 'unavailable', 'no names, so DFAT was not checked');
    for (const [payload, code] of [
      [{ abn: '44600110236', name: 'X' }, 'identifier_and_name'],
      [{}, 'missing_query'],
    ] as const) {
      const res = await screenRaw(payload);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error.code, code, 'the same codes as resolve');
    }
    for (const payload of [{ abn: '51824753565' }, { acn: '600110231' }]) {
      const bad = await screenRaw(payload);
      assert.equal(bad.statusCode, 400, JSON.stringify(payload));
      assert.equal(bad.json().error.code, 'checksum');
    }
  });

  it('never words a result as pass, fail, clear or approved', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/screen',
      headers: bearer(account.testKey),
      payload: { abn: s('company_active').abn },
    });
    assert.doesNotMatch(
      JSON.stringify(res.json()).replace(/not a clearance/g, ''),
      /\b(pass|passed|fail|failed|clear|cleared|approved)\b/i,
    );
  });
});
