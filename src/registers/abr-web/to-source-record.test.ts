import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffAbr } from '../abr-bulk/diff.ts';
import { adapter as bulk } from '../abr-bulk/parse.ts';
import { parseStream, readableOf, records } from '../test-support.ts';
import type { SourceRecord } from '../types.ts';
import { parseAbnDetailsJsonp } from './parse-json.ts';
import { parseEntityPayload } from './parse-xml.ts';
import { webEntityRecord } from './to-source-record.ts';

const clock = () => Date.parse('2026-11-23T00:00:00Z');

/** One ABN Bulk Extract row (docs/registers.md §2.2 layout) through the bulk adapter. */
async function bulkRecord(row: string): Promise<SourceRecord> {
  const file = `<?xml version="1.0"?>\n<Transfer error="none"><TransferInfo><ExtractTime>2025-05-27T08:46:00</ExtractTime></TransferInfo>\n${row}\n</Transfer>\n`;
  const [record] = records(await parseStream(bulk, readableOf(file), '20250528Public01.xml'));
  assert.ok(record);
  return record;
}

/** One entity as the ABR XML web services answer it (docs/registers.md §1.2). */
const webAnswer = (entity: string) =>
  parseEntityPayload(
    `<?xml version="1.0" encoding="utf-8"?>
<ABRPayloadSearchResults xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://abr.business.gov.au/ABRXMLSearch/">
  <response><usageStatement>…</usageStatement><dateRegisterLastUpdated>2026-11-22</dateRegisterLastUpdated><dateTimeRetrieved>2026-11-23T09:00:00.0000000+11:00</dateTimeRetrieved>${entity}</response>
</ABRPayloadSearchResults>`,
    clock,
  );

// docs/registers.md §2.2, verbatim.
const QBE_BULK =
  '<ABR recordLastUpdatedDate="20180216" replaced="N"><ABN status="ACT" ABNStatusFromDate="19991101">11000000948</ABN><EntityType><EntityTypeInd>PUB</EntityTypeInd><EntityTypeText>Australian Public Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>QBE INSURANCE (INTERNATIONAL) LTD</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2000</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">000000948</ASICNumber><GST status="ACT" GSTStatusFromDate="20000701" /><OtherEntity><NonIndividualName type="TRD"><NonIndividualNameText>QBE INSURANCE (INTERNATIONAL) LIMITED</NonIndividualNameText></NonIndividualName></OtherEntity></ABR>';
const SMBC_BULK =
  '<ABR recordLastUpdatedDate="20200519" replaced="N"><ABN status="ACT" ABNStatusFromDate="20000224">11000047950</ABN><EntityType><EntityTypeInd>PUB</EntityTypeInd><EntityTypeText>Australian Public Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>SYDNEY MISSIONARY &amp; BIBLE COLLEGE</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2132</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">000047950</ASICNumber><GST status="ACT" GSTStatusFromDate="20000701" /><DGR status="ACT" DGRStatusFromDate="20060301" /><DGR DGRStatusFromDate="20000701"><NonIndividualName type="DGR"><NonIndividualNameText>SYDNEY MISSIONARY &amp; BIBLE COLLEGE BUILDING &amp; MAINTENANCE FUND</NonIndividualNameText></NonIndividualName></DGR><OtherEntity><NonIndividualName type="TRD"><NonIndividualNameText>SYDNEY MISSIONARY &amp; BIBLE COLLEGE</NonIndividualNameText></NonIndividualName></OtherEntity><OtherEntity><NonIndividualName type="BN"><NonIndividualNameText>SMBC\'s The Bridge</NonIndividualNameText></NonIndividualName></OtherEntity></ABR>';
