import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { parseStream, readableOf } from '../test-support.ts';
import { FormatError } from '../types.ts';
import { adapter } from './parse.ts';
import { readRegularRecord } from './regular-record.ts';

const PROLOG =
  '<?xml version="1.0"?>\n<Transfer error="none" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="BulkExtract.xsd"><TransferInfo><FileSequenceNumber>1</FileSequenceNumber><RecordCount>961800</RecordCount><ExtractTime>2025-05-27T08:46:00</ExtractTime></TransferInfo>\n' +
  `${' '.repeat(60)}\n`.repeat(3);

/** A file in the real layout: prolog on lines 1–2, three space-padded lines, records from line 6. */
const file = (...rows: string[]) => `${PROLOG}${rows.map((r) => `${r}\n`).join('')}</Transfer>\n`;

/** A string is one chunk; an array of buffers is read in those chunks. */
const parseAll = (input: string | Buffer[], fileName = '20250528Public01.xml') =>
  parseStream(adapter, typeof input === 'string' ? readableOf(input) : Readable.from(input), fileName);

// docs/registers.md §2.2, verbatim (file 20250528_Public01).
const QBE =
  '<ABR recordLastUpdatedDate="20180216" replaced="N"><ABN status="ACT" ABNStatusFromDate="19991101">11000000948</ABN><EntityType><EntityTypeInd>PUB</EntityTypeInd><EntityTypeText>Australian Public Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>QBE INSURANCE (INTERNATIONAL) LTD</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2000</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">000000948</ASICNumber><GST status="ACT" GSTStatusFromDate="20000701" /><OtherEntity><NonIndividualName type="TRD"><NonIndividualNameText>QBE INSURANCE (INTERNATIONAL) LIMITED</NonIndividualNameText></NonIndividualName></OtherEntity></ABR>';
const TOOHEYS =
  '<ABR recordLastUpdatedDate="20190531" replaced="N"><ABN status="CAN" ABNStatusFromDate="20190501">11000002568</ABN><EntityType><EntityTypeInd>PRV</EntityTypeInd><EntityTypeText>Australian Private Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>TOOHEYS PTY LIMITED</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2141</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">000002568</ASICNumber><GST status="CAN" GSTStatusFromDate="20190502" /></ABR>';
const SMBC =
  '<ABR recordLastUpdatedDate="20200519" replaced="N"><ABN status="ACT" ABNStatusFromDate="20000224">11000047950</ABN><EntityType><EntityTypeInd>PUB</EntityTypeInd><EntityTypeText>Australian Public Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>SYDNEY MISSIONARY &amp; BIBLE COLLEGE</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2132</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">000047950</ASICNumber><GST status="ACT" GSTStatusFromDate="20000701" /><DGR status="ACT" DGRStatusFromDate="20060301" /><DGR DGRStatusFromDate="20000701"><NonIndividualName type="DGR"><NonIndividualNameText>SYDNEY MISSIONARY &amp; BIBLE COLLEGE BUILDING &amp; MAINTENANCE FUND</NonIndividualNameText></NonIndividualName></DGR><OtherEntity><NonIndividualName type="TRD"><NonIndividualNameText>SYDNEY MISSIONARY &amp; BIBLE COLLEGE</NonIndividualNameText></NonIndividualName></OtherEntity><OtherEntity><NonIndividualName type="BN"><NonIndividualNameText>SMBC\'s The Bridge</NonIndividualNameText></NonIndividualName></OtherEntity></ABR>';
const WILLIAMSON =
  '<ABR recordLastUpdatedDate="20161207" replaced="N"><ABN status="CAN" ABNStatusFromDate="20000613">11000079167</ABN><EntityType><EntityTypeInd>OIE</EntityTypeInd><EntityTypeText>Other Incorporated Entity</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>WILLIAMSON GERARD (A/SIA) PTY LTD</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2000</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">000079167</ASICNumber><GST status="NON" GSTStatusFromDate="19000101" /></ABR>';
