import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRecords, parseStream, readableOf } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'ABN,Charity_Legal_Name,Other_Organisation_Names,Address_Type,Address_Line_1,Address_Line_2,Address_Line_3,Town_City,State,Postcode,Country,Charity_Website,Registration_Date,Date_Organisation_Established,Charity_Size,Number_of_Responsible_Persons,Financial_Year_End,Operates_in_ACT,Operates_in_NSW,Operates_in_NT,Operates_in_QLD,Operates_in_SA,Operates_in_TAS,Operates_in_VIC,Operates_in_WA,Operating_Countries,PBI,HPC,Preventing_or_relieving_suffering_of_animals,Advancing_Culture,Advancing_Education,Advancing_Health,Promote_or_oppose_a_change_to_law__government_poll_or_prac,Advancing_natual_environment,Promoting_or_protecting_human_rights,Purposes_beneficial_to_ther_general_public_and_other_analogous,Promoting_reconciliation__mutual_respect_and_tolerance,Advancing_Religion,Advancing_social_or_public_welfare,Advancing_security_or_safety_of_Australia_or_Australian_public,Aboriginal_or_TSI,Adults,Aged_Persons,Children,Communities_Overseas,Early_Childhood,Ethnic_Groups,Families,Females,Financially_Disadvantaged,LGBTIQA+,General_Community_in_Australia,Males,Migrants_Refugees_or_Asylum_Seekers,Other_Beneficiaries,Other_Charities,People_at_risk_of_homelessness,People_with_Chronic_Illness,People_with_Disabilities,Pre_Post_Release_Offenders,Rural_Regional_Remote_Communities,Unemployed_Person,Veterans_or_their_families,Victims_of_crime,Victims_of_Disasters,Youth,animals,environment,other_gender_identities';
const HEADER_2019 =
  'ABN,CABN,Charity_Legal_Name,Other_Organisation_Names,Operating_Countries,Address_Type,Address_Line_1,Address_Line_2,Address_Line_3,Town_City,State,Postcode,Country,Charity_Website,Registration_Date,Date_Organisation_Established,Charity_Size,Number_of_Responsible_Persons,Financial_Year_End,Operates_in_ACT,Operates_in_NSW,Operates_in_NT,Operates_in_QLD,Operates_in_SA,Operates_in_TAS,Operates_in_VIC,Operates_in_WA,PBI,HPC,Preventing_or_relieving_suffering_of_animals,Advancing_Culture,Advancing_Education,Advancing_Health,Promote_or_oppose_a_change_to_law__government_poll_or_prac,Advancing_natual_environment,Promoting_or_protecting_human_rights,Purposes_beneficial_to_ther_general_public_and_other_analogous,Promoting_reconciliation__mutual_respect_and_tolerance,Advancing_Religion,Advancing_social_or_public_welfare,Advancing_security_or_safety_of_Australia_or_Australian_public,Another_purpose_beneficial_to_the_community,Aboriginal_or_TSI,Aged_Persons,Children,Communities_Overseas,Ethnic_Groups,Gay_Lesbian_Bisexual,General_Community_in_Australia,Men,Migrants_Refugees_or_Asylum_Seekers,Pre_Post_Release_Offenders,People_with_Chronic_Illness,People_with_Disabilities,People_at_risk_of_homelessness,Unemployed_Person,Veterans_or_their_families,Victims_of_crime,Victims_of_Disasters,Women,Youth';

/** The real rows of docs/registers.md §5 give their first `shown` fields; the abbreviated flags are blank here. */
const pad = (prefix: string, shown: number, total = 69) => `${prefix}${','.repeat(total - shown)}`;

const parse = (...parts: (string | Buffer)[]) =>
  parseStream(adapter, readableOf(...parts), 'datadotgov_main.csv');

function charity(
  abn: string,
  name: string,
  data: Record<string, unknown>,
  names: SourceRecord['names'] = [],
) {
  return {
    key: abn,
    abn,
    acn: null,
    name,
    names,
    status: 'Registered',
    asOf: null,
    data: {
      legal_name: name,
      other_names: null,
      registration_date: null,
      established_date: null,
      charity_size: null,
      responsible_persons: null,
      financial_year_end: null,
      state: null,
      postcode: null,
      town: null,
      operates_in: [],
      operating_countries: [],
      subtypes: { pbi: false, hpc: false },
      purposes: [],
      beneficiaries: [],
      ...data,
    },
  };
}

