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
import { searchNames } from '../src/resolve/search-names.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';
import { labelledQueries, percentile, writeCompanyExtract } from './synthetic-names.ts';

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

const caller = {
  accountId: 'acct_bench',
  keyId: 'key_bench',
  mode: 'live' as const,
  partition: 'live' as const,
};
const latency: number[] = [];
let at1 = 0;
let at5 = 0;
for (const { query, abn } of labelled) {
  const t = performance.now();
  const hits = await searchNames({
    ctx: { store: createStore(db), caller },
    input: { name: query, mode: 'fuzzy' },
  });
  latency.push(performance.now() - t);
  if (hits[0]?.abn === abn) at1++;
  else if (process.env.BENCH_DEBUG)
    console.log(
      'miss',
      query,
      '→',
      hits
        .slice(0, 2)
        .map((h) => h.signals.matched_name)
        .join(' | '),
    );
  if (hits.slice(0, 5).some((h) => h.abn === abn)) at5++;
}
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
console.log(
  `recall@1 ${(at1 / labelled.length).toFixed(3)} (goal >= 0.95)   recall@5 ${(at5 / labelled.length).toFixed(3)} (goal >= 0.99)`,
);
console.log(
  `name search   p50 ${pct(latency, 50).toFixed(1)} ms  p95 ${pct(latency, 95).toFixed(1)} ms  (goal p95 <= 50 ms)`,
);
console.log(
  `ABN lookup    p50 ${pct(baseline, 50).toFixed(2)} ms  p95 ${pct(baseline, 95).toFixed(2)} ms  (baseline)`,
);
await db.close();
rmSync(dir, { recursive: true, force: true });
