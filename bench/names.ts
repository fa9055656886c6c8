// `npm run bench:names [N]`: a register of N unique synthetic company names (default 1,000,000) written
// in the ABN Bulk Extract format and ingested into a fresh SQLite store, with the sandbox's ASIC and
// business-name files mixed in; then a labelled set of 300 (query, expected ABN) pairs built from
// realistic variations (legal-form spellings, &/AND, word order, a typo, punctuation, case). Prints
// recall@1, recall@5 and p50/p95 latency of the name search, and an exact-key lookup as the baseline.

import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { abnFromAcn, acnCheckDigit } from '../src/identifiers/check-digits.ts';
import { ingest } from '../src/ingest/ingest.ts';
import { resolveInputs } from '../src/ingest/inputs.ts';
import { SANDBOX_DIR, sandboxFiles } from '../src/ingest/load-sandbox.ts';
import { ADAPTERS } from '../src/registers/index.ts';
import { searchNames } from '../src/resolve/search-names.ts';
import { openDb } from '../src/store/open-store.ts';
import { createStore } from '../src/store/store.ts';

const n = Number(process.argv[2] ?? process.env.BENCH_RECORDS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'aevs-bench-names-'));
let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const A = [
  'ABBOTT',
  'ACACIA',
  'ALPINE',
  'AMBER',
  'ANCHOR',
  'APEX',
  'ARROW',
  'ASPEN',
  'ATLAS',
  'AURORA',
  'BANKSIA',
  'BARRIER',
  'BAYSIDE',
  'BEACON',
  'BELLBIRD',
  'BIRCH',
  'BLACKWOOD',
  'BLUEGUM',
  'BOULDER',
  'BRIDGE',
  'BRIGHTON',
  'BRONTE',
  'BUNDOORA',
  'BURNSIDE',
  'CANOPY',
  'CAPRICORN',
  'CARDINAL',
  'CASCADE',
  'CEDAR',
  'CENTENNIAL',
  'CHALLIS',
  'CHESTNUT',
  'CITADEL',
  'CLAREMONT',
  'COBALT',
  'COLLINS',
  'CORAL',
  'CORNERSTONE',
  'CRESCENT',
  'CROWN',
  'CYPRESS',
  'DARLING',
  'DELTA',
  'DIAMOND',
  'DOLPHIN',
  'DOVER',
  'DUNE',
  'EAGLE',
  'ECHO',
  'ELDER',
  'ELM',
  'EMERALD',
  'ENDEAVOUR',
  'EUREKA',
  'EVEREST',
  'FALCON',
  'FERN',
  'FLINDERS',
  'FORREST',
  'FOXGLOVE',
  'FRANKLIN',
  'GALAXY',
  'GARNET',
  'GLENELG',
  'GRANITE',
  'GREVILLEA',
  'GUMTREE',
  'HARBOUR',
  'HAWTHORN',
  'HERITAGE',
  'HIGHGATE',
  'HORIZON',
  'HUNTER',
  'IRONBARK',
  'IVORY',
  'JACARANDA',
  'JARRAH',
  'JASPER',
  'KAKADU',
  'KESTREL',
  'KIMBERLEY',
  'KINGFISHER',
  'KOALA',
  'KOOKABURRA',
  'LAGOON',
  'LANTERN',
  'LAUREL',
  'LEEUWIN',
  'LIBERTY',
  'LIMESTONE',
  'LOTUS',
  'MACQUARIE',
  'MAGNOLIA',
  'MALLEE',
  'MANGROVE',
  'MAPLE',
  'MARINER',
  'MERIDIAN',
  'MIDNIGHT',
  'MONARCH',
  'MULGA',
  'MURRAY',
  'MYRTLE',
  'NEPEAN',
  'NORTHSTAR',
  'OAKLEY',
  'OCEANIC',
  'OLIVE',
  'ONYX',
  'ORCHARD',
  'OTWAY',
  'PALMERSTON',
  'PANORAMA',
  'PARAGON',
  'PELICAN',
  'PINNACLE',
  'PLATINUM',
  'PORTSEA',
  'QUARTZ',
  'QUOKKA',
  'RAINBOW',
  'REDGUM',
  'RIVERINA',
  'ROSEWOOD',
  'SANDSTONE',
  'SAPPHIRE',
  'SHELLHARBOUR',
  'SILVEREYE',
  'SORRENTO',
  'SPINIFEX',
  'STIRLING',
  'SUMMIT',
  'SUNBIRD',
  'TALLOWWOOD',
  'TASMAN',
  'THORNBURY',
  'TIMBERTOP',
  'TOPAZ',
  'TORRENS',
  'TRIDENT',
  'TULIP',
  'VALLEY',
  'VANGUARD',
  'VELVET',
  'VERITAS',
  'VICTORIA',
  'WAKEFIELD',
  'WANDOO',
  'WARATAH',
  'WATTLE',
  'WESTGATE',
  'WHITSUNDAY',
  'WILLOW',
  'WOMBAT',
  'YARRA',
  'ZENITH',
];
const B = [
  'ACCOUNTING',
  'ADVISORY',
  'AGRICULTURE',
  'ARCHITECTS',
  'AUTOMOTIVE',
  'AVIATION',
  'BAKERY',
  'BUILDERS',
  'CABINETS',
  'CAPITAL',
  'CARPENTRY',
  'CATERING',
  'CIVIL',
  'CLEANING',
  'COFFEE',
  'CONCRETE',
  'CONSTRUCTIONS',
  'CONSULTING',
  'DENTAL',
  'DESIGN',
  'DEVELOPMENTS',
  'DIGITAL',
  'ELECTRICAL',
  'ENERGY',
  'ENGINEERING',
  'ESTATES',
  'EVENTS',
  'FABRICATION',
  'FARMS',
  'FINANCE',
  'FITNESS',
  'FLOORING',
  'FOODS',
  'FREIGHT',
  'FURNITURE',
  'GARDENS',
  'GLAZING',
  'GROUP',
  'HEALTH',
  'HOLDINGS',
  'HOSPITALITY',
  'IMPORTS',
  'INDUSTRIES',
  'INSURANCE',
  'INVESTMENTS',
  'JOINERY',
  'LANDSCAPING',
  'LEGAL',
  'LOGISTICS',
  'MACHINERY',
  'MANAGEMENT',
  'MARINE',
  'MEDIA',
  'MEDICAL',
  'MINING',
  'MOTORS',
  'NURSERY',
  'PAINTING',
  'PASTORAL',
  'PHARMACY',
  'PLUMBING',
  'PROPERTIES',
  'RECRUITMENT',
  'RENOVATIONS',
  'RESOURCES',
  'RETAIL',
  'ROOFING',
  'SECURITY',
  'SERVICES',
  'SOLAR',
  'SOLUTIONS',
  'STEEL',
  'STORAGE',
  'SURVEYING',
  'SYSTEMS',
  'TECHNOLOGY',
  'TILING',
  'TIMBER',
  'TOURS',
  'TRADING',
  'TRANSPORT',
  'TRAVEL',
  'VENTURES',
  'VETERINARY',
  'WELDING',
  'WINES',
];
const FORMS = ['PTY LTD', 'PTY LTD', 'PTY LTD', 'PTY. LTD.', 'LIMITED', 'PTY LIMITED'];

