import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

// docs/registers.md §8.5, the 71 columns in the published order.
const COLUMNS =
  'REGISTER_NAME ADV_NAME ADV_NUMBER ADV_ROLE ADV_SUB_TYPE ADV_ROLE_STATUS ADV_ABN ADV_FIRST_PROVIDED_ADVICE LICENCE_NAME LICENCE_NUMBER LICENCE_ABN LICENCE_CONTROLLED_BY REP_APPOINTED_BY REP_APPOINTED_NUM REP_APPOINTED_ABN ADV_START_DT ADV_END_DT ADV_DA_START_DT ADV_DA_END_DT ADV_DA_TYPE ADV_DA_DESCRIPTION OVERALL_REGISTRATION_STATUS REGISTRATION_STATUS_UNDER_AFSL REGISTRATION_START_DATE_UNDER_AFSL REGISTRATION_END_DATE_UNDER_AFSL FIN FIN_CARBUNIT FIN_DEPPAY_DPNONBAS FIN_DEPPAY_DPNONCSH FIN_DERIV FIN_DERIV_DERWOOL FIN_DERIV_DERELEC FIN_DERIV_DERGRAIN FIN_FOREXCH FIN_GOVDEB FIN_LIFEPROD_LIFEINV FIN_LIFEPROD_LIFERISK FIN_LIFEPROD_LIFERISK_LIFECONS FIN_MINV_MIEXCLUDEIDPS FIN_MINV_MIINCLUDEIDPS FIN_MINV_MIIDPSONLY FIN_MINV_MIOWN FIN_MINV_MIHORSE FIN_MINV_MITIME FIN_MINV_IMIS FIN_RSA FIN_SECUR FIN_SUPER FIN_SUPER_SMSUPER FIN_SUPER_SUPERHOLD FIN_STDMARGLEND FIN_NONSTDMARGLEND FIN_AUSCARBCRDUNIT FIN_ELIGINTREMSUNIT FIN_MISFIN_MISMDA FIN_MISFIN_MISFINRP FIN_MISFIN_MISFINIP FIN_FHSANONADIDUMMY CLASSES_SECUR CLASSES_SMIS CLASSES_LIFEPROD_LIFERISK CLASSES_SUPER ADV_CPD_FAILURE_YEAR QUALIFICATIONS_AND_TRAINING MEMBERSHIPS FURTHER_RESTRICTIONS ABLE_TO_PROVIDE_TFAS ADV_ADD_LOCAL ADV_ADD_STATE ADV_ADD_PCODE ADV_ADD_COUNTRY'.split(
    ' ',
  );
const HEADER = COLUMNS.join('\t');

/** One TSV line: product flags `N`, the given columns set (values may hold TABs, as the real file's do). */
function row(values: Record<string, string>): string {
  return `${COLUMNS.map((c) => values[c] ?? (/^(FIN|CLASSES)/.test(c) ? 'N' : c === 'REGISTER_NAME' ? 'Financial Adviser' : '')).join('\t')}\r\n`;
}

const LEDGER = {
  ADV_NAME: 'LEDGER, SAM',
  ADV_NUMBER: '990007',
  ADV_ROLE: 'Financial Adviser',
  ADV_SUB_TYPE: 'Authorised Representative',
  ADV_ROLE_STATUS: 'Current',
  ADV_ABN: '55600272366',
  ADV_FIRST_PROVIDED_ADVICE: '2012',
  LICENCE_NAME: 'SANDBOX WEALTH ADVISORY PTY LTD',
  LICENCE_NUMBER: '990001',
  LICENCE_ABN: '53600211532',
  ADV_START_DT: '01/03/2018',
  OVERALL_REGISTRATION_STATUS: 'Registered',
  QUALIFICATIONS_AND_TRAINING: 'Bachelor of Commerce',
  ADV_ADD_LOCAL: 'SYDNEY',
  ADV_ADD_STATE: 'NSW',
  ADV_ADD_PCODE: '2000',
  ADV_ADD_COUNTRY: 'AUSTRALIA',
};

const collect = (input: Readable) => parseStream(adapter, input, 'financial_advisers_202607.csv');
const parse = (...parts: string[]) => collect(readableOf(...parts));