describe('acnc parse', () => {
  it('reads the real rows: Arabic other names in a quoted field, a quoted country list, with a BOM', async () => {
    const items = await parse(
      '\ufeff',
      `${HEADER}\n`,
      `${pad("69357421621,Caboolture Men's Shed Incorporated,,Business,36 Devine Ct,,,Morayfield,QLD,4506,Australia,https://www.caboolturemensshed.com.au/,01/07/2023,14/06/2017,Small,2,30-Jun,,,,Y,,,,,AUS,,,,,,Y", 32)}\n`,
      `${pad('63247433977,HOPE ARABIC CHURCH INCORPORATED,"Hope Arabic Church - South Australia, كنيسة الرجاء العربية - جنوب أستراليا",Business,614 Burbridge Rd,,,West Beach,SA,5024,Australia,www.hopearabicchurch.com,18/06/2024,18/06/2024,Small,5,30-Jun,,,,,Y,,,,AUS', 26)}\n`,
      `${pad('48468456143,John Lister Foundation,,Business,12 Frances Ave,,,Kalinga,QLD,4030,Australia,,14/05/2024,13/05/2024,Small,2,30-Jun,,,,,,,,,"AUS, KHM, PNG"', 26)}\n`,
    );
    const arabic = 'Hope Arabic Church - South Australia, كنيسة الرجاء العربية - جنوب أستراليا';
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: charity('69357421621', "Caboolture Men's Shed Incorporated", {
          registration_date: '2023-07-01',
          established_date: '2017-06-14',
          charity_size: 'Small',
          responsible_persons: 2,
          financial_year_end: '30-Jun',
          state: 'QLD',
          postcode: '4506',
          town: 'Morayfield',
          operates_in: ['QLD'],
          operating_countries: ['AUS'],
          purposes: ['Advancing_Health'],
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: charity(
          '63247433977',
          'HOPE ARABIC CHURCH INCORPORATED',
          {
            other_names: arabic,
            registration_date: '2024-06-18',
            established_date: '2024-06-18',
            charity_size: 'Small',
            responsible_persons: 5,
            financial_year_end: '30-Jun',
            state: 'SA',
            postcode: '5024',
            town: 'West Beach',
            operates_in: ['SA'],
            operating_countries: ['AUS'],
          },
          [{ name: arabic, type: 'other' }],
        ),
      },
      {
        kind: 'record',
        line: 4,
        record: charity('48468456143', 'John Lister Foundation', {
          registration_date: '2024-05-14',
          established_date: '2024-05-13',
          charity_size: 'Small',
          responsible_persons: 2,
          financial_year_end: '30-Jun',
          state: 'QLD',
          postcode: '4030',
          town: 'Kalinga',
          operating_countries: ['AUS', 'KHM', 'PNG'],
          operates_in: [],
        }),
      },
    ]);
  });

  it('reads subtypes, purposes, beneficiaries and the late columns; a new charity with no address or size', async () => {
    const flags = Array.from({ length: 69 - 17 }, () => '');
    const set = (name: string) => {
      flags[HEADER.split(',').indexOf(name) - 17] = 'Y';
    };
    for (const name of [
      'Operates_in_NSW',
      'Operates_in_WA',
      'PBI',
      'HPC',
      'Advancing_Education',
      'Children',
      'animals',
    ])
      set(name);
    const items = await parse(
      `${HEADER}\r\n`,
      `42600870040,New Charity Ltd,,,,,,,,,,,02/06/2026,,,,,${flags.join(',')}\r\n`,
    );
    assert.deepEqual(
      items.map((i) => (i.kind === 'record' ? i.record : i)),
      [
        charity('42600870040', 'New Charity Ltd', {
          registration_date: '2026-06-02',
          operates_in: ['NSW', 'WA'],
          subtypes: { pbi: true, hpc: true },
          purposes: ['Advancing_Education'],
          beneficiaries: ['Children', 'animals'],
        }),
      ],
    );
  });

  it('reads the 2019 layout by header name (CABN, Another_purpose…, Women)', async () => {
    const header = HEADER_2019.split(',');
    const fields = header.map(
      (h) =>
        ({
          ABN: '40600870031',
          CABN: '',
          Charity_Legal_Name: 'Old Layout Society Inc',
          Operating_Countries: 'AUS, NZL',
          Charity_Size: 'Large',
          Number_of_Responsible_Persons: '11',
          Operates_in_TAS: 'Y',
          Another_purpose_beneficial_to_the_community: 'Y',
          Women: 'Y',
        })[h] ?? '',
    );
    const items = await parse(
      `${HEADER_2019}\n`,
      `${fields.map((f) => (f.includes(',') ? `"${f}"` : f)).join(',')}\n`,
    );
    assert.deepEqual(
      items.map((i) => (i.kind === 'record' ? i.record : i)),
      [
        charity('40600870031', 'Old Layout Society Inc', {
          charity_size: 'Large',
          responsible_persons: 11,
          operates_in: ['TAS'],
          operating_countries: ['AUS', 'NZL'],
          purposes: ['Another_purpose_beneficial_to_the_community'],
          beneficiaries: ['Women'],
        }),
      ],
    );
  });

  it('rejects a bad ABN, a missing name and a row with the wrong column count', async () => {
    const items = await parse(
      `${HEADER}\n`,
      `${pad('12345678901,Bad ABN Charity', 2)}\n`,
      `${pad('40600870031,', 2)}\n`,
      '40600870031,Too Short\n',
    );
    assert.deepEqual(items, [
      { kind: 'rejected', line: 2, reason: 'ABN "12345678901" fails the check digit' },
      { kind: 'rejected', line: 3, reason: 'ABN 40600870031 has no legal name' },
      { kind: 'rejected', line: 4, reason: '2 fields where the header has 69' },
    ]);
  });

  it('throws FormatError for a file without ABN and Charity_Legal_Name', async () => {
    await assert.rejects(parse('Corporation,ICN,Status\nX,1,Registered\n'), FormatError);
  });
});