const written: Array<{ abn: string; name: string }> = [];
const file = join(dir, '20261118Public01.xml');
const out = createWriteStream(file);
const write = async (s: string) => {
  if (!out.write(s)) await once(out, 'drain');
};
await write(
  '<?xml version="1.0"?>\n<Transfer error="none"><TransferInfo><FileSequenceNumber>1</FileSequenceNumber><RecordCount>0</RecordCount><ExtractTime>2026-11-18T08:00:00</ExtractTime></TransferInfo>\n',
);
const used = new Set<string>();
for (let i = 0; i < n; i++) {
  // Unique names: two place words, an industry word, a form; a numeral where the combination repeats.
  let base = `${A[Math.floor(rand() * A.length)]} ${A[Math.floor(rand() * A.length)]} ${B[Math.floor(rand() * B.length)]}`;
  if (used.has(base)) base = `${base} ${i % 97}`;
  used.add(base);
  const name = `${base} ${FORMS[i % FORMS.length]}`;
  const body = String(10_000_000 + i);
  const acn = body.padStart(8, '0').slice(-8) + acnCheckDigit(body.padStart(8, '0').slice(-8));
  const abn = abnFromAcn(acn);
  if (i % Math.max(1, Math.floor(n / 2000)) === 0) written.push({ abn, name });
  await write(
    `<ABR recordLastUpdatedDate="20240101" replaced="N"><ABN status="${i % 20 === 0 ? 'CAN' : 'ACT'}" ABNStatusFromDate="20100101">${abn}</ABN><EntityType><EntityTypeInd>PRV</EntityTypeInd><EntityTypeText>Australian Private Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>${name}</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2000</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">${acn}</ASICNumber></ABR>\n`,
  );
}
await write('</Transfer>\n');
out.end();
await once(out, 'finish');

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

// Variations a person really types.
const variations: Array<(name: string) => string> = [
  (s) => s.replace(/ PTY\.? LTD\.?$| PTY LIMITED$/, ' P/L'),
  (s) => s.replace(/ PTY\.? LTD\.?$/, ' PROPRIETARY LIMITED').toLowerCase(),
  (s) => {
    const w = s.split(' ');
    return [w[1], w[0], ...w.slice(2)].join(' ');
  },
  (s) => s.replace(/([A-Z]{6,}?)([A-Z])([A-Z])/, '$1$3$2'),
  (s) => s.replace(/ (PTY\.? LTD\.?|LIMITED|PTY LIMITED)$/, '').replace(/ /g, '-'),
  (s) => s.replace(/ /, '  ').toLowerCase(),
];
const labelled = Array.from({ length: 300 }, (_, i) => {
  const target = written[(i * 7) % written.length] as { abn: string; name: string };
  return {
    query: (variations[i % variations.length] as (s: string) => string)(target.name),
    abn: target.abn,
  };
});

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
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
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
