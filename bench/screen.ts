// `npm run bench:screen`: a synthetic list the size of the DFAT consolidated list (about 4,000 parties,
// 11,000 names with aliases and original scripts), a labelled set of true variants of listed names
// (must all be `review`) and innocent near-misses (should be `no_match`). Prints recall, the
// false-review rate and latency per screened name, with a bare token lookup as the baseline.
import { tokens } from '../src/names/similarity.ts';
import type { SourceRecord } from '../src/registers/types.ts';
import { ListIndex } from '../src/screen/list-index.ts';
import { REVIEW_THRESHOLD } from '../src/screen/screen-entity.ts';

let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const GIVEN = [
  'MUHAMMAD',
  'AHMED',
  'IVAN',
  'SERGEY',
  'ALEXANDER',
  'KIM',
  'LI',
  'OMAR',
  'YUSUF',
  'DMITRY',
  'HASSAN',
  'ALI',
  'VIKTOR',
  'NIKOLAY',
  'JONG',
  'RI',
  'ABD',
  'KHALID',
  'IBRAHIM',
  'MIKHAIL',
];
const FAMILY = [
  'PETROV',
  'IVANOV',
  'AKHUND',
  'HAQQANI',
  'SOKOLOV',
  'KUZNETSOV',
  'AL-ZAWAHIRI',
  'ROTENBERG',
  'DERIPASKA',
  'CHOE',
  'PAK',
  'MANSOUR',
  'RAHMAN',
  'KARIMOV',
  'VOLKOV',
  'NASSER',
  'TIMCHENKO',
  'USMANOV',
  'KOVALCHUK',
  'SECHIN',
];
const ORG_WORDS = [
  'NORTHERN',
  'SHIPPING',
  'TRADING',
  'METALS',
  'AVIATION',
  'PETROLEUM',
  'BANK',
  'INDUSTRIAL',
  'FOREIGN',
  'DEVELOPMENT',
  'GROUP',
  'HOLDINGS',
  'ENERGY',
  'MARITIME',
  'EXPORT',
  'INVESTMENT',
  'MINING',
  'DEFENCE',
  'TECHNOLOGIES',
  'LOGISTICS',
];
const PLACES = [
  'VOLGA',
  'AMUR',
  'KORYO',
  'TAN',
  'SIBERIAN',
  'CASPIAN',
  'BALTIC',
  'URAL',
  'TIGRIS',
  'EUPHRATES',
  'KHYBER',
  'PYONGYANG',
  'SEVASTOPOL',
  'NEVA',
  'DON',
  'OKA',
  'ONEGA',
  'LENA',
  'YENISEI',
  'KAMA',
];

const records: SourceRecord[] = [];
const primaries: Array<{ name: string; individual: boolean }> = [];
for (let i = 0; i < 4000; i++) {
  const individual = rand() < 0.65;
  const name = individual
    ? `${pick(GIVEN)} ${pick(GIVEN)} ${pick(FAMILY)}${i % 7 === 0 ? ` ${pick(FAMILY)}` : ''} ${i}`.replace(
        / \d+$/,
        ` ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i / 26) % 26))}`,
      )
    : `${pick(PLACES)} ${pick(ORG_WORDS)} ${pick(ORG_WORDS)} ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i / 26) % 26))}`;
  primaries.push({ name, individual });
  const aliases = Array.from({ length: Math.floor(rand() * 4) }, (_, k) => ({
    name: `${name.split(' ').reverse().join(' ')} ${k}`,
    type: rand() < 0.5 ? 'alias' : 'alias_weak',
  }));
  records.push({
    key: String(i + 1),
    abn: null,
    acn: null,
    name,
    names: aliases,
    status: 'listed',
    asOf: null,
    data: { type: individual ? 'Individual' : 'Entity' },
  });
}

// True variants: what a real screened name looks like against its listing.
const variants = (name: string): string[] => {
  const parts = name.split(' ');
  const typo = (w: string) => (w.length > 5 ? `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}` : w);
  return [
    name.toLowerCase(),
    [...parts].reverse().join(' '),
    `${parts.slice(1).join(' ')}, ${parts[0]}`,
    parts.map((w, i) => (i === 1 ? typo(w) : w)).join(' '),
    name.replace('MUHAMMAD', 'Mohammed').replace('SERGEY', 'Sergei').replace('YUSUF', 'Youssef'),
    `${name} Pty. Ltd.`,
    name.replace(/ /g, '-'),
  ];
};
const trueSet = primaries.slice(0, 300).flatMap((p) =>
  variants(p.name)
    .slice(0, 2 + Math.floor(rand() * 3))
    .map((v) => ({ query: v, expect: p.name })),
);
// Innocent near-misses: share words with listed names but are other parties.
const innocent = Array.from({ length: 600 }, (_, i) => {
  const p = primaries[(i * 7) % primaries.length] as { name: string; individual: boolean };
  const words = p.name.split(' ');
  return p.individual
    ? `${words[0]} ${pick(['SMITH', 'NGUYEN', 'WILLIAMS', 'BROWN', 'TAYLOR', 'WILSON', 'CHEN', 'MARTIN'])} ${pick(['JONES', 'WHITE', 'LEE', 'WALKER'])}`
    : `${pick(['SUNSHINE', 'COASTAL', 'HARBOUR', 'OUTBACK', 'BLUEGUM', 'WATTLE'])} ${words[1]} PTY LTD`;
});

const index = new ListIndex(records);
const names = records.reduce((n, r) => n + 1 + r.names.length, 0);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

for (let i = 0; i < 200; i++) index.match(trueSet[i % trueSet.length]?.query ?? '', REVIEW_THRESHOLD); // warm-up

let found = 0;
const latency: number[] = [];
for (const { query, expect } of trueSet) {
  const t = performance.now();
  const matches = index.match(query, REVIEW_THRESHOLD);
  latency.push(performance.now() - t);
  if (matches.some((m) => m.entry.record.name === expect)) found++;
}
let falseReviews = 0;
for (const query of innocent) {
  const t = performance.now();
  const matches = index.match(query, REVIEW_THRESHOLD);
  latency.push(performance.now() - t);
  if (matches.length) falseReviews++;
}
// Baseline: the bare token lookup every screen starts with, without scoring.
const baseline: number[] = [];
const byToken = new Map<string, number>();
for (const r of records) for (const t of tokens(r.name)) byToken.set(t, (byToken.get(t) ?? 0) + 1);
for (const { query } of trueSet) {
  const t = performance.now();
  for (const tok of tokens(query)) byToken.get(tok);
  baseline.push(performance.now() - t);
}

console.log(
  `list: ${records.length.toLocaleString('en-AU')} parties, ${names.toLocaleString('en-AU')} names; Node ${process.version}`,
);
console.log(
  `true variants   ${trueSet.length}  recall ${(found / trueSet.length).toFixed(3)}  (goal 1.0: every true variant is review)`,
);
console.log(
  `near-misses     ${innocent.length}  false-review rate ${(falseReviews / innocent.length).toFixed(3)}`,
);
console.log(
  `latency per screened name  p50 ${percentile(latency, 50).toFixed(2)} ms  p95 ${percentile(latency, 95).toFixed(2)} ms  (goal p95 <= 5 ms)`,
);
console.log(
  `baseline token lookup      p50 ${percentile(baseline, 50).toFixed(3)} ms  p95 ${percentile(baseline, 95).toFixed(3)} ms`,
);