describe('financial-advisers parse', () => {
  it('gathers an adviser’s appointments, current and ceased, even when not adjacent, into one record', async () => {
    const items = await parse(
      `${HEADER}\r\n`,
      row({
        ...LEDGER,
        ADV_ROLE_STATUS: 'Ceased',
        LICENCE_NAME: 'SANDBOX RISK BROKING PTY LTD',
        LICENCE_NUMBER: '990011',
        LICENCE_ABN: '',
        ADV_START_DT: '10/01/2012',
        ADV_END_DT: '28/02/2018',
        ADV_DA_START_DT: '01/02/2018',
        ADV_DA_TYPE: 'Enforceable undertaking',
        ADV_DA_DESCRIPTION: 'Undertook further training',
      }),
      row({
        ADV_NAME: 'NGUYEN, Avery',
        ADV_NUMBER: '990017',
        ADV_ROLE_STATUS: 'Current',
        LICENCE_NUMBER: '990001',
      }),
      row(LEDGER),
    );
    assert.deepEqual(
      items.map((i) => (i.kind === 'record' ? [i.line, i.record.key] : i)),
      [
        [2, '990007'],
        [3, '990017'],
      ],
    );
    const expected: SourceRecord = {
      key: '990007',
      abn: '55600272366',
      acn: null,
      name: 'LEDGER, SAM',
      names: [],
      status: 'Current',
      asOf: null,
      data: {
        adviser_number: '990007',
        role: 'Financial Adviser',
        sub_type: 'Authorised Representative',
        role_status: 'Current',
        registration_status: 'Registered',
        licence_name: 'SANDBOX WEALTH ADVISORY PTY LTD',
        licence_number: '990001',
        licence_abn: '53600211532',
        start_date: '2018-03-01',
        end_date: null,
        first_provided_advice: 2012,
        disciplinary_actions: [
          {
            type: 'Enforceable undertaking',
            description: 'Undertook further training',
            start_date: '2018-02-01',
            end_date: null,
          },
        ],
        qualifications: 'Bachelor of Commerce',
        memberships: null,
        locality: 'SYDNEY',
        state: 'NSW',
        postcode: '2000',
        country: 'AUSTRALIA',
        appointments: [
          {
            licence_number: '990011',
            licence_name: 'SANDBOX RISK BROKING PTY LTD',
            role: 'Financial Adviser',
            sub_type: 'Authorised Representative',
            status: 'Ceased',
            start_date: '2012-01-10',
            end_date: '2018-02-28',
          },
          {
            licence_number: '990001',
            licence_name: 'SANDBOX WEALTH ADVISORY PTY LTD',
            role: 'Financial Adviser',
            sub_type: 'Authorised Representative',
            status: 'Current',
            start_date: '2018-03-01',
            end_date: null,
          },
        ],
      },
    };
    assert.deepEqual(records(items)[0], expected);
  });

  it('re-aligns rows with TABs embedded in the controlling-entity chain, the name and the qualifications', async () => {
    const items = await parse(
      `${HEADER}\n`,
      row({
        ...LEDGER,
        LICENCE_CONTROLLED_BY: 'SANDBOX WEALTH ADVISORY PTY LTD\t[Date Ceased: 30/06/2020] OLD PTY LTD',
      }),
      row({
        ...LEDGER,
        ADV_NUMBER: '990027',
        ADV_NAME: 'FARTHING,\tJo',
        QUALIFICATIONS_AND_TRAINING: 'BCom\tCFP\tSMSF',
      }),
    );
    const [ledger, farthing] = records(items);
    assert.equal(items.length, 2);
    assert.deepEqual(
      [ledger?.key, ledger?.abn, ledger?.data.licence_number, ledger?.data.start_date, ledger?.data.postcode],
      ['990007', '55600272366', '990001', '2018-03-01', '2000'],
    );
    assert.deepEqual(
      [farthing?.key, farthing?.name, farthing?.data.qualifications, farthing?.data.first_provided_advice],
      ['990027', 'FARTHING, Jo', 'BCom CFP SMSF', 2012],
    );
  });

  it('places a TAB in the memberships or the restrictions, and does not guess where it cannot tell', async () => {
    const items = await parse(
      `${HEADER}\n`,
      row({ ...LEDGER, ADV_NUMBER: '990101', QUALIFICATIONS_AND_TRAINING: '', MEMBERSHIPS: 'FPA\tAFA' }),
      row({ ...LEDGER, ADV_NUMBER: '990102', MEMBERSHIPS: '', FURTHER_RESTRICTIONS: 'Must not\tadvise' }),
      row({
        ...LEDGER,
        ADV_NUMBER: '990103',
        QUALIFICATIONS_AND_TRAINING: 'BCom',
        MEMBERSHIPS: 'FAAA\tSMSF Association',
      }),
    );
    const byKey = new Map(records(items).map((r) => [r.key, r.data]));
    assert.deepEqual(
      [byKey.get('990101')?.qualifications, byKey.get('990101')?.memberships],
      [null, 'FPA AFA'],
    );
    assert.deepEqual(
      [byKey.get('990102')?.qualifications, byKey.get('990102')?.memberships],
      ['Bachelor of Commerce', null],
      'the restriction is not taken for a membership',
    );
    // "BCom<TAB>FAAA" + "SMSF Association", or "BCom" + "FAAA<TAB>SMSF Association": both read right.
    const unsure = byKey.get('990103');
    assert.deepEqual([unsure?.qualifications, unsure?.memberships], [null, null]);
    assert.deepEqual(unsure?.free_text_unaligned, {
      columns: ['QUALIFICATIONS_AND_TRAINING', 'MEMBERSHIPS'],
      text: 'BCom FAAA SMSF Association',
    });
    assert.equal(byKey.get('990101')?.free_text_unaligned, undefined, 'only where it could not be told');
  });

  it('rejects a row whose surplus field is not in a free-text column, and a short row', async () => {
    const items = await parse(
      `${HEADER}\n`,
      row({ ...LEDGER, FIN_SECUR: 'Y\tY' }),
      'Financial Adviser\tLEDGER, SAM\t990007\n',
    );
    assert.deepEqual(items, [
      {
        kind: 'rejected',
        line: 2,
        reason: '72 fields where the header has 71, and the embedded TABs cannot be re-aligned',
      },
      { kind: 'rejected', line: 3, reason: '3 fields where the header has 71' },
    ]);
  });

  it('a file without ADV_NUMBER is a FormatError', async () => {
    await assert.rejects(parse(HEADER.replace('ADV_NUMBER', 'ADV_NO'), '\n'), FormatError);
  });
});