const JANE_BULK =
  '<ABR recordLastUpdatedDate="20230301" replaced="N"><ABN status="ACT" ABNStatusFromDate="20150202">51000000680</ABN><EntityType><EntityTypeInd>IND</EntityTypeInd><EntityTypeText>Individual/Sole Trader</EntityTypeText></EntityType><LegalEntity><IndividualName type="LGL"><NameTitle>MS</NameTitle><GivenName>JANE</GivenName><GivenName>MARIE</GivenName><FamilyName>CITIZEN</FamilyName></IndividualName><BusinessAddress><AddressDetails><State>VIC</State><Postcode>3043</Postcode></AddressDetails></BusinessAddress></LegalEntity><GST status="NON" GSTStatusFromDate="19000101" /><OtherEntity><NonIndividualName type="BN"><NonIndividualNameText>Jane Citizen Design</NonIndividualNameText></NonIndividualName></OtherEntity></ABR>';

/** QBE as businessEntity202001, with the GST period and status given as arguments. */
const qbeWeb = ({
  status = 'Active',
  statusFrom = '1999-11-01',
  gstTo = '0001-01-01',
  name = 'QBE INSURANCE (INTERNATIONAL) LTD',
} = {}) =>
  webAnswer(`<businessEntity202001>
      <recordLastUpdatedDate>2018-02-16</recordLastUpdatedDate>
      <ABN><identifierValue>11000000948</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>${status}</entityStatusCode><effectiveFrom>${statusFrom}</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber>000000948</ASICNumber>
      <entityType><entityTypeCode>PUB</entityTypeCode><entityDescription>Australian Public Company</entityDescription></entityType>
      <goodsAndServicesTax><effectiveFrom>2000-07-01</effectiveFrom><effectiveTo>${gstTo}</effectiveTo></goodsAndServicesTax>
      <mainName><organisationName>${name}</organisationName><effectiveFrom>1999-11-01</effectiveFrom></mainName>
      <mainTradingName><organisationName>QBE INSURANCE (INTERNATIONAL) LIMITED</organisationName><effectiveFrom>2000-03-09</effectiveFrom></mainTradingName>
      <mainBusinessPhysicalAddress><stateCode>NSW</stateCode><postcode>2000</postcode><effectiveFrom>1999-11-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
    </businessEntity202001>`);

