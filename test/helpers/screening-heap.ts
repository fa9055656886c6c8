// Run as a child process by test/screening-heap.test.ts, in a fresh heap: reads a list of made-up
// parties into its index, then screens a stream of made-up company names against it as resolve
// does, and reports what the young-generation collections meanwhile kept: the bytes each moved to
// the old generation and the bytes each left in the young one. With `--as-server`, the process first
// takes the server's garbage-collector settings (`tuneHeap`).
import { GCProfiler } from 'node:v8';
import { tuneHeap } from '../../src/heap.ts';
import { REVIEW_THRESHOLD } from '../../src/names/align-names.ts';
import { prepareName } from '../../src/names/name-tokens.ts';
import type { SourceRecord } from '../../src/registers/types.ts';
import { ListIndex, ScreenedName } from '../../src/screen/list-index.ts';

if (process.argv.includes('--as-server')) tuneHeap();

const SYLLABLES = [
  'KA',
  'RO',
  'MI',
  'TE',
  'VA',
  'LU',
  'SHE',
  'DOR',
  'BAN',
  'NIK',
  'ZA',
  'HU',
  'PEL',
  'GRI',
  'OST',
];
const WORDS = [
  'ALPHA',
  'BRAVO',
  'CEDAR',
  'DELTA',
  'EMBER',
  'FJORD',
  'GABLE',
  'HAVEN',
  'IVORY',
  'JUNO',
  'KESTREL',
];
const TRADES = ['TRADING', 'LOGISTICS', 'HOLDINGS', 'BAKERY', 'SURVEYS', 'PLUMBING', 'FREIGHT'];

let seed = 11;
const next = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
const word = (parts: number) =>
  Array.from({ length: parts }, () => SYLLABLES[next(SYLLABLES.length)]).join('');

const records: SourceRecord[] = Array.from({ length: 6_000 }, (_, i) => ({
  key: `party-${i}`,
  abn: null,
  acn: null,
  name: i % 3 === 0 ? `${word(3)} ${word(2)} COMPANY LIMITED` : `${word(2)} ${word(2)} ${word(3)}`,
  names: [{ name: `${word(2)} ${word(3)}`, type: 'alias' }],
  status: 'listed',
  asOf: null,
  data: { type: i % 3 === 0 ? 'Entity' : 'Individual' },
}));
const index = new ListIndex(records);

const screenOne = () => {
  const name = `${WORDS[next(WORDS.length)]} ${word(2)} ${TRADES[next(TRADES.length)]} PTY LTD`;
  index.match(new ScreenedName(prepareName(name)), REVIEW_THRESHOLD);
};
for (let i = 0; i < 4_000; i++) screenOne();

const profiler = new GCProfiler();
profiler.start();
for (let i = 0; i < 12_000; i++) screenOne();
const { statistics } = profiler.stop();
const used = (spaces: Array<{ spaceName: string; spaceUsedSize: number }>, name: string) =>
  spaces.find((s) => s.spaceName === name)?.spaceUsedSize ?? 0;
const scavenges = statistics.filter((s) => s.gcType === 'Scavenge');
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
process.stdout.write(
  JSON.stringify({
    scavenges: scavenges.length,
    promoted: mean(
      scavenges.map(
        (s) =>
          used(s.afterGC.heapSpaceStatistics, 'old_space') -
          used(s.beforeGC.heapSpaceStatistics, 'old_space'),
      ),
    ),
    survived: mean(scavenges.map((s) => used(s.afterGC.heapSpaceStatistics, 'new_space'))),
  }),
);
