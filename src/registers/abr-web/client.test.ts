import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { inspect } from 'node:util';
import { malformedAbrGet } from '../../../test/helpers/abr-fake.ts';
import { type AbrClientOptions, createAbrClient, identifierUrl, updateEventUrl } from './client.ts';
import type { AbrEntity } from './entity.ts';
import { AbrAuthError, AbrInvalidIdentifier, AbrUnavailable, isUpstreamOutage } from './errors.ts';

const GUID = '3f2b9c1e-7d4a-4e8b-9a60-5c1d2e3f4a5b';
const WRONG_GUID = 'aaaabbbb-cccc-dddd-eeee-ffff00001111';

// ---- The ABR's answers, in the real formats of docs/registers.md §1.1–1.2 ----

const PAYLOAD_OPEN =
  '<?xml version="1.0" encoding="utf-8"?>\r\n<ABRPayloadSearchResults xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://abr.business.gov.au/ABRXMLSearch/">';

/** The request echo carries the caller's GUID, as the real service's does. */
function payload(guid: string, type: string, value: string, response: string): string {
  return `${PAYLOAD_OPEN}
  <request><identifierSearchRequest><authenticationGUID>${guid}</authenticationGUID><identifierType>${type}</identifierType><identifierValue>${value}</identifierValue><history>N</history></identifierSearchRequest></request>
  <response>
    <usageStatement>(the Registrar's standing usage statement, one paragraph of text)</usageStatement>
    <dateRegisterLastUpdated>2026-01-07</dateRegisterLastUpdated>
    <dateTimeRetrieved>2026-01-07T16:10:36.2943459+11:00</dateTimeRetrieved>
    ${response}
  </response>
</ABRPayloadSearchResults>`;
}

const exception = (description: string, code: string) =>
  `<exception><exceptionDescription>${description}</exceptionDescription><exceptionCode>${code}</exceptionCode></exception>`;

/** docs/registers.md §1.2, verbatim (Australian Taxation Office, businessEntity201408). */
const ATO_XML = `<ABRPayloadSearchResults xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://abr.business.gov.au/ABRXMLSearch/">
  <request><identifierSearchRequest><authenticationGUID>00000000-0000-0000-0000-000000000000</authenticationGUID><identifierType>ABN</identifierType><identifierValue>51824753556</identifierValue><history>N</history></identifierSearchRequest></request>
  <response>
    <usageStatement>(the Registrar's standing usage statement, one paragraph of text)</usageStatement>
    <dateRegisterLastUpdated>2019-12-13</dateRegisterLastUpdated>
    <dateTimeRetrieved>2019-12-13T20:30:23.6956081+11:00</dateTimeRetrieved>
    <businessEntity201408>
      <recordLastUpdatedDate>2009-06-17</recordLastUpdatedDate>
      <ABN><identifierValue>51824753556</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>Active</entityStatusCode><effectiveFrom>1999-11-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber></ASICNumber>
      <entityType><entityTypeCode>CGE</entityTypeCode><entityDescription>Commonwealth Government Entity</entityDescription></entityType>
      <goodsAndServicesTax><effectiveFrom>2000-07-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></goodsAndServicesTax>
      <mainName><organisationName>AUSTRALIAN TAXATION OFFICE</organisationName><effectiveFrom>1999-11-01</effectiveFrom></mainName>
      <mainTradingName><organisationName>AUSTRALIAN TAXATION OFFICE</organisationName><effectiveFrom>2000-03-09</effectiveFrom></mainTradingName>
      <otherTradingName><organisationName>AUSTRALIAN TAXATION OFFICE-SUPERANNUATION GROUP</organisationName><effectiveFrom>2000-05-19</effectiveFrom></otherTradingName>
      <mainBusinessPhysicalAddress><stateCode>NSW</stateCode><postcode>2640</postcode><effectiveFrom>2009-06-16</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
    </businessEntity201408>
  </response>
</ABRPayloadSearchResults>`;

