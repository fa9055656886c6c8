import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { type InputFile, ingest } from '../src/ingest/ingest.ts';
import { col, readTable } from '../src/registers/tabular.ts';
import type { ParseItem, RegisterAdapter } from '../src/registers/types.ts';
import { eventsOfIngest } from '../src/store/change-events.ts';
import type { Db } from '../src/store/db.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

// Entities with ABNs and their names (abn,name), and a list matched by name (ref,name,type), in the
// shapes of the operator-loaded registers and the DFAT list.
const entities: RegisterAdapter = {
  dataset: 'austrac',
  title: 'Test roll',
  source: 'austrac',
  async *parse(input, { fileName }): AsyncGenerator<ParseItem> {
    for await (const item of readTable(input, { fileName, required: ['abn', 'name'] })) {
      if (item.kind === 'rejected') continue;
      const abn = col(item.row, 'abn');
      yield {
        kind: 'record',
        line: item.line,
        record: {
          key: abn,
          abn,
          acn: null,
          name: col(item.row, 'name'),
          names: [],
          status: 'x',
          asOf: null,
          data: {},
        },
      };
    }
  },
  diff: () => [],
};
const list: RegisterAdapter = {
  ...entities,
  dataset: 'dfat',
  title: 'Test list',
  source: 'dfat',
  nameMatchEvent: 'sanctions_match',
  async *parse(input, { fileName }): AsyncGenerator<ParseItem> {
    for await (const item of readTable(input, { fileName, required: ['ref', 'name', 'type'] })) {
      if (item.kind === 'rejected') continue;
      yield {
        kind: 'record',
        line: item.line,
        record: {
          key: col(item.row, 'ref'),
          abn: null,
          acn: null,
          name: col(item.row, 'name'),
          names: [],
          status: 'listed',
          asOf: null,
          data: { type: col(item.row, 'type') },
        },
      };
    }
  },
};
const file = (name: string, content: string): InputFile => ({
  name,
  open: async () => Readable.from([Buffer.from(content)]),
});

describe(`list events raised by the screening matcher (${testEngine()})`, () => {
  let settings: TestStoreSettings;
  let db: Db;
  before(async () => {
    settings = await testStoreSettings();
    db = await openDb(settings);
  });
  after(async () => {
    await db.close();
    await settings.cleanup();
  });
  const ctx = () => ({ store: createStore(db), clock: () => new Date() });
  const load = (adapter: RegisterAdapter, name: string, content: string) =>
    ingest({ ctx: ctx(), input: { adapter, files: [file(name, content)], partition: 'live' } });

  it('a newly listed spelling variant of an entity’s name raises the event; a look-alike does not', async () => {
    await load(
      entities,
      'roll.csv',
      'abn,name\n51824753556,QUILLMARSH NORTHERN TRADING PTY LTD\n49004028077,KESTREL HARBOUR SHIPPING LTD\n',
    );
    await load(list, 'list.csv', 'ref,name,type\n1,SOMEONE UNRELATED,Entity\n');
    const next = await load(
      list,
      'list.csv',
      [
        'ref,name,type',
        '1,SOMEONE UNRELATED,Entity',
        // A typo, the legal form in another language: the same company.
        '2,OOO Quillmarsh Nothern Trading,Entity',
        // Another distinctive word: another company.
        '3,KESTREL HARBOUR LOGISTICS LTD,Entity',
      ].join('\n'),
    );
    const events = await eventsOfIngest(db, next.id);
    assert.deepEqual(
      events.map((e) => [e.type, e.abn, e.entity_name, e.changes]),
      [
        [
          'sanctions_match',
          '51824753556',
          'QUILLMARSH NORTHERN TRADING PTY LTD',
          [{ field: 'listed_name', old: null, new: 'OOO Quillmarsh Nothern Trading' }],
        ],
      ],
    );
    const again = await load(
      list,
      'list.csv',
      'ref,name,type\n1,SOMEONE UNRELATED,Entity\n2,OOO Quillmarsh Nothern Trading,Entity\n3,KESTREL HARBOUR LOGISTICS LTD,Entity\n',
    );
    assert.equal(again.events, 0, 'an unchanged listing does not match again');
  });
});
