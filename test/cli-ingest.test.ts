import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { DATASETS } from '../src/registers/index.ts';
import { runAevs } from './helpers/process.ts';
import { storeEnv, type TestStoreSettings, testEngine, testStoreSettings } from './helpers/store.ts';

describe('aevs ingest and aevs sources', () => {
  let store: TestStoreSettings;
  let env: Record<string, string>;
  before(async () => {
    store = await testStoreSettings();
    env = storeEnv(store);
  });
  after(() => store.cleanup());

  it('loads a register file, and a second run changes nothing', async () => {
    const first = await runAevs(
      ['ingest', 'asic-companies', 'fixtures/sandbox/asic-companies.csv', '--json'],
      env,
    );
    assert.equal(first.code, 0, first.stderr);
    const summary = JSON.parse(first.stdout) as {
      inserted: number;
      partition: string;
      events: number;
      rejected: number;
    };
    assert.equal(summary.partition, 'live');
    assert.ok(summary.inserted >= 19, `inserted ${summary.inserted}`);
    assert.equal(summary.events, 0, 'a first load is not a change');
    assert.match(first.stderr, /asic-companies: .*rows, [\d,]+ rows\/s/, 'progress with rows/s');

    const second = await runAevs(['ingest', 'asic-companies', 'fixtures/sandbox/asic-companies.csv'], env);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /inserted\s+0\n\s+updated\s+0\n\s+unchanged\s+\d+/);
    assert.match(second.stdout, /events\s+0/);
  });

  it('turns the next snapshot into change events and prints them by type', async () => {
    const next = await runAevs(['ingest', 'asic-companies', 'fixtures/sandbox/next/asic-companies.csv'], env);
    assert.equal(next.code, 0, next.stderr);
    assert.match(
      next.stdout,
      /events\s+2\s+\(.*name_change 1.*deregistration 1|events\s+2\s+\(.*deregistration 1.*name_change 1/,
    );
  });

  it('lists every dataset with what is loaded', async () => {
    const run = await runAevs(['sources', '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const body = JSON.parse(run.stdout) as {
      partition: string;
      data: Array<{ dataset: string; loaded: boolean; records: number }>;
    };
    assert.equal(body.partition, 'live');
    assert.equal(body.data.length, DATASETS.length);
    assert.deepEqual(
      body.data.filter((s) => s.loaded).map((s) => s.dataset),
      ['asic-companies'],
    );
    const table = await runAevs(['sources', '--partition', 'sandbox'], env);
    assert.match(table.stdout, /partition sandbox\nDATASET\s+LOADED/);
    assert.match(table.stdout, /asic-companies\s+no/);
  });

  it('downloads a URL with progress, then ingests it', async () => {
    const body = readFileSync('fixtures/sandbox/acnc.csv');
    const server = createServer((req, res) => {
      if (req.url === '/acnc.csv') {
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': body.length });
        res.end(body);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const run = await runAevs(['ingest', 'acnc', `${base}/acnc.csv`, '--json'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /downloading http:\/\/127\.0\.0\.1:\d+\/acnc\.csv: #+\.* ?\d+% of/);
      const summary = JSON.parse(run.stdout) as { inserted: number; files: string[] };
      assert.ok(summary.inserted >= 3);
      assert.deepEqual(summary.files, ['acnc.csv']);
      const missing = await runAevs(['ingest', 'acnc', `${base}/gone.csv`], env);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /gone\.csv: HTTP 404/);
    } finally {
      server.close();
    }
  });

  it('refuses bad input clearly, and keeps the stored copy', async () => {
    const unknown = await runAevs(['ingest', 'companies', 'x.csv'], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown dataset "companies"; one of: abr-bulk/);

    const missing = await runAevs(['ingest', 'acnc', 'no-such-file.csv'], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no-such-file\.csv: no such file or folder/);

    const wrong = await runAevs(['ingest', 'acnc', 'fixtures/sandbox/asic-companies.csv'], env);
    assert.equal(wrong.code, 1);
    assert.match(
      wrong.stderr,
      /asic-companies\.csv: the header does not match this register's format: missing "ABN"/i,
    );
    assert.match(wrong.stderr, /Nothing was applied/);
    assert.doesNotMatch(wrong.stderr, /\n\s+at /, 'no stack trace');

    const usage = await runAevs(['ingest', 'acnc'], env);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /expected a dataset and at least one file/);
  });
});

describe('the CLI on a data folder with no store', () => {
  it('says so for a command that only reads, and makes nothing there', {
    skip: testEngine() !== 'sqlite',
  }, async () => {
    const store = await testStoreSettings();
    const mistyped = join(store.dataDir, 'datta');
    try {
      for (const args of [
        ['sources'],
        ['keys', 'list', '--account', 'acct_x'],
        ['usage', '--account', 'acct_x'],
      ]) {
        const run = await runAevs(args, { AEVS_DATA_DIR: mistyped });
        assert.equal(run.code, 1, args.join(' '));
        assert.match(run.stderr, /no store at .*datta\/aevs\.sqlite: set AEVS_DATA_DIR/, args.join(' '));
      }
      assert.equal(existsSync(mistyped), false, 'no empty store made on the spot');
    } finally {
      await store.cleanup();
    }
  });
});

describe('the CLI on a store another process is writing to', () => {
  it('answers read-only commands while an ingest holds the write lock', {
    skip: testEngine() !== 'sqlite',
  }, async () => {
    const store = await testStoreSettings();
    const env = storeEnv(store);
    try {
      assert.equal((await runAevs(['accounts', 'create', '--name', 'x'], env)).code, 0, 'the store is made');
      // As a running ingest does for its whole snapshot.
      const writer = new DatabaseSync(join(store.dataDir, 'aevs.sqlite'));
      writer.exec('BEGIN IMMEDIATE');
      try {
        // The lock is held until the command has ended: had it needed the lock, it would have
        // failed with "database is locked" once its busy timeout ran out.
        const run = await runAevs(['sources', '--json'], env);
        assert.equal(run.code, 0, run.stderr);
      } finally {
        writer.exec('ROLLBACK');
        writer.close();
      }
    } finally {
      await store.cleanup();
    }
  });
});