// docs/registers.md §2.2: synthetic individual in the verified layout.
const JANE =
  '<ABR recordLastUpdatedDate="20230301" replaced="N"><ABN status="ACT" ABNStatusFromDate="20150202">51000000680</ABN><EntityType><EntityTypeInd>IND</EntityTypeInd><EntityTypeText>Individual/Sole Trader</EntityTypeText></EntityType><LegalEntity><IndividualName type="LGL"><NameTitle>MS</NameTitle><GivenName>JANE</GivenName><GivenName>MARIE</GivenName><FamilyName>CITIZEN</FamilyName></IndividualName><BusinessAddress><AddressDetails><State>VIC</State><Postcode>3043</Postcode></AddressDetails></BusinessAddress></LegalEntity><GST status="NON" GSTStatusFromDate="19000101" /><OtherEntity><NonIndividualName type="BN"><NonIndividualNameText>Jane Citizen Design</NonIndividualNameText></NonIndividualName></OtherEntity></ABR>';

test('the four real records: names, &amp;, DGR funds, GST NON sentinel, ASIC numbers, snapshot date', async () => {
  const items = await parseAll(file(QBE, TOOHEYS, SMBC, WILLIAMSON));
  assert.deepEqual(items, [
    { kind: 'snapshot', asOf: '2025-05-27' },
    {
      kind: 'record',
      line: 6,
      record: {
        key: '11000000948',
        abn: '11000000948',
        acn: '000000948',
        name: 'QBE INSURANCE (INTERNATIONAL) LTD',
        names: [{ name: 'QBE INSURANCE (INTERNATIONAL) LIMITED', type: 'trading' }],
        status: 'ACT',
        asOf: '2018-02-16',
        data: {
          abn_status: 'ACT',
          abn_status_from: '1999-11-01',
          record_last_updated: '2018-02-16',
          replaced: false,
          entity_type_code: 'PUB',
          entity_type_text: 'Australian Public Company',
          main_name: 'QBE INSURANCE (INTERNATIONAL) LTD',
          state: 'NSW',
          postcode: '2000',
          asic_number: '000000948',
          gst_status: 'ACT',
          gst_status_from: '2000-07-01',
          dgr: [],
          other_names: [{ type: 'TRD', name: 'QBE INSURANCE (INTERNATIONAL) LIMITED' }],
        },
      },
    },
    {
      kind: 'record',
      line: 7,
      record: {
        key: '11000002568',
        abn: '11000002568',
        acn: '000002568',
        name: 'TOOHEYS PTY LIMITED',
        names: [],
        status: 'CAN',
        asOf: '2019-05-31',
        data: {
          abn_status: 'CAN',
          abn_status_from: '2019-05-01',
          record_last_updated: '2019-05-31',
          replaced: false,
          entity_type_code: 'PRV',
          entity_type_text: 'Australian Private Company',
          main_name: 'TOOHEYS PTY LIMITED',
          state: 'NSW',
          postcode: '2141',
          asic_number: '000002568',
          gst_status: 'CAN',
          gst_status_from: '2019-05-02',
          dgr: [],
          other_names: [],
        },
      },
    },
    {
      kind: 'record',
      line: 8,
      record: {
        key: '11000047950',
        abn: '11000047950',
        acn: '000047950',
        name: 'SYDNEY MISSIONARY & BIBLE COLLEGE',
        names: [
          { name: 'SYDNEY MISSIONARY & BIBLE COLLEGE', type: 'trading' },
          { name: "SMBC's The Bridge", type: 'business' },
          { name: 'SYDNEY MISSIONARY & BIBLE COLLEGE BUILDING & MAINTENANCE FUND', type: 'dgr_fund' },
        ],
        status: 'ACT',
        asOf: '2020-05-19',
        data: {
          abn_status: 'ACT',
          abn_status_from: '2000-02-24',
          record_last_updated: '2020-05-19',
          replaced: false,
          entity_type_code: 'PUB',
          entity_type_text: 'Australian Public Company',
          main_name: 'SYDNEY MISSIONARY & BIBLE COLLEGE',
          state: 'NSW',
          postcode: '2132',
          asic_number: '000047950',
          gst_status: 'ACT',
          gst_status_from: '2000-07-01',
          dgr: [
            { status: 'ACT', from: '2006-03-01', fund_name: null },
            {
              status: null,
              from: '2000-07-01',
              fund_name: 'SYDNEY MISSIONARY & BIBLE COLLEGE BUILDING & MAINTENANCE FUND',
            },
          ],
          other_names: [
            { type: 'TRD', name: 'SYDNEY MISSIONARY & BIBLE COLLEGE' },
            { type: 'BN', name: "SMBC's The Bridge" },
          ],
        },
      },
    },
    {
      kind: 'record',
      line: 9,
      record: {
        key: '11000079167',
        abn: '11000079167',
        acn: '000079167',
        name: 'WILLIAMSON GERARD (A/SIA) PTY LTD',
        names: [],
        status: 'CAN',
        asOf: '2016-12-07',
        data: {
          abn_status: 'CAN',
          abn_status_from: '2000-06-13',
          record_last_updated: '2016-12-07',
          replaced: false,
          entity_type_code: 'OIE',
          entity_type_text: 'Other Incorporated Entity',
          main_name: 'WILLIAMSON GERARD (A/SIA) PTY LTD',
          state: 'NSW',
          postcode: '2000',
          asic_number: '000079167',
          gst_status: 'NON',
          gst_status_from: null,
          dgr: [],
          other_names: [],
        },
      },
    },
  ]);
});

