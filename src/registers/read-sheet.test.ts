import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import yauzl from 'yauzl';
import { makeZip } from '../../test/helpers/zip.ts';
import { readSheet } from './read-sheet.ts';
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
  test('reads a workbook whose sheets come before its workbook part in the zip, in either order', async () => {
    const book = await xlsxBuffer({
      Notes: [['not this one']],
      'Consolidated List': [
        ['Reference', 'Name'],
        ['1', 'FIRST PARTY'],
        ['2', 'SECOND PARTY'],
      ],
    });
    const parts = await partsOf(book);
    const isSheet = (name: string) => name.startsWith('xl/worksheets/');
    const sheetsFirst = makeZip([
      ...parts.filter((p) => isSheet(p.name)),
      ...parts.filter((p) => !isSheet(p.name)),
    ]);
    assert.ok((await partsOf(sheetsFirst))[0]?.name.startsWith('xl/worksheets/'));
    // Shared strings and relationships first, then the sheets, the workbook part last.
    const isBook = (name: string) => name === 'xl/workbook.xml';
    const bookLast = makeZip([
      ...parts.filter((p) => !isSheet(p.name) && !isBook(p.name)),
      ...parts.filter((p) => isSheet(p.name)),
      ...parts.filter((p) => isBook(p.name)),
    ]);
    const expected = [
      { line: 1, cells: ['Reference', 'Name'] },
      { line: 2, cells: ['1', 'FIRST PARTY'] },
      { line: 3, cells: ['2', 'SECOND PARTY'] },
    ];
    assert.deepEqual(await rowsOf(sheetsFirst, 'consolidated list'), expected);
    assert.deepEqual(await rowsOf(bookLast, 'consolidated list'), expected);
    assert.deepEqual(await rowsOf(book, 'consolidated list'), expected);
  });

  test('still refuses a zip that is no workbook', async () => {
    await assert.rejects(
      rowsOf(makeZip([{ name: 'xl/worksheets/sheet1.xml', content: '<worksheet' }]), 'x'),
      /book\.xlsx: not a readable XLSX workbook/,
    );
  });
});