describe('financial-advisers diff', () => {
  const base: SourceRecord = {
    key: '990007',
    abn: '55600272366',
    acn: null,
    name: 'LEDGER, SAM',
    names: [],
    status: 'Current',
    asOf: null,
    data: {
      adviser_number: '990007',
      role_status: 'Current',
      registration_status: 'Registered',
      disciplinary_actions: [],
    },
  };
  const entity = { abn: '55600272366', acn: null, name: 'LEDGER, SAM' };
  const action = {
    type: 'AFS banning',
    description: 'Banned for 3 years',
    start_date: '2026-03-02',
    end_date: null,
  };

  it('a status change, a new disciplinary action, appearing and going are registration changes', () => {
    const ceased = { ...base, status: 'Ceased', data: { ...base.data, role_status: 'Ceased' } };
    assert.deepEqual(adapter.diff(base, ceased), [
      {
        type: 'professional_registration_change',
        entity,
        changes: [{ field: 'role_status', old: 'Current', new: 'Ceased' }],
      },
    ]);
    const banned = { ...base, data: { ...base.data, disciplinary_actions: [action] } };
    assert.deepEqual(adapter.diff(base, banned), [
      {
        type: 'professional_registration_change',
        entity,
        changes: [{ field: 'disciplinary_actions', old: [], new: [action] }],
      },
    ]);
    assert.deepEqual(adapter.diff(null, base)[0]?.changes, [
      { field: 'adviser_number', old: null, new: '990007' },
      { field: 'role_status', old: null, new: 'Current' },
      { field: 'registration_status', old: null, new: 'Registered' },
    ]);
    assert.equal(adapter.diff(base, null)[0]?.changes[1]?.old, 'Current');
  });

  it('no change, or an action dropping off, is no event', () => {
    assert.deepEqual(adapter.diff(base, { ...base }), []);
    const banned = { ...base, data: { ...base.data, disciplinary_actions: [action] } };
    assert.deepEqual(adapter.diff(banned, base), []);
  });
});

describe('financial-advisers sandbox file', () => {
  it('holds LEDGER, SAM (990007, Current) and re-aligns every row', async () => {
    const items = await collect(createReadStream('fixtures/sandbox/financial-advisers.csv'));
    assert.ok(items.every((i) => i.kind === 'record'));
    const ledger = records(items).find((r) => r.key === '990007');
    assert.deepEqual([ledger?.name, ledger?.abn, ledger?.status], ['LEDGER, SAM', '55600272366', 'Current']);
  });
});
