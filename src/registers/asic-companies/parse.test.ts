import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  expectedRecord,
  loadRecords,
  parseStream,
  type RecordOverrides,
  readableOf,
  records,
} from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER_15 =
  'Company Name\tACN\tType\tClass\tSub Class\tStatus\tDate of Registration\tDate of Deregistration\tPrevious State of Registration\tState Registration number\tModified since last report\tCurrent Name Indicator\tABN\tCurrent Name\tCurrent Name Start Date';
const HEADER_14 =
  'Company Name\tACN\tType\tClass\tSub Class\tStatus\tDate of Registration\tPrevious State of Registration\tState Registration number\tModified since last report\tCurrent Name Indicator\tABN\tCurrent Name\tCurrent Name Start Date';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const parse = (...parts: (string | Buffer)[]) =>
  parseStream(adapter, readableOf(...parts), 'company_202606.csv');

const company = (over: RecordOverrides): SourceRecord =>
  expectedRecord(over, 'REGD', {
    identifier_kind: 'acn',
    type: 'APTY',
    class: 'LMSH',
    sub_class: 'PROP',
    status: 'REGD',
    registration_date: null,
    deregistration_date: null,
    previous_state: null,
    state_registration_number: null,
    modified_since_last_report: false,
    current_name_start: null,
    former_names: [],
  });

