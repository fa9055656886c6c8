import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cantoneseSegments, cantoneseSyllable, hongKongSpelling } from './cantonese.ts';

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

  it('reads a word’s Han characters a syllable each, a person’s family name as one, a legal form in Mandarin', () => {
    assert.deepEqual(cantoneseSegments('張偉樂'), [{ text: 'CheungWaiLok', cantonese: true }]);
    assert.deepEqual(
      cantoneseSegments('曾志恒'),
      [{ text: 'ChangChiHang', cantonese: true }],
      '曾 as a family name (zang)',
    );
    assert.deepEqual(
      cantoneseSegments('區域有限公司'),
      [
        { text: 'KuiWik', cantonese: true },
        { text: 'YouXianGongSi', cantonese: false },
      ],
      'not a family name in a company’s name; the legal form in Mandarin',
    );
    assert.deepEqual(cantoneseSegments('張Peter'), [
      { text: 'Cheung', cantonese: true },
      { text: 'Peter', cantonese: false },
    ]);
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
      ['KWUN', 'KOON'],
      ['YIP', 'IP'],
      ['LEONG', 'LEUNG'],
      ['SZE', 'SI'],
      ['KUOK', 'KWOK'],
    ])
      assert.ok(same(a as string, b as string), `${a} ${b}`);
    for (const [a, b] of [
      ['CHEUNG', 'CHUNG'],
      ['KA', 'KAM'],
      ['LAM', 'LIM'],
      ['WONG', 'WANG'],
      ['CHUEN', 'CHUN'],
      ['CHAN', 'CHUN'],
      ['CHAO', 'CHAU'],
    ])
      assert.ok(!same(a as string, b as string), `${a} ${b}`);
  });
});