test('an individual is named "FAMILY, GIVEN OTHER", the title kept apart', async () => {
  const [, item] = await parseAll(file(JANE));
  assert.deepEqual(item, {
    kind: 'record',
    line: 6,
    record: {
      key: '51000000680',
      abn: '51000000680',
      acn: null,
      name: 'CITIZEN, JANE MARIE',
      names: [{ name: 'Jane Citizen Design', type: 'business' }],
      status: 'ACT',
      asOf: '2023-03-01',
      data: {
        abn_status: 'ACT',
        abn_status_from: '2015-02-02',
        record_last_updated: '2023-03-01',
        replaced: false,
        entity_type_code: 'IND',
        entity_type_text: 'Individual/Sole Trader',
        individual: { title: 'MS', given: ['JANE', 'MARIE'], family: 'CITIZEN' },
        state: 'VIC',
        postcode: '3043',
        asic_number: null,
        gst_status: 'NON',
        gst_status_from: null,
        dgr: [],
        other_names: [{ type: 'BN', name: 'Jane Citizen Design' }],
      },
    },
  });
});

test('AAT with an empty postcode, literal doubled quotes, duplicate BNs, no GST element, a bad ASIC number', async () => {
  const row =
    '<ABR recordLastUpdatedDate="20170111" replaced="Y"><ABN status="ACT" ABNStatusFromDate="20170110">76700000023</ABN><EntityType><EntityTypeInd>PRV</EntityTypeInd><EntityTypeText>Australian Private Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>  POLAR\u00a0SUPPLIES PTY LTD </NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>AAT</State><Postcode></Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">123456789</ASICNumber><OtherEntity><NonIndividualName type="BN"><NonIndividualNameText>""Polar Supplies""</NonIndividualNameText></NonIndividualName></OtherEntity><OtherEntity><NonIndividualName type="BN"><NonIndividualNameText>""Polar Supplies""</NonIndividualNameText></NonIndividualName></OtherEntity><OtherEntity><NonIndividualName type="OTN"><NonIndividualNameText>Polar Co</NonIndividualNameText></NonIndividualName></OtherEntity></ABR>';
  const [, item] = await parseAll(file(row));
  assert.deepEqual(item, {
    kind: 'record',
    line: 6,
    record: {
      key: '76700000023',
      abn: '76700000023',
      acn: null,
      name: 'POLAR SUPPLIES PTY LTD',
      names: [
        { name: '""Polar Supplies""', type: 'business' },
        { name: 'Polar Co', type: 'trading' },
      ],
      status: 'ACT',
      asOf: '2017-01-11',
      data: {
        abn_status: 'ACT',
        abn_status_from: '2017-01-10',
        record_last_updated: '2017-01-11',
        replaced: true,
        entity_type_code: 'PRV',
        entity_type_text: 'Australian Private Company',
        main_name: 'POLAR SUPPLIES PTY LTD',
        state: 'AAT',
        postcode: null,
        asic_number: null,
        asic_number_raw: '123456789',
        gst_status: null,
        gst_status_from: null,
        dgr: [],
        other_names: [
          { type: 'BN', name: '""Polar Supplies""' },
          { type: 'BN', name: '""Polar Supplies""' },
          { type: 'OTN', name: 'Polar Co' },
        ],
      },
    },
  });
});

