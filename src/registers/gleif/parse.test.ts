import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError } from '../types.ts';
import { adapter } from './parse.ts';

const parseText = (text: string | Buffer, fileName = 'gleif.json') =>
  parseStream(adapter, readableOf(text), fileName);

/** An API lei-record in the shape of docs/registers.md §9, with the fields a test varies. */
function apiRecord(o: {
  lei: string;
  name: string;
  at: string | null;
  as: string | null;
  country: string;
  spglobal?: string[];
  ocid?: string | null;
  otherNames?: { name: string; language: string; type: string }[];
}) {
  return {
    type: 'lei-records',
    id: o.lei,
    attributes: {
      lei: o.lei,
      entity: {
        legalName: { name: o.name, language: 'en' },
        otherNames: o.otherNames ?? [],
        transliteratedOtherNames: [],
        legalAddress: { language: 'en', addressLines: ['1 Street'], city: 'X', country: o.country },
        registeredAt: { id: o.at, other: null },
        registeredAs: o.as,
        jurisdiction: o.country,
        category: 'GENERAL',
        legalForm: { id: 'TXVC', other: null },
        status: 'ACTIVE',
      },
      registration: { lastUpdateDate: '2026-07-01T09:15:00+10:00', status: 'ISSUED' },
      bic: null,
      mic: null,
      ocid: o.ocid ?? null,
      spglobal: o.spglobal ?? [],
    },
  };
}

test('an API page: an ASIC record with a spaced ACN, an ABR record with an ABN, a non-AU record', async () => {
  const page = {
    meta: { pagination: { currentPage: 1, perPage: 10, total: 3 } },
    data: [
      apiRecord({
        lei: 'WZE1WSENV6JSZFK0JC28',
        name: 'BHP GROUP LIMITED',
        at: 'RA000014',
        as: '004 028 077',
        country: 'AU',
        spglobal: ['4082263'],
        ocid: 'au/004028077',
        otherNames: [{ name: 'BHP BILLITON LIMITED', language: 'en', type: 'PREVIOUS_LEGAL_NAME' }],
      }),
      apiRecord({
        lei: '254900SYNTHETIC0AU17',
        name: 'SYNTHETIC SUPER FUND',
        at: 'RA000013',
        as: '62 365 829 227',
        country: 'AU',
      }),
      apiRecord({
        lei: '529900SYNTHETIC0DE71',
        name: 'Beispiel GmbH',
        at: 'RA000242',
        as: 'HRB 12345',
        country: 'DE',
      }),
    ],
  };
  const items = await parseText(`\n  ${JSON.stringify(page)}`);
  assert.deepEqual(items[0], {
    kind: 'record',
    line: 1,
    record: {
      key: 'WZE1WSENV6JSZFK0JC28',
      abn: null,
      acn: '004028077',
      name: 'BHP GROUP LIMITED',
      names: [{ name: 'BHP BILLITON LIMITED', type: 'former' }],
      status: 'ISSUED',
      asOf: '2026-07-01',
      data: {
        lei: 'WZE1WSENV6JSZFK0JC28',
        legal_name: 'BHP GROUP LIMITED',
        registered_at: 'RA000014',
        registered_as: '004 028 077',
        jurisdiction: 'AU',
        legal_address_country: 'AU',
        entity_status: 'ACTIVE',
        registration_status: 'ISSUED',
        last_update: '2026-07-01',
        legal_form: 'TXVC',
        spglobal: ['4082263'],
        ocid: 'au/004028077',
        bic: null,
        other_names: [{ name: 'BHP BILLITON LIMITED', type: 'PREVIOUS_LEGAL_NAME', language: 'en' }],
      },
    },
  });
  const [, abr, foreign] = items;
  assert.ok(abr?.kind === 'record' && foreign?.kind === 'record');
  assert.equal(abr.record.abn, '62365829227');
  assert.equal(abr.record.acn, null);
  assert.deepEqual(
    [foreign.record.key, foreign.record.abn, foreign.record.acn],
    ['529900SYNTHETIC0DE71', null, null],
  );
  assert.equal(foreign.record.data.registered_as, 'HRB 12345');
});

test('a single-record document (`/lei-records/{lei}`) and a record without a name', async () => {
  const single = await parseText(
    JSON.stringify({
      data: apiRecord({
        lei: 'WZE1WSENV6JSZFK0JC28',
        name: 'BHP GROUP LIMITED',
        at: 'RA000014',
        as: '004028077',
        country: 'AU',
      }),
    }),
  );
  assert.equal(single.length, 1);
  assert.ok(single[0]?.kind === 'record');
  assert.equal(single[0].record.acn, '004028077');

  const nameless = await parseText(
    JSON.stringify({
      data: [apiRecord({ lei: 'WZE1WSENV6JSZFK0JC28', name: ' ', at: null, as: null, country: 'AU' })],
    }),
  );
  assert.deepEqual(nameless, [
    { kind: 'rejected', line: 1, reason: 'LEI WZE1WSENV6JSZFK0JC28 has no legal name' },
  ]);
});