/** Synthetic sole trader (sandbox `sole_trader`), businessEntity202001: legalName, lapsed GST, business names newest first. */
const SOLE_TRADER_ENTITY = `<businessEntity202001>
      <recordLastUpdatedDate>2024-03-02</recordLastUpdatedDate>
      <ABN><identifierValue>51600181191</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>Active</entityStatusCode><effectiveFrom>2014-07-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber />
      <entityType><entityTypeCode>IND</entityTypeCode><entityDescription>Individual/Sole Trader</entityDescription></entityType>
      <goodsAndServicesTax><effectiveFrom>2015-01-01</effectiveFrom><effectiveTo>2023-06-30</effectiveTo></goodsAndServicesTax>
      <legalName><givenName>ALEX</givenName><otherGivenName>JORDAN</otherGivenName><familyName>SANDPIPER</familyName><effectiveFrom>2014-07-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></legalName>
      <mainBusinessPhysicalAddress><stateCode>VIC</stateCode><postcode>3056</postcode><effectiveFrom>2014-07-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
      <businessName><organisationName>Sandpiper Design</organisationName><effectiveFrom>2016-02-11</effectiveFrom></businessName>
      <businessName><organisationName>Sandpiper Prints</organisationName><effectiveFrom>2015-05-20</effectiveFrom></businessName>
    </businessEntity202001>`;

/** Synthetic company (sandbox `company_active`) as SearchByASICv201408 answers it. */
const COMPANY_ENTITY = `<businessEntity201408>
      <recordLastUpdatedDate>2025-11-18</recordLastUpdatedDate>
      <ABN><identifierValue>44600110236</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>Active</entityStatusCode><effectiveFrom>2014-06-03</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber>600110236</ASICNumber>
      <entityType><entityTypeCode>PRV</entityTypeCode><entityDescription>Australian Private Company</entityDescription></entityType>
      <goodsAndServicesTax><effectiveFrom>2014-07-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></goodsAndServicesTax>
      <mainName><organisationName>SANDBOX ACTIVE HOLDINGS PTY LTD</organisationName><effectiveFrom>2019-08-20</effectiveFrom></mainName>
      <mainBusinessPhysicalAddress><stateCode>NSW</stateCode><postcode>2000</postcode><effectiveFrom>2014-06-03</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
      <businessName><organisationName>Sandbox Holdings</organisationName><effectiveFrom>2020-01-15</effectiveFrom></businessName>
    </businessEntity201408>`;

/** docs/registers.md §1.1, verbatim (Digital Transformation Agency). */
const DTA_JSONP =
  'callback({"Abn":"74172177893","AbnStatus":"Active","AbnStatusEffectiveFrom":"2017-09-27","Acn":"172177893","AddressDate":"2017-09-27","AddressPostcode":"2600","AddressState":"ACT","BusinessName":["Digital Transformation Agency"],"EntityName":"DIGITAL TRANSFORMATION AGENCY","EntityTypeCode":"CGE","EntityTypeName":"Commonwealth Government Entity","Gst":"2017-09-27","Message":""})';

/** docs/registers.md §1.1, verbatim (bad GUID). */
const GUID_ERROR_JSONP =
  'callback({"Abn":"","AbnStatus":"","AbnStatusEffectiveFrom":"","Acn":"","AddressDate":null,"AddressPostcode":"","AddressState":"","BusinessName":[],"EntityName":"","EntityTypeCode":"","EntityTypeName":"","Gst":null,"Message":"The GUID entered is not recognised as a Registered Party"})';

const jsonpError = (message: string) =>
  GUID_ERROR_JSONP.replace(/"Message":"[^"]*"/, `"Message":"${message}"`);

// ---- The fake ABR: routes like the real one unless a test scripts its answers ----

type Reply = { status?: number; body?: string; hang?: 'before-headers' | 'mid-body' };

