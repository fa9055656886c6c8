import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Candidate } from '../src/resolve/schemas.ts';
import { startAbrFake } from './helpers/abr-fake.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

describe('resolve with live keys and the ABR web services (AEVS_ABR_GUID)', () => {
  let t: TestApp;
  let account: TestAccount;
  let abr: Awaited<ReturnType<typeof startAbrFake>>;
  before(async () => {
    abr = await startAbrFake();
    t = await startTestApp({
      env: { AEVS_ABR_GUID: '11111111-2222-3333-4444-555555555555' },
      deps: { abrBaseUrl: abr.url },
    });
    account = await t.newAccount();
  });
  after(async () => {
    await t.close();
    await abr.close();
  });

  const resolve = (abn: string) =>
    t.app.inject({ method: 'POST', url: '/v1/resolve', headers: bearer(account.liveKey), payload: { abn } });

  it('reads the entity live, with the ABR as the source of its fields', async () => {
    const res = await resolve('51824753556');
    assert.equal(res.statusCode, 200, res.body);
    const c = (res.json().candidates as Candidate[])[0] as Candidate;
    assert.deepEqual(
      [c.canonical.entity_name.value, c.canonical.entity_name.source],
      ['AUSTRALIAN TAXATION OFFICE', 'abr'],
    );
    assert.equal(c.canonical.abn_status.value, 'Active');
    assert.equal(c.canonical.gst_registered.value, true);
    assert.equal(c.canonical.entity_form.value, 'government');
    assert.equal(c.canonical.registered_office_state.value, 'NSW');
  });

  it('answers "not found" only when the ABR says so: 200 with no candidates', async () => {
    const res = await resolve('12004044937');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().candidates, []);
  });

  it('turns an ABR outage into 502 upstream_unavailable after bounded retries, without the GUID', async () => {
    const before = abr.requests();
    const res = await resolve('49004028077');
    assert.equal(res.statusCode, 502);
    assert.equal(res.json().error.type, 'upstream_unavailable');
    assert.ok(!res.body.includes('11111111-2222'), 'the GUID is not in the answer');
    assert.equal(abr.requests() - before, 3, 'one attempt and two retries');
  });
});
