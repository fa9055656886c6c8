import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CopyText } from './copy-text.ts';

describe('CopyText', () => {
  it('gathers rows as UTF-8, in order, across buffers, rows longer than a buffer included', () => {
    const text = new CopyText(64);
    const rows = [
      'ACME PTY LTD\t1\n',
      'ООО «Ромашка»\t2\n',
      'شركة النور\t3\n',
      `${'X'.repeat(200)}\t4\n`,
      '😀 ЁЛКА\t5\n',
      ...Array.from({ length: 50 }, (_, i) => `row ${i} ÄÖÜ\t${i}\n`),
    ];
    for (const row of rows.slice(0, 20)) text.add(row);
    const first = text.take();
    assert.ok(first.length > 1, 'spread over more than one buffer');
    assert.equal(text.bytes, 0);
    for (const row of rows.slice(20)) text.add(row);
    assert.equal(text.bytes, Buffer.byteLength(rows.slice(20).join('')));
    const second = text.take();
    assert.equal(Buffer.concat([...first, ...second]).toString('utf8'), rows.join(''));
    assert.deepEqual(text.take(), []);
  });

  it('leaves what was taken as it was while more is gathered', () => {
    const text = new CopyText(1024);
    text.add('first\n');
    const [taken] = text.take();
    text.add('second\n');
    text.add('third\n');
    assert.equal(taken?.toString(), 'first\n');
    assert.equal(Buffer.concat(text.take()).toString(), 'second\nthird\n');
  });
});
