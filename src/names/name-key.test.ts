import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameKey } from './name-key.ts';

describe('nameKey', () => {
  it('ignores case, punctuation, legal forms and word order', () => {
    const same = [
      'SANDBOX NORTHERN TRADING COMPANY',
      'Sandbox Northern Trading Co Pty. Ltd.',
      'SANDBOX NORTHERN TRADING COMPANY PROPRIETARY LIMITED',
      'Northern Sandbox Trading P/L',
    ];
    for (const name of same) assert.equal(nameKey(name), 'NORTHERN SANDBOX TRADING', name);
  });

  it('matches a reversed individual name and strips diacritics', () => {
    assert.equal(nameKey('LEDGER, SAM'), nameKey('Sam Ledger'));
    assert.equal(nameKey('Café Zoë'), 'CAFE ZOE');
  });

  it('treats & as AND and keeps non-Latin scripts', () => {
    assert.equal(nameKey('Smith & Jones'), nameKey('SMITH AND JONES'));
    assert.equal(nameKey('محمد حسن أخوند'), nameKey('محمد  حسن أخوند'));
    assert.notEqual(nameKey('محمد حسن أخوند'), '');
  });

  it('keeps distinct names distinct', () => {
    assert.notEqual(nameKey('SANDBOX HARBOUR CAFE PTY LTD'), nameKey('SANDBOX HARBOR CAFE PTY LTD'));
  });
});

// The general form of the key, step by step: the one-pass version for ASCII names must agree with it.
const LEGAL =
  'PTY LTD LIMITED PROPRIETARY P/L PL INC INCORPORATED CO COMPANY CORP CORPORATION LLC NL THE TRUSTEE FOR ATF';
const reference = (name: string) =>
  [
    ...new Set(
      name
        .toUpperCase()
        .replace(/&/g, ' AND ')
        .replace(/\bP\/L\b/g, ' PL ')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()
        .split(' ')
        .filter((t) => t !== '' && !LEGAL.split(' ').includes(t)),
    ),
  ]
    .sort()
    .join(' ');

describe('nameKey for ASCII names', () => {
  it('agrees with the general form: &, P/L standing alone or not, underscores, legal forms, repeats', () => {
    const parts = ['A', 'b', 'P', 'L', '/', '&', '_', ' ', '.', ',', '-', '(', "'", '1', '23', 'P/L', 'p/l'];
    const words = ['PTY', 'Ltd', 'CO', 'the', 'AND', 'PL', 'TRUSTEE', 'for', 'SMITH', 'smith', 'X9'];
    let seed = 7;
    const pick = <T>(list: T[]) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return list[seed % list.length] as T;
    };
    for (let k = 0; k < 20_000; k++) {
      let name = '';
      for (let j = k % 11; j > 0; j--) name += pick([pick(parts), pick(words), ' ']);
      assert.equal(nameKey(name), reference(name), JSON.stringify(name));
    }
    for (let a = 32; a < 127; a++)
      for (let b = 32; b < 127; b++) {
        const name = `X${String.fromCharCode(a)}P/L${String.fromCharCode(b)}Y`;
        assert.equal(nameKey(name), reference(name), JSON.stringify(name));
      }
  });
});
