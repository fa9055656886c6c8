import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import yauzl from 'yauzl';
import { makeZip } from '../../test/helpers/zip.ts';
import { readSheet, streamsInOrder } from './read-sheet.ts';
import { readableOf, xlsxBuffer } from './test-support.ts';

/** The parts of a zip, in their order, uncompressed. */
async function partsOf(zip: Buffer): Promise<Array<{ name: string; content: Buffer }>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z))),
  );
  const parts: Array<{ name: string; content: Buffer }> = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        parts.push({ name: entry.fileName, content: Buffer.concat(chunks) });
        file.readEntry();
      });
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return parts;
}

const rowsOf = async (zip: Buffer, sheet: string) => {
  const out: Array<{ line: number; cells: unknown[] }> = [];
  for await (const row of readSheet(readableOf(zip), { fileName: 'book.xlsx', sheet })) out.push(row);
  return out;
};

describe('readSheet', () => {
  const rows = [
    ['Reference', 'Name'],
    ['1', 'FIRST PARTY'],
    ['2', 'SECOND PARTY'],
  ];
  const expected = [
    { line: 1, cells: ['Reference', 'Name'] },
    { line: 2, cells: ['1', 'FIRST PARTY'] },
    { line: 3, cells: ['2', 'SECOND PARTY'] },
  ];
  const isSheet = (name: string) => name.startsWith('xl/worksheets/');
  const isBook = (name: string) => name === 'xl/workbook.xml';

  test('reads the named sheet whatever the order of the parts in the zip', async () => {
    const book = await xlsxBuffer({ Notes: [['not this one']], 'Consolidated List': rows });
    // Directory entries left out: the streaming reader's unzip stops at an empty stored entry.
    const parts = (await partsOf(book)).filter((p) => !p.name.endsWith('/'));
    const orders = {
      'as written': parts,
      'sheets first': [...parts.filter((p) => isSheet(p.name)), ...parts.filter((p) => !isSheet(p.name))],
      // Shared strings and relationships first, then the sheets, the workbook part last: the order
      // that makes the streaming reader fail.
      'workbook part last': [
        ...parts.filter((p) => !isSheet(p.name) && !isBook(p.name)),
        ...parts.filter((p) => isSheet(p.name)),
        ...parts.filter((p) => isBook(p.name)),
      ],
    };
    for (const [order, list] of Object.entries(orders))
      assert.deepEqual(await rowsOf(makeZip(list), 'consolidated list'), expected, order);
  });

  test('streams the orders the streaming reader reads, and only those', () => {
    const sheet = 'xl/worksheets/sheet1.xml';
    const strings = 'xl/sharedStrings.xml';
    const rels = 'xl/_rels/workbook.xml.rels';
    const styles = 'xl/styles.xml';
    const book = 'xl/workbook.xml';
    // Excel's order, and exceljs's (a sheet met before the shared strings waits until the end).
    assert.equal(streamsInOrder([book, rels, sheet, styles, strings]), true);
    assert.equal(streamsInOrder([rels, sheet, strings, styles, book]), true);
    assert.equal(streamsInOrder([book, rels, strings, styles, sheet]), true);
    // A sheet read as it is met, before the sheet names or before the date formats.
    assert.equal(streamsInOrder([rels, strings, styles, sheet, book]), false);
    assert.equal(streamsInOrder([book, rels, strings, sheet, styles]), false);
    assert.equal(streamsInOrder([book, rels, strings, styles, sheet, 'xl/worksheets/sheet2.xml']), true);
    assert.equal(streamsInOrder([rels, strings, sheet]), false, 'no workbook part');
    // A sheet before the relationships: the reader sometimes gave one row of empty cells.
    assert.equal(streamsInOrder([sheet, book, rels, strings, styles]), false);
  });

  test('still refuses a zip that is no workbook', async () => {
    await assert.rejects(
      rowsOf(makeZip([{ name: 'xl/worksheets/sheet1.xml', content: '<worksheet' }]), 'x'),
      /book\.xlsx: not a readable XLSX workbook/,
    );
  });
});
