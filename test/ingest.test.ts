import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { DetectedChange } from '../src/events/types.ts';
import { abnFromAcn } from '../src/identifiers/check-digits.ts';
import { IngestError, type InputFile, ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import { col, readTable } from '../src/registers/tabular.ts';
import type { ParseItem, RegisterAdapter, SourceRecord } from '../src/registers/types.ts';
import { abnOrNull } from '../src/registers/values.ts';
import { eventsOfIngest } from '../src/store/change-events.ts';
import type { Db } from '../src/store/db.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';
import { makeZip } from './helpers/zip.ts';

// A small register in the same shape as the operator-loaded ones: abn,name,status. It exercises the
// ingest (diffing, events, removal, atomicity) independently of any one real register's quirks.
const rollAdapter: RegisterAdapter = {
  dataset: 'austrac',
  title: 'Test roll',
  source: 'austrac',
  async *parse(input, { fileName }): AsyncGenerator<ParseItem> {
    for await (const item of readTable(input, { fileName, required: ['abn', 'name', 'status'] })) {
      if (item.kind === 'rejected') {
        yield item;
        continue;
      }
      const abn = abnOrNull(col(item.row, 'abn'));
      if (!abn) {
        yield { kind: 'rejected', line: item.line, reason: `invalid ABN "${col(item.row, 'abn')}"` };
        continue;
      }
      const record: SourceRecord = {
        key: abn,
        abn,
        acn: null,
        name: col(item.row, 'name'),
        names: [],
        status: col(item.row, 'status'),
        asOf: null,
        data: {},
      };
      yield { kind: 'record', record, line: item.line };
    }
  },
  diff(before, after): DetectedChange[] {
    const r = after ?? before;
    if (!r || before?.status === after?.status) return [];
    return [
      {
        type: 'austrac_roll_change',
        entity: { abn: r.abn, name: r.name },
        changes: [{ field: 'status', old: before?.status ?? null, new: after?.status ?? null }],
      },
    ];
  },
};

const listAdapter: RegisterAdapter = {
  ...rollAdapter,
  dataset: 'dfat',
  title: 'Test list',
  source: 'dfat',
  nameMatchEvent: 'sanctions_match',
  async *parse(input, { fileName }) {
    for await (const item of readTable(input, { fileName, required: ['ref', 'name'] })) {
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
          data: {},
        },
      };
    }
  },
  diff: () => [],
};

const file = (name: string, content: string): InputFile => ({
  name,
  open: async () => Readable.from([Buffer.from(content)]),
});
const ctxOf = (db: Db) => ({ store: createStore(db), clock: () => new Date() });