describe('asic-companies parse', () => {
  it('groups the real MONAKA rows (former-name row then current row) and reads CHRISTENSEN, with BOM and CRLF', async () => {
    // docs/registers.md §3.3, verbatim.
    const items = await parse(
      BOM,
      `${HEADER_15}\r\n`,
      'LOVINI HOLDINGS PTY LTD\t000000019\tAPTY\tLMSH\tPROP\tREGD\t08/01/1990\t\tNSW\t46869041\t\t\t89000000019\tMONAKA PTY LTD\t28/01/2016\r\n',
      'MONAKA PTY LTD\t000000019\tAPTY\tLMSH\tPROP\tREGD\t08/01/1990\t\tNSW\t46869041\t\tY\t89000000019\t\t\r\n',
      'CHRISTENSEN & ASSOCIATES PTY LTD\t000000028\tAPTY\tLMSH\tPSTC\tREGD\t15/09/1987\t\tNSW\t40398926\t\tY\t91000000028\t\t\r\n',
    );
    assert.deepEqual(items, [
      {
        kind: 'record',
        line: 2,
        record: company({
          key: '000000019',
          abn: '89000000019',
          acn: '000000019',
          name: 'MONAKA PTY LTD',
          names: [{ name: 'LOVINI HOLDINGS PTY LTD', type: 'former' }],
          data: {
            registration_date: '1990-01-08',
            previous_state: 'NSW',
            state_registration_number: '46869041',
            current_name_start: '2016-01-28',
            former_names: [{ name: 'LOVINI HOLDINGS PTY LTD', ceased: '2016-01-28' }],
          },
        }),
      },
      {
        kind: 'record',
        line: 4,
        record: company({
          key: '000000028',
          abn: '91000000028',
          acn: '000000028',
          name: 'CHRISTENSEN & ASSOCIATES PTY LTD',
          data: {
            sub_class: 'PSTC',
            registration_date: '1987-09-15',
            previous_state: 'NSW',
            state_registration_number: '40398926',
          },
        }),
      },
    ]);
  });

  it('reads the synthetic EXAD, SOFF and DRGD shapes: ABN 0 is null, unknown codes pass through', async () => {
    const items = await parse(
      `${HEADER_15}\n`,
      'EXAMPLE OLD CO PTY LTD\t000001114\tAPTY\tLMSH\tPROP\tDRGD\t01/01/1980\t14/02/2025\tVIC\tC0123456\tY\tY\t0\t\t\n',
      'EXAMPLE MINING NL\t123456780\tAPUB\tNLIA\tLIST\tEXAD\t02/03/1999\t\t\t\tY\tY\t0\t\t\n',
      'EXAMPLE FOREIGN BRANCH\t612345678\tFNOS\tNONE\tPUBF\tSOFF\t11/11/2011\t\t\t\t\tY\t0\t\t\n',
      'EXAMPLE NEW CODE PTY LTD\t000250000\tCCIV\tLMSH\tPROP\tWDUP\t01/07/2024\t\t\t\t\tY\t0\t\t\n',
    );
    assert.deepEqual(records(items), [
      company({
        key: '000001114',
        acn: '000001114',
        name: 'EXAMPLE OLD CO PTY LTD',
        status: 'DRGD',
        data: {
          status: 'DRGD',
          registration_date: '1980-01-01',
          deregistration_date: '2025-02-14',
          previous_state: 'VIC',
          state_registration_number: 'C0123456',
          modified_since_last_report: true,
        },
      }),
      company({
        key: '123456780',
        acn: '123456780',
        name: 'EXAMPLE MINING NL',
        status: 'EXAD',
        data: {
          type: 'APUB',
          class: 'NLIA',
          sub_class: 'LIST',
          status: 'EXAD',
          registration_date: '1999-03-02',
          modified_since_last_report: true,
        },
      }),
      company({
        key: '612345678',
        acn: '612345678',
        name: 'EXAMPLE FOREIGN BRANCH',
        status: 'SOFF',
        data: {
          type: 'FNOS',
          class: 'NONE',
          sub_class: 'PUBF',
          status: 'SOFF',
          registration_date: '2011-11-11',
        },
      }),
      company({
        key: '000250000',
        acn: '000250000',
        name: 'EXAMPLE NEW CODE PTY LTD',
        status: 'WDUP',
        data: { type: 'CCIV', status: 'WDUP', registration_date: '2024-07-01' },
      }),
    ]);
  });

  it('keeps a literal quote (no quoting in the TSV), trims names and folds a no-break space', async () => {
    const items = await parse(
      `${HEADER_15}\n`,
      ' "KOALA" TRADING\u00a0PTY LTD \t000500005\tAPTY\tLMSH\tPROP\tREGD\t01/02/2003\t\t\t\t\tY\t0\t\t\n',
    );
    assert.equal(records(items)[0]?.name, '"KOALA" TRADING PTY LTD');
  });

  it('reads the older 14-column header and a Windows-1252 byte (0xC9) in a name', async () => {
    const items = await parse(
      `${HEADER_14}\n`,
      Buffer.from('CAF'),
      Buffer.from([0xc9]),
      Buffer.from(' ROYALE PTY LTD\t000750005\tAPTY\tLMSH\tPROP\tREGD\t30/06/1995\tQLD\t\t\tY\t0\t\t\n'),
    );
    assert.deepEqual(records(items), [
      company({
        key: '000750005',
        acn: '000750005',
        name: 'CAFÉ ROYALE PTY LTD',
        data: { registration_date: '1995-06-30', previous_state: 'QLD' },
      }),
    ]);
  });

  it('takes a CNCL company with only history rows from Current Name; marks a RACN number as an ARBN', async () => {
    const items = await parse(
      `${HEADER_15}\n`,
      'OLDER NAME ASSOCIATION\t001000004\tASSN\tNONE\tNONE\tCNCL\t04/04/1994\t\t\t\t\t\t0\tNEWER NAME ASSOCIATION\t01/05/2001\n',
      'OLDEST NAME ASSOCIATION\t001000004\tASSN\tNONE\tNONE\tCNCL\t04/04/1994\t\t\t\t\t\t0\tNEWER NAME ASSOCIATION\t01/05/2001\n',
      'EXAMPLE REGISTERED BODY INC\t001250004\tRACN\tNONE\tRACA\tREGD\t09/09/2009\t\t\t\t\tY\t0\t\t\n',
    );
    assert.deepEqual(records(items), [
      company({
        key: '001000004',
        acn: '001000004',
        name: 'NEWER NAME ASSOCIATION',
        status: 'CNCL',
        names: [
          { name: 'OLDER NAME ASSOCIATION', type: 'former' },
          { name: 'OLDEST NAME ASSOCIATION', type: 'former' },
        ],
        data: {
          type: 'ASSN',
          class: 'NONE',
          sub_class: 'NONE',
          status: 'CNCL',
          registration_date: '1994-04-04',
          current_name_start: '2001-05-01',
          // Two former names: which one the current name replaced is not in the file.
          former_names: [
            { name: 'OLDER NAME ASSOCIATION', ceased: null },
            { name: 'OLDEST NAME ASSOCIATION', ceased: null },
          ],
        },
      }),
      company({
        key: '001250004',
        acn: '001250004',
        name: 'EXAMPLE REGISTERED BODY INC',
        data: {
          identifier_kind: 'arbn',
          type: 'RACN',
          class: 'NONE',
          sub_class: 'RACA',
          registration_date: '2009-09-09',
        },
      }),
    ]);
  });

  it('rejects a bad ACN once at its first row, and a short row, and goes on', async () => {
    const items = await parse(
      `${HEADER_15}\n`,
      'BAD FORMER NAME PTY LTD\t123456789\tAPTY\tLMSH\tPROP\tREGD\t01/01/2001\t\t\t\t\t\t0\tBAD NUMBER PTY LTD\t01/01/2010\n',
      'BAD NUMBER PTY LTD\t123456789\tAPTY\tLMSH\tPROP\tREGD\t01/01/2001\t\t\t\t\tY\t0\t\t\n',
      'SHORT ROW PTY LTD\t001500009\tAPTY\n',
      'GOOD PTY LTD\t001749999\tAPTY\tLMSH\tPROP\tREGD\t01/01/2001\t\t\t\t\tY\t0\t\t\n',
    );
    assert.deepEqual(
      items.map((i) =>
        i.kind === 'record' ? `record ${i.line} ${i.record.key}` : `${i.kind} ${'line' in i ? i.line : ''}`,
      ),
      ['rejected 2', 'rejected 4', 'record 5 001749999'],
    );
    assert.match(
      items[0]?.kind === 'rejected' ? items[0].reason : '',
      /ACN "123456789" fails the check digit/,
    );
  });

  it('refuses a file cut off in the middle of its last row, and reads one whose complete last row has no line break', async () => {
    const good = 'GOOD PTY LTD\t001749999\tAPTY\tLMSH\tPROP\tREGD\t01/01/2001\t\t\t\t\tY\t0\t\t';
    // Every company after the cut would otherwise read as gone from the register: false deregistrations.
    await assert.rejects(
      parse(`${HEADER_15}\n`, `${good}\n`, 'CUT OFF PTY LTD\t001500009\tAPTY\tLM'),
      (err) => {
        assert.ok(err instanceof FormatError);
        assert.match(err.message, /company_202606\.csv: the file ends in the middle of a row \(line 3/);
        assert.equal(err.line, 3);
        return true;
      },
    );
    const items = await parse(`${HEADER_15}\n`, 'SHORT ROW PTY LTD\t001500009\tAPTY\n', good);
    assert.deepEqual(
      items.map((i) => `${i.kind} ${'line' in i ? i.line : ''}`),
      ['rejected 2', 'record 3'],
      'a short row that ends its line is rejected as before; a whole last row needs no line break',
    );
  });

  it('throws FormatError for a file that is not the company dataset', async () => {
    await assert.rejects(
      parse(
        'REGISTER_NAME\tBN_NAME\tBN_STATUS\tBN_REG_DT\tBN_CANCEL_DT\tBN_STATE_NUM\tBN_STATE_OF_REG\tBN_ABN\n',
      ),
      FormatError,
    );
  });
});

describe('asic-companies diff', () => {
  const before = company({
    key: '600110236',
    abn: '44600110236',
    acn: '600110236',
    name: 'SANDBOX ACTIVE HOLDINGS PTY LTD',
  });
  const entity = { abn: '44600110236', acn: '600110236', name: 'SANDBOX ACTIVE HOLDINGS PTY LTD' };
  const withStatus = (status: string) => ({ ...before, status, data: { ...before.data, status } });

  it('reports a new current name as name_change', () => {
    assert.deepEqual(adapter.diff(before, { ...before, name: 'SANDBOX ACTIVE GROUP PTY LTD' }), [
      {
        type: 'name_change',
        entity: { ...entity, name: 'SANDBOX ACTIVE GROUP PTY LTD' },
        changes: [
          {
            field: 'entity_name',
            old: 'SANDBOX ACTIVE HOLDINGS PTY LTD',
            new: 'SANDBOX ACTIVE GROUP PTY LTD',
          },
        ],
      },
    ]);
  });

  it('reports REGD → DRGD and EXAD → DRGD as deregistration, but not CNCL → DRGD', () => {
    const expected = (old: string) => [
      { type: 'deregistration', entity, changes: [{ field: 'status', old, new: 'DRGD' }] },
    ];
    assert.deepEqual(adapter.diff(before, withStatus('DRGD')), expected('REGD'));
    assert.deepEqual(adapter.diff(withStatus('EXAD'), withStatus('DRGD')), expected('EXAD'));
    assert.deepEqual(adapter.diff(withStatus('CNCL'), withStatus('DRGD')), []);
  });

  it('reports a live company gone from the snapshot as deregistration, but not one already deregistered', () => {
    assert.deepEqual(adapter.diff(before, null), [
      { type: 'deregistration', entity, changes: [{ field: 'status', old: 'REGD', new: null }] },
    ]);
    assert.deepEqual(adapter.diff(withStatus('DRGD'), null), []);
  });

  it('reports REGD → EXAD as external_administration, and not SOFF', () => {
    assert.deepEqual(adapter.diff(before, withStatus('EXAD')), [
      { type: 'external_administration', entity, changes: [{ field: 'status', old: 'REGD', new: 'EXAD' }] },
    ]);
    assert.deepEqual(adapter.diff(before, withStatus('SOFF')), []);
  });

  it('reports nothing for an unchanged or a new company', () => {
    assert.deepEqual(
      adapter.diff(before, { ...before, data: { ...before.data, modified_since_last_report: true } }),
      [],
    );
    assert.deepEqual(adapter.diff(null, before), []);
  });
});

describe('asic-companies sandbox', () => {
  const load = (path: string) => loadRecords(adapter, path);

  it('loads the sandbox companies, and base → next yields name_change and deregistration', async () => {
    const base = await load('fixtures/sandbox/asic-companies.csv');
    const next = await load('fixtures/sandbox/next/asic-companies.csv');
    assert.equal(base.size, 22);
    assert.deepEqual(base.get('600110236')?.names, [
      { name: 'SANDBOX EARLY HOLDINGS PTY LTD', type: 'former' },
    ]);
    assert.equal(base.get('600343226')?.name, 'SANDBOX HARBOR CAFE PTY LTD');
    assert.equal(base.get('600302707')?.status, 'EXAD');
    assert.equal(base.get('600120367')?.data.deregistration_date, '2025-11-21');
    assert.deepEqual([base.get('600201401')?.data.type, base.get('600201401')?.data.class], ['APUB', 'LMGT']);

    const events = [...base.keys()].flatMap((key) =>
      adapter.diff(base.get(key) ?? null, next.get(key) ?? null),
    );
    assert.deepEqual(
      events.map((e) => `${e.type} ${e.entity.acn}`),
      ['name_change 600110236', 'deregistration 600302707'],
    );
    assert.deepEqual(next.get('600110236')?.names, [
      { name: 'SANDBOX ACTIVE HOLDINGS PTY LTD', type: 'former' },
      { name: 'SANDBOX EARLY HOLDINGS PTY LTD', type: 'former' },
    ]);
  });
});
