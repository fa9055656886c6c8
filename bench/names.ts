// `npm run bench:names [N]`: a register of N unique synthetic company names (default 1,000,000) written
// in the ABN Bulk Extract format and ingested into a fresh SQLite store, with the sandbox's ASIC and
// business-name files mixed in; then a labelled set of 300 (query, expected ABN) pairs built from
// realistic variations (legal-form spellings, &/AND, word order, a typo, punctuation, case). Prints
// recall@1, recall@5 and p50/p95 latency of the name search, and an exact-key lookup as the baseline.

import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { labelledQueries, measureSearch, percentile, writeCompanyExtract } from './synthetic-names.ts';

const n = Number(process.argv[2] ?? process.env.BENCH_RECORDS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'aevs-bench-names-'));
const file = join(dir, '20261118Public01.xml');
const written = await writeCompanyExtract(file, n);

const db = await openDb({ dataDir: dir, databaseUrl: undefined });
const ctx = { store: createStore(db), clock: () => new Date() };
const started = performance.now();
await ingest({
  ctx,
  input: {
    adapter: ADAPTERS['abr-bulk'],
    files: [{ name: file, open: async () => createReadStream(file) }],
    partition: 'live',
  },
});
for (const dataset of ['asic-companies', 'asic-business-names'] as const) {
  const inputs = await resolveInputs(await sandboxFiles(SANDBOX_DIR, dataset));
  await ingest({ ctx, input: { adapter: ADAPTERS[dataset], files: inputs.files, partition: 'live' } });
  await inputs.close();
}
console.log(
  `${n.toLocaleString('en-AU')} names loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

const labelled = labelledQueries(written);
const { latency, recall1, recall5, misses } = await measureSearch(createStore(db), written);
if (process.env.BENCH_DEBUG) for (const miss of misses) console.log('miss', miss);
const baseline: number[] = [];
for (const { abn } of labelled) {
  const t = performance.now();
  await db.get('SELECT name FROM source_records WHERE partition = ? AND abn = ? LIMIT 1', ['live', abn]);
  baseline.push(performance.now() - t);
}
const pct = percentile;
console.log(
  `Node ${process.version}, SQLite, ${n.toLocaleString('en-AU')} names, ${labelled.length} labelled queries`,
);
console.log(`recall@1 ${recall1.toFixed(3)} (goal >= 0.95)   recall@5 ${recall5.toFixed(3)} (goal >= 0.99)`);
console.log(
  `name search   p50 ${pct(latency, 50).toFixed(1)} ms  p95 ${pct(latency, 95).toFixed(1)} ms  (goal p95 <= 50 ms)`,
);
console.log(
  `ABN lookup    p50 ${pct(baseline, 50).toFixed(2)} ms  p95 ${pct(baseline, 95).toFixed(2)} ms  (baseline)`,
);
await db.close();
rmSync(dir, { recursive: true, force: true });