describe(`ingest (${testEngine()})`, () => {
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

  const v1 =
    'abn,name,status\n51824753556,ALPHA PTY LTD,Registered\n49004028077,BETA LTD,Registered\n12004044937,GAMMA LTD,Registered\n';

  it('loads a snapshot, then re-running it changes nothing and writes no events', async () => {
    const first = await ingest({
      ctx: ctxOf(db),
      input: { adapter: rollAdapter, files: [file('roll.csv', v1)], partition: 'live' },
    });
    assert.equal(first.inserted, 3);
    assert.equal(first.events, 0, 'a first load is not a change');
    const again = await ingest({
      ctx: ctxOf(db),
      input: { adapter: rollAdapter, files: [file('roll.csv', v1)], partition: 'live' },
    });
    assert.deepEqual(
      [again.inserted, again.updated, again.unchanged, again.removed, again.events],
      [0, 0, 3, 0, 0],
    );
    assert.deepEqual(await eventsOfIngest(db, again.id), []);
  });

  it('writes typed events for changed and vanished records, and marks the vanished removed', async () => {
    const v2 = 'abn,name,status\n51824753556,ALPHA PTY LTD,Cancelled\n49004028077,BETA LTD,Registered\n';
    const s = await ingest({
      ctx: ctxOf(db),
      input: { adapter: rollAdapter, files: [file('roll.csv', v2)], partition: 'live' },
    });
    assert.deepEqual([s.updated, s.unchanged, s.removed, s.events], [1, 1, 1, 2]);
    const events = await eventsOfIngest(db, s.id);
    assert.deepEqual(
      events.map((e) => [e.type, e.abn, e.changes]),
      [
        ['austrac_roll_change', '51824753556', [{ field: 'status', old: 'Registered', new: 'Cancelled' }]],
        ['austrac_roll_change', '12004044937', [{ field: 'status', old: 'Registered', new: null }]],
      ],
    );
    assert.ok(
      events.every((e) => e.source === 'austrac' && e.dataset === 'austrac' && e.partition === 'live'),
    );
    const [a, b] = events;
    assert.ok(a && b && a.created_at < b.created_at, 'created_at strictly increases');
    const removed = await db.get<{ removed_at: string | null }>(
      "SELECT removed_at FROM source_records WHERE partition = 'live' AND dataset = 'austrac' AND record_key = '12004044937'",
    );
    assert.ok(removed?.removed_at);
    // Nothing of this reached the other partition.
    const sandbox = await db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM source_records WHERE partition = 'sandbox'",
    );
    assert.equal(Number(sandbox?.n), 0);
  });

  it('rejects bad rows with file and line, and a key twice in one snapshot', async () => {
    const bad =
      'abn,name,status\n51824753556,ALPHA PTY LTD,Cancelled\n51824753565,TYPO LTD,Registered\n49004028077,BETA LTD,Registered\n51824753556,ALPHA AGAIN,Registered\n';
    const s = await ingest({
      ctx: ctxOf(db),
      input: { adapter: rollAdapter, files: [file('bad.csv', bad)], partition: 'live' },
    });
    assert.equal(s.rejected, 2);
    assert.deepEqual(s.rejected_examples, [
      { file: 'bad.csv', line: 3, reason: 'invalid ABN "51824753565"' },
      {
        file: 'bad.csv',
        line: 5,
        reason: 'record 51824753556 appears twice in this snapshot; the first is kept',
      },
    ]);
  });

  it('applies nothing when the file fails half way, and records the failure', async () => {
    const before = await db.all<{ record_key: string; status: string; removed_at: string | null }>(
      "SELECT record_key, status, removed_at FROM source_records WHERE dataset = 'austrac' ORDER BY record_key",
    );
    // Two changed rows and 1,200 new ones (more than two chunks are written), then a broken stream.
    const failing: InputFile = {
      name: 'broken.csv',
      open: async () =>
        Readable.from(
          (async function* () {
            yield Buffer.from(
              'abn,name,status\n49004028077,BETA LTD,Suspended\n12004044937,GAMMA LTD,Suspended\n'.repeat(1),
            );
            for (let i = 0; i < 1200; i++)
              yield Buffer.from(`${abnFromAcn(String(100000 + i).padStart(9, '0'))},NEW ${i},Registered\n`);
            throw new Error('connection reset while reading');
          })(),
        ),
    };
    await assert.rejects(
      ingest({ ctx: ctxOf(db), input: { adapter: rollAdapter, files: [failing], partition: 'live' } }),
      (error: unknown) =>
        error instanceof IngestError &&
        /broken\.csv: connection reset/.test(error.message) &&
        /unchanged/.test(error.message),
    );
    const afterRows = await db.all(
      'SELECT record_key, status, removed_at FROM source_records WHERE dataset = ? ORDER BY record_key',
      ['austrac'],
    );
    assert.deepEqual(afterRows, before);
    const failed = await db.get<{ status: string; error: string }>(
      "SELECT status, error FROM ingests WHERE status = 'failed'",
    );
    assert.match(failed?.error ?? '', /connection reset/);
  });

  it('refuses a snapshot cut off in its last row or with no rows at all: nothing is removed', async () => {
    const before = await db.all(
      'SELECT record_key, status, removed_at FROM source_records WHERE dataset = ? ORDER BY record_key',
      ['austrac'],
    );
    assert.ok(before.length > 0);
    for (const [name, content, reason] of [
      [
        'cut.csv',
        'abn,name,status\n51824753556,ALPHA PTY LTD,Registered\n49004028077,BE',
        /cut\.csv: the file ends in the middle of a row \(line 3/,
      ],
      [
        'header-only.csv',
        'abn,name,status\n',
        /header-only\.csv: no rows, where the stored copy holds \d+ records/,
      ],
    ] as const) {
      await assert.rejects(
        ingest({
          ctx: ctxOf(db),
          input: { adapter: rollAdapter, files: [file(name, content)], partition: 'live' },
        }),
        (error: unknown) =>
          error instanceof IngestError && reason.test(error.message) && /unchanged/.test(error.message),
        name,
      );
    }
    const after = await db.all(
      'SELECT record_key, status, removed_at FROM source_records WHERE dataset = ? ORDER BY record_key',
      ['austrac'],
    );
    assert.deepEqual(after, before, 'no record marked removed, no status changed');
  });

  it('raises the list’s event for entities elsewhere whose name newly matches a listed name', async () => {
    const s1 = await ingest({
      ctx: ctxOf(db),
      input: {
        adapter: listAdapter,
        files: [file('list.csv', 'ref,name\n1,SOMEONE ELSE\n')],
        partition: 'live',
      },
    });
    assert.equal(s1.events, 0);
    // BETA LTD is in a second register too: still one entity, so one event.
    await ingest({
      ctx: ctxOf(db),
      input: {
        adapter: { ...rollAdapter, dataset: 'acnc', title: 'Test second roll', source: 'acnc' },
        files: [file('second.csv', 'abn,name,status\n49004028077,BETA LTD,Registered\n')],
        partition: 'live',
      },
    });
    // …and in a third by its ACN alone (004028077 is the ACN inside ABN 49004028077): still one entity.
    const byAcnOnly: RegisterAdapter = {
      ...rollAdapter,
      dataset: 'oric',
      title: 'Test ACN roll',
      source: 'oric',
      async *parse(input, { fileName }) {
        for await (const item of readTable(input, { fileName, required: ['acn', 'name'] })) {
          if (item.kind === 'rejected') continue;
          const acn = col(item.row, 'acn');
          yield {
            kind: 'record',
            line: item.line,
            record: {
              key: acn,
              abn: null,
              acn,
              name: col(item.row, 'name'),
              names: [],
              status: 'x',
              asOf: null,
              data: {},
            },
          };
        }
      },
    };
    await ingest({
      ctx: ctxOf(db),
      input: {
        adapter: byAcnOnly,
        files: [file('acns.csv', 'acn,name\n004028077,BETA LTD\n')],
        partition: 'live',
      },
    });
    const s2 = await ingest({
      ctx: ctxOf(db),
      input: {
        adapter: listAdapter,
        files: [file('list.csv', 'ref,name\n1,SOMEONE ELSE\n2,Beta Limited\n')],
        partition: 'live',
      },
    });
    const events = await eventsOfIngest(db, s2.id);
    assert.deepEqual(
      events.map((e) => [e.type, e.abn, e.entity_name, e.changes]),
      [
        [
          'sanctions_match',
          '49004028077',
          'BETA LTD',
          [{ field: 'listed_name', old: null, new: 'Beta Limited' }],
        ],
      ],
      'one event, naming the listing that matched',
    );
    const s3 = await ingest({
      ctx: ctxOf(db),
      input: {
        adapter: listAdapter,
        files: [file('list.csv', 'ref,name\n1,SOMEONE ELSE\n2,Beta Limited\n')],
        partition: 'live',
      },
    });
    assert.equal(s3.events, 0, 'an unchanged listing does not match again');
  });

  it('business names: a re-registration in the same file is still registered; a cancellation is one event', async () => {
    const header =
      'REGISTER_NAME\tBN_NAME\tBN_STATUS\tBN_REG_DT\tBN_CANCEL_DT\tBN_STATE_NUM\tBN_STATE_OF_REG\tBN_ABN\n';
    const registered = 'BUSINESS NAMES\tBRUCE WARD TRAINING\tRegistered\t12/04/2018\t\t\t\t16897173642\n';
    const cancelled =
      'BUSINESS NAMES\tBRUCE WARD TRAINING\tCancelled\t12/04/2018\t01/02/2026\t\t\t16897173642\n';
    const again = 'BUSINESS NAMES\tBRUCE WARD TRAINING\tRegistered\t03/03/2026\t\t\t\t16897173642\n';
    const other = 'BUSINESS NAMES\tOTHER NAME\tRegistered\t01/01/2020\t\t\t\t51824753556\n';
    const load = async (rows: string) =>
      ingest({
        ctx: ctxOf(db),
        input: {
          adapter: ADAPTERS['asic-business-names'],
          files: [file('business_names_202611.csv', header + rows)],
          partition: 'live',
        },
      });
    await load(registered + other);
    const both = await load(cancelled + again + other);
    assert.equal(both.rejected, 0, 'neither row is dropped as a duplicate');
    assert.deepEqual(await eventsOfIngest(db, both.id), [], 'the name is still registered to its holder');
    const gone = await load(cancelled + other);
    assert.deepEqual(
      (await eventsOfIngest(db, gone.id)).map((e) => [e.type, e.abn, e.changes]),
      [['name_change', '16897173642', [{ field: 'business_name', old: 'BRUCE WARD TRAINING', new: null }]]],
    );
  });

  it('counts a GLEIF row whose LEI fails its ISO 17442 check digits as rejected, with the reason', async () => {
    const header =
      '"LEI","Entity.LegalName","Entity.LegalAddress.Country","Entity.RegistrationAuthority.RegistrationAuthorityID","Entity.RegistrationAuthority.RegistrationAuthorityEntityID","Registration.LastUpdateDate","Registration.RegistrationStatus"\n';
    const row = (lei: string, name: string) =>
      `"${lei}","${name}","AU","RA000014","004 028 077","2026-07-01T09:15:00+10:00","ISSUED"\n`;
    const s = await ingest({
      ctx: ctxOf(db),
      input: {
        adapter: ADAPTERS.gleif,
        // BHP's published LEI, then the same with its last two characters swapped.
        files: [
          file(
            'golden-copy.csv',
            header +
              row('WZE1WSENV6JSZFK0JC28', 'BHP GROUP LIMITED') +
              row('WZE1WSENV6JSZFK0JC82', 'ALTERED'),
          ),
        ],
        partition: 'live',
      },
    });
    assert.deepEqual([s.rows_read, s.inserted, s.rejected], [2, 1, 1]);
    assert.deepEqual(s.rejected_examples, [
      {
        file: 'golden-copy.csv',
        line: 3,
        reason: 'LEI WZE1WSENV6JSZFK0JC82 fails its check digits (ISO 17442, MOD 97-10)',
      },
    ]);
  });

  it('fails with the file name when nothing in it is this register', async () => {
    await assert.rejects(
      ingest({
        ctx: ctxOf(db),
        input: {
          adapter: rollAdapter,
          files: [file('wrong.csv', 'Company Name\tACN\nX\t1\n')],
          partition: 'live',
        },
      }),
      /wrong\.csv: the header does not match this register's format: missing "abn"/,
    );
  });
});