test('an ABN that fails the check digit is rejected with its line; the next record still parses', async () => {
  const bad = QBE.replace('11000000948', '11000000949');
  const items = await parseAll(file(bad, TOOHEYS));
  assert.deepEqual(items[1], {
    kind: 'rejected',
    line: 6,
    reason: 'ABN "11000000949" fails the check digit',
  });
  assert.equal(items[2]?.kind === 'record' && items[2].record.key, '11000002568');
});

test('a record with no name is rejected', async () => {
  const nameless = TOOHEYS.replace('TOOHEYS PTY LIMITED', ' ');
  const items = await parseAll(file(nameless));
  assert.deepEqual(items[1], { kind: 'rejected', line: 6, reason: 'ABN 11000002568 has no name' });
});

test('chunks split anywhere, even inside a UTF-8 character, give the same records', async () => {
  const xml = file(SMBC.replace('The Bridge', 'Café Bridge'), JANE);
  const whole = await parseAll(xml);
  const bytes = Buffer.from(xml);
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.subarray(i, i + 7));
  assert.deepEqual(await parseAll(pieces), whole);
  assert.equal(whole[1]?.kind === 'record' && whole[1].record.names[1]?.name, "SMBC's Café Bridge");
});

// Written as the real files write their records, but each with something the others lack.
const REGULAR = [
  QBE,
  TOOHEYS,
  SMBC,
  WILLIAMSON,
  JANE,
  // No title, one given name, no GST element, a trading name with every predefined reference.
  JANE.replace('<NameTitle>MS</NameTitle>', '')
    .replace('<GivenName>MARIE</GivenName>', '')
    .replace('<GST status="NON" GSTStatusFromDate="19000101" />', '')
    .replace('Jane Citizen Design', 'J &lt;C&gt; &quot;Design&quot; &apos;n&apos; &amp; Co'),
  // An individual with neither given names nor family name: rejected for having no name.
  JANE.replace(/<NameTitle>.*<\/FamilyName>/, ''),
  // A fund without status, a blank state and postcode, a DGR endorsement written without the space.
  SMBC.replace('<State>NSW</State><Postcode>2132</Postcode>', '<State></State><Postcode></Postcode>').replace(
    '<DGR status="ACT" DGRStatusFromDate="20060301" />',
    '<DGR status="ACT" DGRStatusFromDate="20060301"/>',
  ),
];
// Each well-formed, but not as the files write their records: the scanner reads them.
const IRREGULAR = [
  QBE.replace('QBE INSURANCE (INTERNATIONAL) LTD', 'QB&#69; INSURANCE (INTERNATIONAL) LTD'),
  TOOHEYS.replace('<State>NSW</State>', '<State />'),
  TOOHEYS.replace('</ABN><EntityType>', '</ABN>\n  <EntityType>'),
  TOOHEYS.replace('status="CAN" ABNStatusFromDate="20190501"', 'ABNStatusFromDate="20190501" status="CAN"'),
  WILLIAMSON.replace('</EntityTypeText>', '<!-- note --></EntityTypeText>'),
  WILLIAMSON.replace('Other Incorporated Entity', '<![CDATA[Other Incorporated Entity]]>'),
  JANE.replace('<GivenName>MARIE</GivenName>', '<GivenName>MARIE</GivenName><GivenName>ANNE</GivenName>'),
  JANE.replace('<NonIndividualName type="BN">', "<NonIndividualName type='BN'>"),
];