describe('an ABR web-services read as the bulk extract record', () => {
  it('is the record the bulk extract gives for the same entity', async () => {
    assert.deepEqual(webEntityRecord(qbeWeb(), null), await bulkRecord(QBE_BULK));
  });

  it('keeps what the web services do not say (DGR entries, a title) from the stored record', async () => {
    const smbc = await bulkRecord(SMBC_BULK);
    const web = webAnswer(`<businessEntity202001>
      <recordLastUpdatedDate>2020-05-19</recordLastUpdatedDate>
      <ABN><identifierValue>11000047950</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>Active</entityStatusCode><effectiveFrom>2000-02-24</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber>000047950</ASICNumber>
      <entityType><entityTypeCode>PUB</entityTypeCode><entityDescription>Australian Public Company</entityDescription></entityType>
      <goodsAndServicesTax><effectiveFrom>2000-07-01</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></goodsAndServicesTax>
      <mainName><organisationName>SYDNEY MISSIONARY &amp; BIBLE COLLEGE</organisationName><effectiveFrom>2000-02-24</effectiveFrom></mainName>
      <mainTradingName><organisationName>SYDNEY MISSIONARY &amp; BIBLE COLLEGE</organisationName><effectiveFrom>2000-02-24</effectiveFrom></mainTradingName>
      <mainBusinessPhysicalAddress><stateCode>NSW</stateCode><postcode>2132</postcode><effectiveFrom>2000-02-24</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
      <businessName><organisationName>SMBC's The Bridge</organisationName><effectiveFrom>2012-05-28</effectiveFrom></businessName>
    </businessEntity202001>`);
    const mapped = webEntityRecord(web, smbc) as SourceRecord;
    // Business names come first from the web services and after the trading name in the extract.
    const sorted = (r: SourceRecord) => ({
      ...r,
      names: [...r.names].sort((a, b) => a.name.localeCompare(b.name)),
      data: {
        ...r.data,
        other_names: [...(r.data.other_names as { name: string }[])].sort((a, b) =>
          a.name.localeCompare(b.name),
        ),
      },
    });
    assert.deepEqual(sorted(mapped), sorted(smbc));

    const jane = await bulkRecord(JANE_BULK);
    const janeWeb = webAnswer(`<businessEntity202001>
      <recordLastUpdatedDate>2023-03-01</recordLastUpdatedDate>
      <ABN><identifierValue>51000000680</identifierValue><isCurrentIndicator>Y</isCurrentIndicator><replacedFrom>0001-01-01</replacedFrom></ABN>
      <entityStatus><entityStatusCode>Active</entityStatusCode><effectiveFrom>2015-02-02</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></entityStatus>
      <ASICNumber />
      <entityType><entityTypeCode>IND</entityTypeCode><entityDescription>Individual/Sole Trader</entityDescription></entityType>
      <legalName><givenName>JANE</givenName><otherGivenName>MARIE</otherGivenName><familyName>CITIZEN</familyName><effectiveFrom>2015-02-02</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></legalName>
      <mainBusinessPhysicalAddress><stateCode>VIC</stateCode><postcode>3043</postcode><effectiveFrom>2015-02-02</effectiveFrom><effectiveTo>0001-01-01</effectiveTo></mainBusinessPhysicalAddress>
      <businessName><organisationName>Jane Citizen Design</organisationName><effectiveFrom>2016-01-01</effectiveFrom></businessName>
    </businessEntity202001>`);
    assert.deepEqual(webEntityRecord(janeWeb, jane), jane);
    // Without the stored record the title is unknown; everything else is the same.
    const untitled = webEntityRecord(janeWeb, null) as SourceRecord;
    assert.deepEqual((untitled.data.individual as { title: unknown }).title, null);
    assert.equal(untitled.name, jane.name);
  });

  it('yields the events the weekly extract would: cancelled ABN, GST ended, a new name', async () => {
    const stored = await bulkRecord(QBE_BULK);
    const types = (web: ReturnType<typeof qbeWeb>) =>
      diffAbr(stored, webEntityRecord(web, stored) as SourceRecord).map((e) => e.type);
    assert.deepEqual(types(qbeWeb()), []);
    assert.deepEqual(types(qbeWeb({ status: 'Cancelled', statusFrom: '2026-11-20' })), ['abn_cancelled']);
    assert.deepEqual(types(qbeWeb({ gstTo: '2026-11-20' })), ['gst_deregistered']);
    assert.deepEqual(types(qbeWeb({ name: 'QBE INSURANCE (AUSTRALIA) LTD' })), ['name_change']);
    const ended = webEntityRecord(qbeWeb({ gstTo: '2026-11-20' }), stored) as SourceRecord;
    assert.deepEqual([ended.data.gst_status, ended.data.gst_status_from], ['CAN', null]);
  });

  it('keeps stored trading names when the answer has none (the JSON endpoint, or the XML since 2025)', async () => {
    const stored = await bulkRecord(QBE_BULK);
    const json = parseAbnDetailsJsonp(
      'callback({"Abn":"11000000948","AbnStatus":"Active","AbnStatusEffectiveFrom":"1999-11-01","Acn":"000000948","AddressDate":"1999-11-01","AddressPostcode":"2000","AddressState":"NSW","BusinessName":[],"EntityName":"QBE INSURANCE (INTERNATIONAL) LTD","EntityTypeCode":"PUB","EntityTypeName":"Australian Public Company","Gst":"2000-07-01","Message":""})',
      clock,
    );
    const mapped = webEntityRecord(json, stored) as SourceRecord;
    assert.deepEqual(mapped.names, stored.names);
    assert.deepEqual(diffAbr(stored, mapped), []);
    // The XML endpoint has returned no trading names since they were retired: the stored ones stay.
    const xml = webEntityRecord({ ...qbeWeb(), trading_names: [] }, stored) as SourceRecord;
    assert.deepEqual(xml.names, stored.names);
    assert.deepEqual(xml.data.other_names, stored.data.other_names);
  });

  it('says why an answer cannot be a record', () => {
    const nameless = { ...qbeWeb(), entity_name: null };
    assert.match(String(webEntityRecord(nameless, null)), /has no name/);
  });
});
