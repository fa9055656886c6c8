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