test('a record written as the files write them is read in one match; anything else is left to the scanner', () => {
  for (const row of REGULAR) assert.equal(readRegularRecord(`\n${row}\n`, 1)?.end, row.length + 1, row);
  for (const row of IRREGULAR) assert.equal(readRegularRecord(row, 0), null, row);
  // A record cut short (the end of a chunk) is not matched either.
  assert.equal(readRegularRecord(SMBC.slice(0, -1), 0), null);
});

test('records read in one match and records read tag by tag come out the same', async () => {
  const xml = file(...REGULAR, ...IRREGULAR);
  const whole = await parseAll(xml);
  // Seven-byte chunks cut every record, so that the scanner reads each tag by tag.
  const bytes = Buffer.from(xml);
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.subarray(i, i + 7));
  assert.deepEqual(whole, await parseAll(pieces));
  assert.equal(whole.length, 1 + REGULAR.length + IRREGULAR.length);
  // Lines as the file has them: one record (the third irregular one) spans two.
  assert.deepEqual(
    whole.map((item) => (item.kind === 'record' ? item.line : item.kind === 'rejected' ? -item.line : 0)),
    [0, 6, 7, 8, 9, 10, 11, -12, 13, 14, 15, 16, 18, 19, 20, 21, 22],
  );
  const named = (i: number) => {
    const item = whole[i];
    return item?.kind === 'record' ? item.record : undefined;
  };
  assert.deepEqual(named(6)?.names, [{ name: 'J <C> "Design" \'n\' & Co', type: 'business' }]);
  assert.equal(named(6)?.name, 'CITIZEN, JANE');
  assert.deepEqual(named(8)?.data.dgr, [
    { status: 'ACT', from: '2006-03-01', fund_name: null },
    {
      status: null,
      from: '2000-07-01',
      fund_name: 'SYDNEY MISSIONARY & BIBLE COLLEGE BUILDING & MAINTENANCE FUND',
    },
  ]);
  assert.equal(named(9)?.name, 'QBE INSURANCE (INTERNATIONAL) LTD');
  assert.equal(named(15)?.name, 'CITIZEN, JANE MARIE ANNE');
});

test('a truncated file is a FormatError naming the file and the line', async () => {
  const xml = file(QBE, TOOHEYS);
  const truncated = xml.slice(0, xml.indexOf('11000002568'));
  await assert.rejects(parseAll(truncated, '20250528Public07.xml'), (err: unknown) => {
    assert.ok(err instanceof FormatError);
    assert.equal(err.line, 7);
    assert.match(err.message, /20250528Public07\.xml:7:\d+/);
    return true;
  });
});

test('garbage, an empty file and another root element are FormatErrors', async () => {
  await assert.rejects(parseAll('PK\u0003\u0004 not xml'), FormatError);
  await assert.rejects(parseAll(''), FormatError);
  await assert.rejects(
    parseAll('<?xml version="1.0"?>\n<ABRPayloadSearchResults><x/></ABRPayloadSearchResults>'),
    (err: unknown) =>
      err instanceof FormatError && /root element is <ABRPayloadSearchResults>/.test(err.message),
  );
  await assert.rejects(parseAll(file(QBE.replace('</ABN>', '</ABX>'))), FormatError);
});
