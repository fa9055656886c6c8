import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { nameKey } from '../src/names/name-key.ts';
import { tokens } from '../src/names/similarity.ts';
import type { Db } from '../src/store/db.ts';
import { nameCandidates } from '../src/store/name-search.ts';
import { openDb } from '../src/store/open-store.ts';
import { insertNames, insertRecords } from '../src/store/source-records.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

/** Companies whose words range from unique to shared by every name (TRADING). */
const NAMES = [
  'NORTHWIND TRADING PTY LTD',
  'ZEPHYR TRADING PTY LTD',
  'ZEPHYR MARINE SUPPLIES PTY LTD',
  ...Array.from({ length: 60 }, (_, i) => `COMMON ${i} TRADING PTY LTD`),
];
const abnOf = (i: number) => `5${String(i).padStart(10, '0')}`;

describe(`name search candidates (${testEngine()})`, () => {
  let settings: TestStoreSettings;
  let db: Db;
  before(async () => {
    settings = await testStoreSettings();
    db = await openDb(settings);
    await db.transaction(async (tx) => {
      const ids = await insertRecords(
        tx,
        NAMES.map((name, i) => ({
          partition: 'live' as const,
          dataset: 'abr-bulk',
          record: {
            key: abnOf(i),
            abn: abnOf(i),
            acn: null,
            name,
            names: [],
            status: 'ACT',
            asOf: null,
            data: {},
          },
          namesJson: '[]',
          dataJson: '{}',
          fingerprint: `fingerprint ${i}`,
          at: '2026-11-25T00:00:00.000Z',
          ingestId: 'ing_test',
        })),
      );
      await insertNames(
        tx,
        NAMES.map((name, i) => ({ recordId: ids[i] as number, name, type: 'main', key: nameKey(name) })),
      );
    });
    if (db.engine === 'postgres') await db.exec('ANALYZE source_names');
  });
  after(async () => {
    await db.close();
    await settings.cleanup();
  });
  const find = async (query: string) =>
    (await nameCandidates(db, 'live', tokens(query))).map((c) => c.name).sort();

  it('finds the names holding all of the rarest words', async () => {
    assert.deepEqual(await find('Northwind Trading'), ['NORTHWIND TRADING PTY LTD']);
    assert.deepEqual(await find('zephyr trading'), ['ZEPHYR TRADING PTY LTD']);
  });

  it('reads a word it has never seen as a typo, by its first four letters', async () => {
    assert.deepEqual(await find('Northwynd Trading'), ['NORTHWIND TRADING PTY LTD']);
  });

  it('falls back to names holding any of the words, those sharing most first', async () => {
    const found = await nameCandidates(db, 'live', tokens('Zephyr Marine Trading Holdings Australia'));
    assert.equal(found[0]?.name, 'ZEPHYR MARINE SUPPLIES PTY LTD', 'two words shared, ranked first');
    assert.ok(found.some((c) => c.name === 'ZEPHYR TRADING PTY LTD'));
  });

  it('keeps to the partition asked', async () => {
    assert.deepEqual(await nameCandidates(db, 'sandbox', tokens('Northwind Trading')), []);
  });

  it('PostgreSQL: a typo in the first letters is still found, by trigram similarity', {
    skip: testEngine() !== 'postgres',
  }, async () => {
    assert.deepEqual(await find('Norhtwind'), ['NORTHWIND TRADING PTY LTD']);
  });

  it('PostgreSQL: words no name holds any more do not crowd out the one a name holds', {
    skip: testEngine() !== 'postgres',
  }, async () => {
    // Words of names since removed, each closer to the typo than NORTHWIND is, stay in the words table.
    await db.run(
      "INSERT INTO name_words (word) VALUES ('NORHTWINDA'), ('NORHTWINDE'), ('NORHTWINDS'), ('NORHTWINDY')",
    );
    assert.deepEqual(await find('Norhtwind'), ['NORTHWIND TRADING PTY LTD']);
  });

  it("PostgreSQL: a name written with another search path adds its words to this store's table", {
    skip: testEngine() !== 'postgres',
  }, async () => {
    const schema = (await db.get<{ s: string }>('SELECT current_schema() AS s'))?.s as string;
    // The server's default search path, which does not reach the store's schema.
    const other = new pg.Client(process.env.AEVS_TEST_DATABASE_URL);
    await other.connect();
    try {
      await other.query(
        `INSERT INTO "${schema}".source_names (record_id, name, name_type, name_key) VALUES (0, 'QUOKKAVILLE', 'main', 'QUOKKAVILLE')`,
      );
    } finally {
      await other.end();
    }
    const words = await db.all<{ word: string }>("SELECT word FROM name_words WHERE word = 'QUOKKAVILLE'");
    assert.equal(words.length, 1);
  });
});
