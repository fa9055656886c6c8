import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseStream, readableOf, records } from '../test-support.ts';
import { FormatError } from '../types.ts';
import { adapter } from './parse.ts';

const parse = (text: string, fileName = 'lei-qcc.csv') => parseStream(adapter, readableOf(text), fileName);

describe('gleif-mappings', () => {
  it('reads an LEI-to-identifier file, naming the kind from the header', async () => {
    const items = await parse(
      '\ufeffLEI,QCC\r\n984500SANDBOX000A136,QCC123456\r\n529900T8BM49AURSDO55,"QCC,99"\r\n',
    );
    assert.deepEqual(records(items), [
      {
        key: '984500SANDBOX000A136|qcc|QCC123456',
        abn: null,
        acn: null,
        name: '984500SANDBOX000A136',
        names: [],
        status: null,
        asOf: null,
        data: { lei: '984500SANDBOX000A136', kind: 'qcc', id: 'QCC123456' },
      },
      {
        key: '529900T8BM49AURSDO55|qcc|QCC,99',
        abn: null,
        acn: null,
        name: '529900T8BM49AURSDO55',
        names: [],
        status: null,
        asOf: null,
        data: { lei: '529900T8BM49AURSDO55', kind: 'qcc', id: 'QCC,99' },
      },
    ]);
  });

  it('knows OpenCorporates and S&P Global headers', async () => {
    const oc = records(await parse('LEI,OCID\n984500SANDBOX000A136,au/600110236\n', 'lei-ocid.csv'));
    assert.equal(oc[0]?.data.kind, 'opencorporates');
    const sp = records(
      await parse('LEI,SPGlobal Company ID\n984500SANDBOX000A136,1234567\n', 'lei-spglobal.csv'),
    );
    assert.equal(sp[0]?.data.kind, 'spglobal');
  });

  it('rejects rows without a valid LEI or an identifier, with their lines', async () => {
    const items = await parse('LEI,QCC\nnot-an-lei,Q1\n984500SANDBOX000A136,\n984500SANDBOX000A163,Q2\n');
    assert.deepEqual(
      items.map((i) => (i.kind === 'rejected' ? [i.line, i.reason] : i.kind)),
      [
        [2, '"NOT-AN-LEI" is not an LEI: 20 letters and digits, the last two check digits (ISO 17442)'],
        [3, 'no qcc identifier for 984500SANDBOX000A136'],
        [4, 'LEI 984500SANDBOX000A163 fails its check digits (ISO 17442, MOD 97-10)'],
      ],
    );
  });

  it('refuses a file with no identifier column it knows', async () => {
    await assert.rejects(
      parse('LEI,Colour\nX,Y\n'),
      (e: unknown) =>
        e instanceof FormatError && /no identifier column next to LEI \(found: Colour\)/.test(e.message),
    );
    await assert.rejects(parse('Name,QCC\nX,Y\n'), /missing "LEI"/);
  });
});