function realisticAbr(url: URL): Reply {
  if (url.pathname !== '/json/AbnDetails.aspx') {
    const malformed = malformedAbrGet(url);
    if (malformed) return malformed;
  }
  const search = url.searchParams.get('searchString') ?? '';
  const caller = url.searchParams.get('authenticationGuid') ?? '';
  const xml = (response: string, type = 'ABN') => ({ body: payload(caller, type, search, response) });
  if (url.pathname === '/json/AbnDetails.aspx') {
    if (url.searchParams.get('guid') !== GUID) return { body: GUID_ERROR_JSONP };
    if (url.searchParams.get('abn') === '74172177893') return { body: `${DTA_JSONP};` };
    if (url.searchParams.get('abn') === '51600181191') {
      const individual =
        'callback({"Abn":"51600181191","AbnStatus":"Active","AbnStatusEffectiveFrom":"2014-07-01","Acn":"","AddressDate":null,"AddressPostcode":"3056","AddressState":"VIC","BusinessName":["Sandpiper Design","Sandpiper Prints"],"EntityName":"SANDPIPER, ALEX JORDAN ","EntityTypeCode":"IND","EntityTypeName":"Individual\\/Sole Trader","Gst":null,"Message":""})';
      return { body: individual };
    }
    return { body: jsonpError('No record found') };
  }
  if (caller !== GUID)
    return xml(exception('The GUID entered is not recognised as a Registered Party', 'WEBSERVICES'));
  switch (url.pathname) {
    case '/abrxmlsearch/AbrXmlSearch.asmx/SearchByABNv202001':
      if (search === '51824753556') return { body: `<?xml version="1.0" encoding="utf-8"?>\n${ATO_XML}` };
      if (search === '51600181191') return xml(SOLE_TRADER_ENTITY);
      if (search === '51824753557')
        return xml(exception('Search text is not a valid ABN or ACN', 'WEBSERVICES'));
      return xml(exception('No records found', 'SEARCH'));
    case '/abrxmlsearch/AbrXmlSearch.asmx/SearchByASICv201408':
      if (search === '600110236') return xml(COMPANY_ENTITY, 'ASIC');
      return xml(exception('No records found', 'SEARCH'), 'ASIC');
    case '/abrxmlsearch/AbrXmlSearch.asmx/SearchByUpdateEvent':
      if (url.searchParams.get('updatedate') === '2026-01-06') {
        return xml('<abnList><abn>44600110236</abn><abn>51600181191</abn><abn>51824753556</abn></abnList>');
      }
      return xml(exception('No records found', 'SEARCH'));
    default:
      return { status: 500, body: 'Missing parameter' };
  }
}

let script: Reply[] = [];
const requests: { url: URL; userAgent: string | undefined }[] = [];
const hanging: ServerResponse[] = [];

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  requests.push({ url, userAgent: req.headers['user-agent'] });
  const reply = script.shift() ?? realisticAbr(url);
  if (reply.hang === 'before-headers') return void hanging.push(res);
  const type = url.pathname.startsWith('/json/') ? 'text/javascript' : 'text/xml; charset=utf-8';
  res.writeHead(reply.status ?? 200, { 'content-type': type });
  if (reply.hang === 'mid-body') {
    res.write(reply.body ?? '<ABRPayloadSearchResults');
    return void hanging.push(res);
  }
  res.end(reply.body ?? '');
});

let baseUrl = '';
let clock = Date.parse('2026-01-07T05:00:00Z');

function client(options: Partial<AbrClientOptions> = {}) {
  return createAbrClient({ guid: GUID, baseUrl, backoffMs: 1, now: () => clock, ...options });
}

/** The error text, stack and every own property must be free of the GUID. */
function assertNoGuid(error: unknown, guid: string) {
  assert.ok(error instanceof Error);
  const rendered = `${error.message}\n${error.stack}\n${inspect(error, { depth: 10, showHidden: true })}\n${JSON.stringify(error)}`;
  assert.equal(rendered.includes(guid), false, rendered);
}

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  script = [];
  requests.length = 0;
});

const ATO: AbrEntity = {
  abn: '51824753556',
  abn_status: 'Active',
  abn_status_from: '1999-11-01',
  acn: null,
  entity_type_code: 'CGE',
  entity_type_text: 'Commonwealth Government Entity',
  entity_name: 'AUSTRALIAN TAXATION OFFICE',
  individual: null,
  gst_registered: true,
  gst_from: '2000-07-01',
  state: 'NSW',
  postcode: '2640',
  business_names: [],
  trading_names: [
    { name: 'AUSTRALIAN TAXATION OFFICE', from: '2000-03-09' },
    { name: 'AUSTRALIAN TAXATION OFFICE-SUPERANNUATION GROUP', from: '2000-05-19' },
  ],
  record_last_updated: '2009-06-17',
  date_register_last_updated: '2019-12-13',
  retrieved_at: '2019-12-13T09:30:23.695Z',
};