describe(`ingest compared by fingerprint (${testEngine()})`, () => {
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

  /** 1,200 companies (more than two chunks), the status of each given by `status(i)`. */
  const roll = (status: (i: number) => string, extra = '') =>
    `abn,name,status\n${Array.from(
      { length: 1200 },
      (_, i) => `${abnFromAcn(String(200000 + i).padStart(9, '0'))},COMPANY ${i} PTY LTD,${status(i)}\n`,
    ).join('')}${extra}`;
  const abnOf = (i: number) => abnFromAcn(String(200000 + i).padStart(9, '0'));
  const load = (content: string) =>
    ingest({
      ctx: ctxOf(db),
      input: { adapter: rollAdapter, files: [file('roll.csv', content)], partition: 'live' },
    });
  const fingerprints = () =>
    db.all<{ record_key: string; fingerprint: string | null }>(
      "SELECT record_key, fingerprint FROM source_records WHERE dataset = 'austrac' ORDER BY record_key",
    );

  it('compares records stored without a fingerprint field by field, and gives them one', async () => {
    await load(roll(() => 'Registered'));
    const given = await fingerprints();
    assert.equal(given.length, 1200);
    assert.ok(given.every((r) => typeof r.fingerprint === 'string' && r.fingerprint.length === 22));
    // A store written before records had fingerprints.
    await db.run("UPDATE source_records SET fingerprint = NULL WHERE dataset = 'austrac'");
    const s = await load(roll((i) => (i === 700 ? 'Cancelled' : 'Registered')));
    assert.deepEqual([s.inserted, s.updated, s.unchanged, s.removed, s.events], [0, 1, 1199, 0, 1]);
    const events = await eventsOfIngest(db, s.id);
    assert.deepEqual(
      events.map((e) => [e.abn, e.changes]),
      [[abnOf(700), [{ field: 'status', old: 'Registered', new: 'Cancelled' }]]],
    );
    const now = await fingerprints();
    assert.ok(
      now.every((r) => r.fingerprint !== null),
      'every record has its fingerprint again',
    );
    const changed = now.find((r) => r.record_key === abnOf(700));
    const before = given.find((r) => r.record_key === abnOf(700));
    assert.notEqual(changed?.fingerprint, before?.fingerprint, 'the changed record has a new fingerprint');
    assert.deepEqual(
      now.filter((r) => r.record_key !== abnOf(700)),
      given.filter((r) => r.record_key !== abnOf(700)),
      'the others have the fingerprint they were first given',
    );
  });

  it('finds a key twice across chunks, stored or new, and what the snapshot no longer holds', async () => {
    const newAbn = abnFromAcn('300000001');
    // Company 3 comes again after more than two chunks; a new company comes twice, a chunk apart.
    const content = roll(
      (i) => (i === 900 ? 'Suspended' : i === 1000 ? 'Cancelled' : 'Registered'),
      `${newAbn},NEW ONE PTY LTD,Registered\n`,
    )
      .replace(`${abnOf(1199)},COMPANY 1199 PTY LTD,Registered\n`, '')
      .replace(
        `${abnOf(10)},COMPANY 10 PTY LTD,Registered\n`,
        `${abnOf(10)},COMPANY 10 PTY LTD,Registered\n${newAbn},NEW ONE PTY LTD,Registered\n`,
      );
    const s = await load(`${content}${abnOf(3)},COMPANY 3 AGAIN PTY LTD,Cancelled\n`);
    assert.deepEqual(
      s.rejected_examples.map((r) => r.reason),
      [
        `record ${newAbn} appears twice in this snapshot; the first is kept`,
        `record ${abnOf(3)} appears twice in this snapshot; the first is kept`,
      ],
    );
    // Companies 900 and 1000 change, and 700 comes back from the test before as Registered.
    assert.deepEqual([s.inserted, s.updated, s.removed], [1, 3, 1]);
    const gone = await db.get<{ removed_at: string | null }>(
      "SELECT removed_at FROM source_records WHERE dataset = 'austrac' AND record_key = ?",
      [abnOf(1199)],
    );
    assert.ok(gone?.removed_at, 'the company the snapshot no longer holds is removed');
    const kept = await db.get<{ status: string }>(
      "SELECT status FROM source_records WHERE dataset = 'austrac' AND record_key = ?",
      [abnOf(3)],
    );
    assert.equal(kept?.status, 'Registered', 'the first copy of a key is kept');
  });
});

