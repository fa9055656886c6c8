import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// The ABR web services answer in their real XML (docs/registers.md §1.2): the ATO's record verbatim, the
// exception answer for an unknown ABN, and for one ABN a 500, as an outage looks.
export const ATO_ENTITY = `<businessEntity201408>
      <recordLastUpdatedDate>2009-06-17</recordLastUpdatedDate>
      <ABN><identifierValue>51824753556</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>Active</entityStatusCode><effectiveFrom>1999-11-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber></ASICNumber>
      <entityType><entityTypeCode>CGE</entityTypeCode><entityDescription>Commonwealth Government Entity</entityDescription></entityType>
      <goodsAndServicesTax><effectiveFrom>2000-07-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></goodsAndServicesTax>
      <mainName><organisationName>AUSTRALIAN TAXATION OFFICE</organisationName><effectiveFrom>1999-11-01</effectiveFrom></mainName>
      <mainBusinessPhysicalAddress><stateCode>NSW</stateCode><postcode>2640</postcode><effectiveFrom>2009-06-16</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
    </businessEntity201408>`;
export const wrap = (inner: string) => `<?xml version="1.0" encoding="utf-8"?>
<ABRPayloadSearchResults xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://abr.business.gov.au/ABRXMLSearch/">
  <response><usageStatement>…</usageStatement><dateRegisterLastUpdated>2026-11-20</dateRegisterLastUpdated><dateTimeRetrieved>2026-11-21T09:00:00.0000000+11:00</dateTimeRetrieved>${inner}</response>
</ABRPayloadSearchResults>`;

/**
 * The parameters each operation's HTTP-GET form requires, as the service's WSDL names them
 * (docs/registers.md §1.2, §1.5): every one must be present, even blank.
 */
const PARAMETERS: Record<string, string[]> = {
  SearchByABNv202001: ['searchString', 'includeHistoricalDetails', 'authenticationGuid'],
  SearchByASICv201408: ['searchString', 'includeHistoricalDetails', 'authenticationGuid'],
  SearchByUpdateEvent: ['postcode', 'state', 'entityTypeCode', 'updatedate', 'authenticationGuid'],
};

/**
 * What the real service answers a GET that leaves out a parameter of its operation (an ASP.NET 500
 * naming it), or an unknown operation; undefined when the request is well formed.
 */
export function malformedAbrGet(url: URL): { status: number; body: string } | undefined {
  const operation = url.pathname.split('/').pop() ?? '';
  const required = PARAMETERS[operation];
  if (!required)
    return {
      status: 500,
      body: `Request format is unrecognized for URL unexpectedly ending in '/${operation}'.`,
    };
  const missing = required.find((name) => !url.searchParams.has(name));
  return missing ? { status: 500, body: `Missing parameter: ${missing}.` } : undefined;
}

const NOT_FOUND =
  '<exception><exceptionDescription>No records found</exceptionDescription><exceptionCode>SEARCH</exceptionCode></exception>';

/** A loopback ABR web service: the ATO for 51824753556, a 500 for 49004028077, "No records found" otherwise. */
export async function startAbrFake() {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const url = new URL(req.url ?? '/', 'http://x');
    const malformed = malformedAbrGet(url);
    const abn = url.searchParams.get('searchString');
    if (malformed) res.writeHead(malformed.status).end(malformed.body);
    else if (abn === '49004028077') res.writeHead(500).end('Server Error');
    else
      res
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(wrap(abn === '51824753556' ? ATO_ENTITY : NOT_FOUND));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
