import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Candidate } from '../src/resolve/schemas.ts';
import { bearer, startTestApp, type TestAccount, type TestApp } from './helpers/app.ts';

// The ABR web services answer in their real XML (registers.md §1.2): the ATO's record verbatim, the
// exception answer for an unknown ABN, and for one ABN a 500, as an outage looks.
const ATO_ENTITY = `<businessEntity201408>
      <recordLastUpdatedDate>2009-06-17</recordLastUpdatedDate>
      <ABN><identifierValue>51824753556</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>Active</entityStatusCode><effectiveFrom>1999-11-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber></ASICNumber>
      <entityType><entityTypeCode>CGE</entityTypeCode><entityDescription>Commonwealth Government Entity</entityDescription></entityType>
      <goodsAndServicesTax><effectiveFrom>2000-07-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></goodsAndServicesTax>
      <mainName><organisationName>AUSTRALIAN TAXATION OFFICE</organisationName><effectiveFrom>1999-11-01</effectiveFrom></mainName>
      <mainBusinessPhysicalAddress><stateCode>NSW</stateCode><postcode>2640</postcode><effectiveFrom>2009-06-16</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
    </businessEntity201408>`;
const wrap = (inner: string) => `<?xml version="1.0" encoding="utf-8"?>
<ABRPayloadSearchResults xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://abr.business.gov.au/ABRXMLSearch/">
  <response><usageStatement>…</usageStatement><dateRegisterLastUpdated>2026-11-20</dateRegisterLastUpdated><dateTimeRetrieved>2026-11-21T09:00:00.0000000+11:00</dateTimeRetrieved>${inner}</response>
</ABRPayloadSearchResults>`;

describe('resolve with live keys and the ABR web services (AEVS_ABR_GUID)', () => {
  let t: TestApp;
  let account: TestAccount;
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const url = new URL(req.url ?? '/', 'http://x');
    const abn = url.searchParams.get('searchString');
    if (abn === '51824753556') res.writeHead(200, { 'content-type': 'text/xml' }).end(wrap(ATO_ENTITY));
    else if (abn === '49004028077') res.writeHead(500).end('Server Error');
    else
      res
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(
          wrap(
            '<exception><exceptionDescription>No records found</exceptionDescription><exceptionCode>SEARCH</exceptionCode></exception>',
          ),
        );
  });
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      env: { AEVS_ABR_GUID: '11111111-2222-3333-4444-555555555555' },
      deps: { abrBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    account = await t.newAccount();
  });
  after(async () => {
    await t.close();
    server.close();
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
    const before = requests;
    const res = await resolve('49004028077');
    assert.equal(res.statusCode, 502);
    assert.equal(res.json().error.type, 'upstream_unavailable');
    assert.ok(!res.body.includes('11111111-2222'), 'the GUID is not in the answer');
    assert.equal(requests - before, 3, 'one attempt and two retries');
  });
});