describe('inputs', () => {
  it('reads a folder and a zip as one snapshot, in name order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aevs-inputs-'));
    writeFileSync(join(dir, 'b.csv'), 'second');
    writeFileSync(join(dir, 'a.csv'), 'first');
    writeFileSync(join(dir, 'README.md'), 'skipped');
    writeFileSync(
      join(dir, 'two.zip'),
      makeZip([
        { name: 'part2.xml', content: 'z2' },
        { name: 'part1.xml', content: 'z1' },
      ]),
    );
    const inputs = await resolveInputs([dir]);
    try {
      const names = inputs.files.map((f) => f.name.replace(`${dir}/`, ''));
      assert.deepEqual(names, ['a.csv', 'b.csv', 'two.zip:part1.xml', 'two.zip:part2.xml']);
      const contents: string[] = [];
      for (const f of inputs.files) {
        let text = '';
        for await (const chunk of await f.open()) text += chunk;
        contents.push(text);
      }
      assert.deepEqual(contents, ['first', 'second', 'z1', 'z2']);
    } finally {
      await inputs.close();
    }
  });

  it('names a missing path clearly', async () => {
    await assert.rejects(
      resolveInputs(['/no/such/file.csv']),
      /\/no\/such\/file\.csv: no such file or folder/,
    );
  });

  it('names a zip cut off in transit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aevs-inputs-'));
    const whole = makeZip([{ name: 'part1.xml', content: 'z1'.repeat(500) }]);
    writeFileSync(join(dir, 'cut.zip'), whole.subarray(0, Math.floor(whole.length * 0.6)));
    await assert.rejects(
      resolveInputs([join(dir, 'cut.zip')]),
      /cut\.zip: not a readable zip archive .*cut off/,
    );
  });
});