describe('XML lookups', () => {
  test('lookupAbn reads the ATO businessEntity201408 answer and sends the documented request', async () => {
    assert.deepEqual(await client().lookupAbn('51 824 753 556'), ATO);
    assert.equal(requests.length, 1);
    const { url, userAgent } = requests[0] ?? assert.fail('no request');
    assert.equal(url.pathname, '/abrxmlsearch/AbrXmlSearch.asmx/SearchByABNv202001');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      searchString: '51824753556',
      includeHistoricalDetails: 'N',
      authenticationGuid: GUID,
    });
    assert.match(userAgent ?? '', /^Mozilla\/5\.0 /);
  });

  test('lookupAbn reads an individual from businessEntity202001 (legalName, lapsed GST, business names)', async () => {
    assert.deepEqual(await client().lookupAbn('51600181191'), {
      abn: '51600181191',
      abn_status: 'Active',
      abn_status_from: '2014-07-01',
      acn: null,
      entity_type_code: 'IND',
      entity_type_text: 'Individual/Sole Trader',
      entity_name: 'SANDPIPER, ALEX JORDAN',
      individual: { given: 'ALEX', other_given: 'JORDAN', family: 'SANDPIPER' },
      gst_registered: false,
      gst_from: null,
      state: 'VIC',
      postcode: '3056',
      business_names: [
        { name: 'Sandpiper Design', from: '2016-02-11' },
        { name: 'Sandpiper Prints', from: '2015-05-20' },
      ],
      trading_names: [],
      record_last_updated: '2024-03-02',
      date_register_last_updated: '2026-01-07',
      retrieved_at: '2026-01-07T05:10:36.294Z',
    } satisfies AbrEntity);
  });

  test('lookupAcn reads SearchByASICv201408 and keeps the ASICNumber', async () => {
    const entity = await client().lookupAcn('600 110 236');
    assert.equal(requests[0]?.url.pathname, '/abrxmlsearch/AbrXmlSearch.asmx/SearchByASICv201408');
    assert.equal(requests[0]?.url.searchParams.get('searchString'), '600110236');
    assert.deepEqual(entity, {
      abn: '44600110236',
      abn_status: 'Active',
      abn_status_from: '2014-06-03',
      acn: '600110236',
      entity_type_code: 'PRV',
      entity_type_text: 'Australian Private Company',
      entity_name: 'SANDBOX ACTIVE HOLDINGS PTY LTD',
      individual: null,
      gst_registered: true,
      gst_from: '2014-07-01',
      state: 'NSW',
      postcode: '2000',
      business_names: [{ name: 'Sandbox Holdings', from: '2020-01-15' }],
      trading_names: [],
      record_last_updated: '2025-11-18',
      date_register_last_updated: '2026-01-07',
      retrieved_at: '2026-01-07T05:10:36.294Z',
    } satisfies AbrEntity);
  });

  test('"No records found" is null for ABN and ACN, and is not cached', async () => {
    const abr = client();
    assert.equal(await abr.lookupAbn('30600130498'), null);
    assert.equal(await abr.lookupAcn('600130498'), null);
    assert.equal(await abr.lookupAbn('30600130498'), null);
    assert.equal(requests.length, 3);
  });

  test('"Search text is not a valid ABN or ACN" is AbrInvalidIdentifier, not retried', async () => {
    await assert.rejects(client().lookupAbn('51824753557'), (error) => {
      assert.ok(error instanceof AbrInvalidIdentifier);
      assert.equal(error.message, 'ABR: Search text is not a valid ABN or ACN');
      assert.equal(isUpstreamOutage(error), false);
      return true;
    });
    assert.equal(requests.length, 1);
  });

  test('an identifier of the wrong length is refused without a request', async () => {
    await assert.rejects(client().lookupAbn('5182475355'), AbrInvalidIdentifier);
    await assert.rejects(client().lookupAcn('60011023X'), AbrInvalidIdentifier);
    assert.equal(requests.length, 0);
  });

  test('an unrecognised GUID is AbrAuthError, not retried, and the GUID never shows (the ABR echoes it)', async () => {
    await assert.rejects(client({ guid: WRONG_GUID }).lookupAbn('51824753556'), (error) => {
      assert.ok(error instanceof AbrAuthError);
      assert.equal(error.message, 'ABR: The GUID entered is not recognised as a Registered Party');
      assertNoGuid(error, WRONG_GUID);
      return true;
    });
    assert.equal(requests.length, 1);
  });
});