test('a record whose LEI fails the ISO 17442 check, or is not 20 characters, is rejected with why', async () => {
  const record = (lei: string) =>
    apiRecord({ lei, name: 'X LTD', at: 'RA000014', as: '004028077', country: 'AU' });
  const items = await parseText(
    JSON.stringify({
      data: [
        record('WZE1WSENV6JSZFK0JC28'),
        record('WZE1WSENV6JSZFK0JC29'), // the last check digit changed
        record('WZE1WSENV6JSZFKJ0C28'), // two neighbours swapped
        record('9845001SANDBOX00A01'), // 19 characters
      ],
    }),
  );
  assert.deepEqual(
    items.map((i) => (i.kind === 'rejected' ? i.reason : i.kind)),
    [
      'record',
      'LEI WZE1WSENV6JSZFK0JC29 fails its check digits (ISO 17442, MOD 97-10)',
      'LEI WZE1WSENV6JSZFKJ0C28 fails its check digits (ISO 17442, MOD 97-10)',
      '"9845001SANDBOX00A01" is not an LEI: 20 letters and digits, the last two check digits (ISO 17442)',
    ],
  );
});

test('an ASIC registration whose number fails the ACN check keeps the record without an ACN', async () => {
  const items = await parseText(
    JSON.stringify({
      data: [
        apiRecord({
          lei: 'WZE1WSENV6JSZFK0JC28',
          name: 'X LTD',
          at: 'RA000014',
          as: '004 028 078',
          country: 'AU',
        }),
      ],
    }),
  );
  assert.ok(items[0]?.kind === 'record');
  assert.equal(items[0].record.acn, null);
  assert.equal(items[0].record.data.registered_as, '004 028 078');
});

test('JSON that is not a GLEIF document is a FormatError', async () => {
  await assert.rejects(parseText('{"errors": []}'), FormatError);
  await assert.rejects(parseText('{"data": [ '), FormatError);
});

const CSV_HEADER = [
  'LEI',
  'Entity.LegalName',
  'Entity.LegalName.xmllang',
  'Entity.OtherEntityNames.OtherEntityName.1',
  'Entity.OtherEntityNames.OtherEntityName.1.xmllang',
  'Entity.OtherEntityNames.OtherEntityName.1.type',
  'Entity.LegalAddress.Country',
  'Entity.RegistrationAuthority.RegistrationAuthorityID',
  'Entity.RegistrationAuthority.OtherRegistrationAuthorityID',
  'Entity.RegistrationAuthority.RegistrationAuthorityEntityID',
  'Entity.LegalJurisdiction',
  'Entity.LegalForm.EntityLegalFormCode',
  'Entity.EntityStatus',
  'Registration.LastUpdateDate',
  'Registration.RegistrationStatus',
]
  .map((h) => `"${h}"`)
  .join(',');

test('a Golden Copy CSV: quoted commas in the name, a spaced ACN, an other name, BOM and CRLF', async () => {
  const csv =
    `\ufeff${CSV_HEADER}\r\n` +
    '"WZE1WSENV6JSZFK0JC28","BHP GROUP LIMITED","en","","","","AU","RA000014","","004 028 077","AU","TXVC","ACTIVE","2026-07-01T09:15:00+10:00","ISSUED"\r\n' +
    '"254900SYNTHETIC0AU17","SMITH, JONES & CO PTY LTD","en","SJC","en","TRADING_OR_OPERATING_NAME","AU","RA000013","","62365829227","AU-NSW","","ACTIVE","2025-01-31T00:00:00Z","LAPSED"\r\n' +
    '"529900SYNTHETIC0DE71","Beispiel GmbH","de","","","","DE","RA000242","","HRB 12345","DE","2HBR","ACTIVE","2025-01-31T00:00:00Z","ISSUED"\r\n';
  const items = await parseText(csv, 'golden-copy.csv');
  assert.deepEqual(items[1], {
    kind: 'record',
    line: 3,
    record: {
      key: '254900SYNTHETIC0AU17',
      abn: '62365829227',
      acn: null,
      name: 'SMITH, JONES & CO PTY LTD',
      names: [{ name: 'SJC', type: 'trading' }],
      status: 'LAPSED',
      asOf: '2025-01-31',
      data: {
        lei: '254900SYNTHETIC0AU17',
        legal_name: 'SMITH, JONES & CO PTY LTD',
        registered_at: 'RA000013',
        registered_as: '62365829227',
        jurisdiction: 'AU-NSW',
        legal_address_country: 'AU',
        entity_status: 'ACTIVE',
        registration_status: 'LAPSED',
        last_update: '2025-01-31',
        legal_form: null,
        spglobal: null,
        ocid: null,
        bic: null,
        other_names: [{ name: 'SJC', type: 'TRADING_OR_OPERATING_NAME', language: 'en' }],
      },
    },
  });
  assert.ok(items[0]?.kind === 'record' && items[2]?.kind === 'record');
  assert.equal(items[0].record.acn, '004028077');
  assert.deepEqual([items[2].record.abn, items[2].record.acn], [null, null]);
});

test('a CSV without the LEI columns is a FormatError', async () => {
  await assert.rejects(parseText('LEI,Name\n"X","Y"\n', 'x.csv'), FormatError);
});

test('diff raises nothing: no event type is about LEIs', () => {
  assert.deepEqual(adapter.diff(null, null), []);
});

test('the sandbox file: company_active by its spaced ACN, spglobal and ocid', async () => {
  const items = await parseText(
    await readFile(new URL('../../../fixtures/sandbox/gleif.json', import.meta.url)),
  );
  const found = records(items);
  assert.equal(found.length, items.length);
  const active = found.find((r) => r.key === '984500SANDBOX000A136');
  assert.ok(active);
  assert.equal(active.acn, '600110236');
  assert.equal(active.name, 'SANDBOX ACTIVE HOLDINGS PTY LTD');
  assert.deepEqual(
    [active.data.registered_as, active.data.spglobal, active.data.ocid],
    ['600 110 236', ['1234567'], 'au/600110236'],
  );
  assert.ok(found.some((r) => r.data.legal_address_country !== 'AU' && r.abn === null && r.acn === null));
});
