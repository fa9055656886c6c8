import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecentlyUsed } from './recently-used.ts';

test('keeps the most recently used values, letting the least recently used go first', () => {
  const kept = new RecentlyUsed<number>(2);
  assert.equal(kept.admits('a'), true);
  kept.set('a', 1);
  kept.set('b', 2);
  assert.equal(kept.get('a'), 1); // now b is the least recently used
  kept.set('c', 3);
  assert.equal(kept.get('b'), undefined);
  assert.equal(kept.get('a'), 1);
  assert.equal(kept.get('c'), 3);
  kept.delete('a');
  assert.equal(kept.get('a'), undefined);
});

test('with secondUse, keeps a value only when its key comes a second time', () => {
  const kept = new RecentlyUsed<string>(3, { secondUse: true });
  assert.equal(kept.admits('a'), false);
  assert.equal(kept.admits('a'), true);
  kept.set('a', 'second');
  assert.equal(kept.get('a'), 'second');
  // A stream of keys each asked about once is admitted never, and only the last few are remembered.
  for (let i = 0; i < 10; i++) assert.equal(kept.admits(`once-${i}`), false);
  assert.equal(kept.admits('once-0'), false);
  assert.equal(kept.admits('once-9'), true);
  assert.equal(kept.get('a'), 'second');
});