describe('JSONP lookup', () => {
  test('lookupAbnJson reads the Digital Transformation Agency line (trailing ";" tolerated)', async () => {
    assert.deepEqual(await client().lookupAbnJson('74172177893'), {
      abn: '74172177893',
      abn_status: 'Active',
      abn_status_from: '2017-09-27',
      acn: '172177893',
      entity_type_code: 'CGE',
      entity_type_text: 'Commonwealth Government Entity',
      entity_name: 'DIGITAL TRANSFORMATION AGENCY',
      individual: null,
      gst_registered: true,
      gst_from: '2017-09-27',
      state: 'ACT',
      postcode: '2600',
      business_names: [{ name: 'Digital Transformation Agency', from: null }],
      trading_names: null,
      record_last_updated: null,
      date_register_last_updated: null,
      retrieved_at: '2026-01-07T05:00:00.000Z',
    } satisfies AbrEntity);
    assert.equal(requests[0]?.url.pathname, '/json/AbnDetails.aspx');
    assert.deepEqual(Object.fromEntries(requests[0]?.url.searchParams ?? []), {
      abn: '74172177893',
      guid: GUID,
      callback: 'callback',
    });
  });

  test('an individual: "\\/" escape decoded, trailing space trimmed, Gst null = not registered', async () => {
    const entity = await client().lookupAbnJson('51600181191');
    assert.equal(entity?.entity_type_text, 'Individual/Sole Trader');
    assert.equal(entity?.entity_name, 'SANDPIPER, ALEX JORDAN');
    assert.equal(entity?.acn, null);
    assert.equal(entity?.gst_registered, false);
    assert.equal(entity?.gst_from, null);
    assert.deepEqual(entity?.business_names, [
      { name: 'Sandpiper Design', from: null },
      { name: 'Sandpiper Prints', from: null },
    ]);
  });

  test('"No record found" is null', async () => {
    assert.equal(await client().lookupAbnJson('30600130498'), null);
  });

  test('the verbatim GUID error line (HTTP 200) is AbrAuthError without the GUID', async () => {
    await assert.rejects(client({ guid: WRONG_GUID }).lookupAbnJson('74172177893'), (error) => {
      assert.ok(error instanceof AbrAuthError);
      assertNoGuid(error, WRONG_GUID);
      return true;
    });
    assert.equal(requests.length, 1);
  });

  test('"There was a problem completing your request." is an outage, retried', async () => {
    script = [{ body: jsonpError('There was a problem completing your request.') }];
    assert.equal((await client().lookupAbnJson('74172177893'))?.abn, '74172177893');
    assert.equal(requests.length, 2);
  });
});

