import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { parseStream, readableOf } from '../test-support.ts';
import { FormatError, type SourceRecord } from '../types.ts';
import { adapter } from './parse.ts';

const HEADER =
  'REGISTER_NAME,BD_PER_NAME,BD_PER_TYPE,BD_PER_DOC_NUM,BD_PER_START_DT,BD_PER_END_DT,BD_PER_ADD_LOCAL,BD_PER_ADD_STATE,BD_PER_ADD_PCODE,BD_PER_ADD_COUNTRY,BD_PER_COMMENTS';

const collect = (input: Readable, fileName = 'bd_per.csv') => parseStream(adapter, input, fileName);

const person = (key: string, name: string, data: Record<string, unknown>): SourceRecord => ({
  key,
  abn: null,
  acn: null,
  name,
  names: [],
  status: data.ban_type as string,
  asOf: data.start_date as string,
  data,
});

describe('asic-banned-persons adapter', () => {
  test('reads the real quoted CSV rows (docs/registers.md §7.1), a blank end date being open-ended', async () => {
    const file = [
      HEADER,
      '"Banned and Disqualified Persons","ABBOTT, BILL","Banned Securities","#004289112","29/03/1994","29/03/1999","TEMPLESTOWE LOWER","VIC","3107","AUSTRALIA","No comment made"',
      '"Banned and Disqualified Persons","AITKEN, WARREN JOHN","Banned Securities","#014859572","28/03/2001","","MAWSON","ACT","2607","AUSTRALIA","No comment made"',
      '',
    ].join('\n');
    assert.deepEqual(await collect(readableOf(file)), [
      {
        kind: 'record',
        line: 2,
        record: person('#004289112', 'ABBOTT, BILL', {
          ban_type: 'Banned Securities',
          start_date: '1994-03-29',
          end_date: '1999-03-29',
          locality: 'TEMPLESTOWE LOWER',
          state: 'VIC',
          postcode: '3107',
          country: 'AUSTRALIA',
          comments: 'No comment made',
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: person('#014859572', 'AITKEN, WARREN JOHN', {
          ban_type: 'Banned Securities',
          start_date: '2001-03-28',
          end_date: null,
          locality: 'MAWSON',
          state: 'ACT',
          postcode: '2607',
          country: 'AUSTRALIA',
          comments: 'No comment made',
        }),
      },
    ]);
  });

  test('BOM, CRLF, a cp1252 byte, quoted commas, no document number, a short row and a blank name', async () => {
    const file = Buffer.concat([
      Buffer.from(`\ufeff${HEADER}\r\n`),
      Buffer.from('"Banned and Disqualified Persons","O'),
      Buffer.from([0x92]),
      // The whole line is cp1252, so its no-break space is the single byte 0xA0.
      Buffer.from('SHEA,  ZOE'),
      Buffer.from([0xa0]),
      Buffer.from(
        '","Disq. Director","#990200011","01/02/2026","01/02/2031","ST KILDA","VIC","3182","AUSTRALIA","Disqualified, s206F"\r\n',
      ),
      Buffer.from(
        '"Banned and Disqualified Persons","RIVERS, DANA","Credit Banned & Disqualified","","05/06/2022","","","","","",""\r\n',
      ),
      Buffer.from(
        '"Banned and Disqualified Persons","SHORT, ROW","Banned Futures","#990200039","01/01/2020"\r\n',
      ),
      Buffer.from(
        '"Banned and Disqualified Persons","  ","Banned Futures","#990200048","01/01/2020","","","","","",""\r\n',
      ),
      Buffer.from(
        '"Banned and Disqualified Persons","O\'SHEA, ZOE","Banned Securities","#990200011","01/02/2026","","","","","",""\r\n',
      ),
    ]);
    assert.deepEqual(await collect(readableOf(file)), [
      {
        kind: 'record',
        line: 2,
        record: person('#990200011', 'O\u2019SHEA, ZOE', {
          ban_type: 'Disq. Director',
          start_date: '2026-02-01',
          end_date: '2031-02-01',
          locality: 'ST KILDA',
          state: 'VIC',
          postcode: '3182',
          country: 'AUSTRALIA',
          comments: 'Disqualified, s206F',
        }),
      },
      {
        kind: 'record',
        line: 3,
        record: person('RIVERS, DANA|2022-06-05', 'RIVERS, DANA', {
          ban_type: 'Credit Banned & Disqualified',
          start_date: '2022-06-05',
          end_date: null,
          locality: null,
          state: null,
          postcode: null,
          country: null,
          comments: null,
        }),
      },
      { kind: 'rejected', line: 4, reason: '5 fields where the header has 11' },
      { kind: 'rejected', line: 5, reason: 'no BD_PER_NAME' },
      { kind: 'rejected', line: 6, reason: 'same key "#990200011" as line 2' },
    ]);
  });

  test('the TSV twin reads the same', async () => {
    const file = `${HEADER.replaceAll(',', '\t')}\nBanned and Disqualified Persons\tABBOTT, BILL\tBanned Securities\t#004289112\t29/03/1994\t29/03/1999\tTEMPLESTOWE LOWER\tVIC\t3107\tAUSTRALIA\tNo comment made\n`;
    const items = await collect(readableOf(file), 'bd_per.tsv');
    assert.deepEqual(
      items.map((i) => (i.kind === 'record' ? [i.record.key, i.record.name, i.record.data.end_date] : i)),
      [['#004289112', 'ABBOTT, BILL', '1999-03-29']],
    );
  });

  test('a header that is not the banned persons layout is a FormatError', async () => {
    const orgs = 'REGISTER_NAME\tBD_ORG_NAME\tBD_ORG_ACN\tBD_ORG_TYPE\tBD_ORG_START_DT\tBD_ORG_END_DT\n';
    await assert.rejects(collect(readableOf(orgs)), (e: unknown) => {
      assert.ok(e instanceof FormatError);
      assert.match(e.message, /missing "BD_PER_NAME"/);
      return true;
    });
  });

  test('diff is empty; the ingest raises banned_match from name matches', () => {
    const record = person('#004289112', 'ABBOTT, BILL', { ban_type: 'Banned Securities', start_date: null });
    assert.deepEqual(adapter.diff(null, record), []);
    assert.equal(adapter.nameMatchEvent, 'banned_match');
  });

  test('sandbox: three synthetic people', async () => {
    const items = await collect(
      createReadStream(new URL('../../../fixtures/sandbox/asic-banned-persons.csv', import.meta.url)),
    );
    assert.deepEqual(
      items.map((i) => (i.kind === 'record' ? [i.record.key, i.record.name, i.record.data.end_date] : i)),
      [
        ['#990100012', 'SANDBROOK, TAYLOR JAMIE', '2024-03-15'],
        ['#990100021', 'DUNEWOOD, CASEY', null],
        ['#990100030', 'MARSH-SANDS, ROBIN LEE', '2030-11-11'],
      ],
    );
  });
});