describe('acnc diff', () => {
  const before = charity('60600201401', 'SANDBOX COMMUNITY FOUNDATION LIMITED', { charity_size: 'Medium' });
  const entity = { abn: '60600201401', acn: null, name: 'SANDBOX COMMUNITY FOUNDATION LIMITED' };

  it('reports a charity gone from the register', () => {
    assert.deepEqual(adapter.diff(before, null), [
      {
        type: 'charity_status_change',
        entity,
        changes: [{ field: 'charity_status', old: 'Registered', new: null }],
      },
    ]);
  });

  it('reports a size change', () => {
    const after = { ...before, data: { ...before.data, charity_size: 'Large' } };
    assert.deepEqual(adapter.diff(before, after), [
      {
        type: 'charity_status_change',
        entity,
        changes: [{ field: 'charity_size', old: 'Medium', new: 'Large' }],
      },
    ]);
  });

  it('reports nothing for a new charity or an unchanged one (other fields moving)', () => {
    assert.deepEqual(adapter.diff(null, before), []);
    assert.deepEqual(
      adapter.diff(before, { ...before, data: { ...before.data, responsible_persons: 3 } }),
      [],
    );
  });
});

describe('acnc sandbox', () => {
  const load = (path: string) => loadRecords(adapter, path);

  it('loads the sandbox charity, and base → next yields charity_status_change for it', async () => {
    const base = await load('fixtures/sandbox/acnc.csv');
    const next = await load('fixtures/sandbox/next/acnc.csv');
    assert.equal(base.size, 3);
    const foundation = base.get('60600201401');
    assert.equal(foundation?.name, 'SANDBOX COMMUNITY FOUNDATION LIMITED');
    assert.equal(foundation?.data.charity_size, 'Medium');
    assert.equal(foundation?.data.registration_date, '2015-07-01');
    const events = [...base.keys()].flatMap((key) =>
      adapter.diff(base.get(key) ?? null, next.get(key) ?? null),
    );
    assert.deepEqual(
      events.map((e) => `${e.type} ${e.entity.abn}`),
      ['charity_status_change 60600201401'],
    );
  });
});
