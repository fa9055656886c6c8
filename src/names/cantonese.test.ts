import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cantoneseLatin, cantoneseSyllable, hongKongSpelling } from './cantonese.ts';

describe('Cantonese readings as Hong Kong spells names', () => {
  it('spells Jyutping syllables as the Hong Kong Government does', () => {
    const spelt = [
      'zoeng1',
      'gwok3',
      'wing4',
      'lei5',
      'si1',
      'zi2',
      'jyut6',
      'heoi2',
      'pun1',
      'syu1',
      'ng4',
      'm4',
    ].map(hongKongSpelling);
    assert.deepEqual(spelt, [
      'CHEUNG',
      'KWOK',
      'WING',
      'LEE',
      'SZE',
      'CHI',
      'YUET',
      'HUI',
      'POON',
      'SHU',
      'NG',
      'M',
    ]);
  });

  it('reads a word’s Han characters a syllable each, a family name as a family name, a legal form in Mandarin', () => {
    assert.equal(cantoneseLatin('張偉樂'), 'CheungWaiLok');
    assert.equal(cantoneseLatin('曾志恒'), 'ChangChiHang', '曾 as a family name (zang), not cang');
    assert.equal(cantoneseLatin('長豐有限公司').trim(), 'CheungFung YouXianGongSi');
  });

  it('agrees on the ways Hong Kong spells one syllable, and no other', () => {
    const same = (a: string, b: string) => cantoneseSyllable(a) === cantoneseSyllable(b);
    for (const [a, b] of [
      ['TSANG', 'CHANG'],
      ['POON', 'PUN'],
      ['LEE', 'LI'],
      ['CHOW', 'CHAU'],
      ['NGOR', 'NGO'],
      ['WAH', 'WA'],
      ['KUEN', 'KUN'],
      ['SZE', 'SI'],
      ['KUOK', 'KWOK'],
    ])
      assert.ok(same(a as string, b as string), `${a} ${b}`);
    for (const [a, b] of [
      ['CHEUNG', 'CHUNG'],
      ['KA', 'KAM'],
      ['LAM', 'LIM'],
      ['WONG', 'WANG'],
    ])
      assert.ok(!same(a as string, b as string), `${a} ${b}`);
  });
});