describe('outages, retries and the cache', () => {
  test('500, 500, 200 succeeds on the third attempt', async () => {
    script = [
      { status: 500, body: 'Server Error' },
      { status: 500, body: 'Server Error' },
    ];
    assert.deepEqual(await client({ retries: 2 }).lookupAbn('51824753556'), ATO);
    assert.equal(requests.length, 3);
  });

  test('three 500s with retries=2 give AbrUnavailable after exactly 3 requests', async () => {
    script = [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }];
    await assert.rejects(client({ retries: 2 }).lookupAbn('51824753556'), (error) => {
      assert.ok(isUpstreamOutage(error));
      assert.equal(error.message, 'ABR answered HTTP 500');
      return true;
    });
    assert.equal(requests.length, 3);
  });

  test('"System problems have prevented this request from completing" is an outage, retried', async () => {
    const busy = payload(
      GUID,
      'ABN',
      '51824753556',
      exception('System problems have prevented this request from completing', 'SYSTEM'),
    );
    script = [{ body: busy }];
    assert.deepEqual(await client().lookupAbn('51824753556'), ATO);
    assert.equal(requests.length, 2);
  });

  test('a server that never answers times out per attempt', async () => {
    script = [{ hang: 'before-headers' }, { hang: 'mid-body' }];
    const started = Date.now();
    await assert.rejects(client({ timeoutMs: 150, retries: 1 }).lookupAbn('51824753556'), (error) => {
      assert.ok(error instanceof AbrUnavailable);
      assert.equal(error.message, 'ABR did not answer within 150 ms');
      assertNoGuid(error, GUID);
      return true;
    });
    assert.equal(requests.length, 2);
    // The fake never answers either request: only each attempt's own timeout ends it.
    assert.ok(Date.now() - started >= 2 * 150 - 20, 'each attempt waited for its timeout');
  });

  test('a garbage body and a foreign document are AbrUnavailable', async () => {
    script = [{ body: '\u0000<<garbage>>{' }];
    await assert.rejects(client({ retries: 0 }).lookupAbn('51824753556'), {
      name: 'AbrUnavailable',
      message: 'ABR answer is not well-formed XML',
    });
    script = [{ body: '<html><body>Service temporarily unavailable</body></html>' }];
    await assert.rejects(client({ retries: 0 }).lookupAbn('51824753556'), {
      name: 'AbrUnavailable',
      message: 'ABR answer is not an ABRPayloadSearchResults document',
    });
    script = [{ body: 'callback(<html>' }];
    await assert.rejects(client({ retries: 0 }).lookupAbnJson('74172177893'), {
      name: 'AbrUnavailable',
      message: 'ABR answer is not the expected JSONP',
    });
  });

  test('connection refused is AbrUnavailable without the GUID', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(
      client({ baseUrl: `http://127.0.0.1:${port}`, retries: 1 }).lookupAbn('51824753556'),
      (error) => {
        assert.ok(error instanceof AbrUnavailable);
        assert.equal(error.message, 'ABR could not be reached (ECONNREFUSED)');
        assertNoGuid(error, GUID);
        return true;
      },
    );
  });

  test('an ABR text that quotes the GUID is scrubbed', async () => {
    script = [
      { body: payload(GUID, 'ABN', '51824753556', exception(`System problems for ${GUID}`, 'SYSTEM')) },
    ];
    await assert.rejects(client({ retries: 0 }).lookupAbn('51824753556'), (error) => {
      assert.ok(error instanceof AbrUnavailable);
      assert.equal(error.message, 'ABR: System problems for [guid]');
      assertNoGuid(error, GUID);
      return true;
    });
  });

  test('a second lookup within the TTL makes no request; after it, one more', async () => {
    const abr = client({ cacheTtlMs: 60_000 });
    const first = await abr.lookupAbn('51824753556');
    clock += 59_000;
    assert.deepEqual(await abr.lookupAbn('51824753556'), first);
    assert.equal(requests.length, 1);
    clock += 2_000;
    await abr.lookupAbn('51824753556');
    assert.equal(requests.length, 2);
  });

  test('the cache is bounded: the oldest entry is evicted first', async () => {
    const abr = client({ cacheSize: 2 });
    await abr.lookupAbn('51824753556');
    await abr.lookupAbn('51600181191');
    await abr.lookupAcn('600110236');
    assert.equal(requests.length, 3);
    await abr.lookupAcn('600110236');
    await abr.lookupAbn('51600181191');
    assert.equal(requests.length, 3);
    await abr.lookupAbn('51824753556');
    assert.equal(requests.length, 4);
  });
});

describe('change feed', () => {
  test('updatedAbns reads abnList and sends every parameter the WSDL names', async () => {
    assert.deepEqual(await client().updatedAbns('2026-01-06'), ['44600110236', '51600181191', '51824753556']);
    const url = requests[0]?.url ?? assert.fail('no request');
    assert.equal(url.pathname, '/abrxmlsearch/AbrXmlSearch.asmx/SearchByUpdateEvent');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      postcode: '',
      state: '',
      entityTypeCode: '',
      updatedate: '2026-01-06',
      authenticationGuid: GUID,
    });
  });

  test('a GET missing a parameter of its operation is an outage, as the real service answers it', async () => {
    // What the change feed looked like before it sent entityTypeCode: the ABR's HTTP-GET form refuses it.
    const url = updateEventUrl('http://127.0.0.1', '2026-01-06', GUID);
    url.searchParams.delete('entityTypeCode');
    assert.deepEqual(malformedAbrGet(url), { status: 500, body: 'Missing parameter: entityTypeCode.' });
    assert.equal(malformedAbrGet(updateEventUrl('http://127.0.0.1', '2026-01-06', GUID)), undefined);
    assert.equal(
      malformedAbrGet(identifierUrl('http://127.0.0.1', 'SearchByABNv202001', '51824753556', GUID)),
      undefined,
    );
  });

  test('identifierValue children are accepted too', async () => {
    const list =
      '<abnList><abn><identifierValue>44600110236</identifierValue></abn><abn><identifierValue>30600130498</identifierValue></abn></abnList>';
    script = [{ body: payload(GUID, 'ABN', '', list) }];
    assert.deepEqual(await client().updatedAbns('2026-01-05'), ['44600110236', '30600130498']);
  });

  test('"No records found" is an empty day; a bad date is refused locally', async () => {
    assert.deepEqual(await client().updatedAbns('2026-01-01'), []);
    await assert.rejects(client().updatedAbns('06/01/2026'), AbrInvalidIdentifier);
    assert.equal(requests.length, 1);
  });
});
