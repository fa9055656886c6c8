import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { readTable } from './tabular.ts';

describe('readTable', () => {
  it('lets a reader stop early while the parser is full, and closes the file', async () => {
    // Far more rows than the parser buffers, so that its feed waits for room when the reader stops.
    const input = Readable.from(
      (async function* () {
        yield 'abn,name\n';
        for (let i = 0; i < 200_000; i++) yield `${i},COMPANY NUMBER ${i} PTY LTD\n`;
      })(),
    );
    const closed = new Promise((resolve) => input.on('close', () => resolve('closed')));
    const rows = readTable(input, { fileName: 'roll.csv', required: ['abn', 'name'] });
    const first = await rows.next();
    assert.equal(first.value?.kind, 'row');
    const stopped = await Promise.race([
      rows.return(undefined).then(() => 'stopped'),
      new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting')),
    ]);
    assert.equal(stopped, 'stopped');
    assert.equal(
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000, 'open'))]),
      'closed',
      'the rest of the file is not read',
    );
  });
});
