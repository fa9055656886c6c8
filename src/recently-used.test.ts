import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecentlyUsed } from './recently-used.ts';

test('keeps the most recently used values, letting the least recently used go first', () => {
  const kept = new RecentlyUsed<number>(2);
  assert.equal(kept.offer('a', 1), true);
  kept.offer('b', 2);
  assert.equal(kept.get('a'), 1); // now b is the least recently used
  kept.offer('c', 3);
  assert.equal(kept.get('b'), undefined);
  assert.equal(kept.get('a'), 1);
  assert.equal(kept.get('c'), 3);
  kept.delete('a');
  assert.equal(kept.get('a'), undefined);
});

test('with secondUse, keeps a value only when its key comes a second time', () => {
  const kept = new RecentlyUsed<string>(3, { secondUse: true });
  assert.equal(kept.offer('a', 'first'), false);
  assert.equal(kept.get('a'), undefined);
  assert.equal(kept.offer('a', 'second'), true);
  assert.equal(kept.get('a'), 'second');
  // A stream of keys each offered once keeps none of their values, and remembers only the last few keys.
  for (let i = 0; i < 10; i++) assert.equal(kept.offer(`once-${i}`, 'x'), false);
  assert.equal(kept.offer('once-0', 'x'), false);
  assert.equal(kept.get('a'), 'second');
});
