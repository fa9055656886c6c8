import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jaroWinkler, nameSimilarity, tokens } from './similarity.ts';

const sim = (a: string, b: string) => nameSimilarity(tokens(a), tokens(b));

describe('name similarity', () => {
  it('normalises case, punctuation, diacritics, legal forms and transliteration', () => {
    assert.deepEqual(tokens('Sandbox Northern Trading Co. Pty. Ltd.'), ['SANDBOX', 'NORTHERN', 'TRADING']);
    assert.deepEqual(tokens('Mohammed Hassan Akhund'), ['MOHAMMED', 'HASSAN', 'AKHUND']);
    assert.deepEqual(tokens('Zoë Müller'), ['ZOE', 'MULLER']);
    assert.deepEqual(tokens('САНДБОКС'), ['SANDBOKS']);
  });

  it('scores true variants high and unrelated names low', () => {
    assert.ok(sim('MOHAMMAD HASSAN AKHUND', 'Akhund, Muhammad Hassan') > 0.95);
    assert.ok(sim('SANDBOX NORTHERN TRADING COMPANY', 'SANDBOX NORTHERN TRADING COMPANY PTY LTD') === 1);
    assert.ok(sim('SANDBOX NORTHEN TRADING', 'SANDBOX NORTHERN TRADING') > 0.95, 'a typo');
    assert.ok(sim('SANDBOX NORTHERN TRADING', 'GLOBAL NORTHERN FREIGHT') < 0.75);
    assert.ok(sim('11420 CORP', 'BELLETECH CORP') <= 0.5, 'a number on one side only');
  });

  it('computes Jaro-Winkler as published', () => {
    assert.equal(Math.round(jaroWinkler('MARTHA', 'MARHTA') * 1000) / 1000, 0.961);
    assert.equal(Math.round(jaroWinkler('DWAYNE', 'DUANE') * 1000) / 1000, 0.84);
    assert.equal(jaroWinkler('ABC', 'XYZ'), 0);
  });
});
