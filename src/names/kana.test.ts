import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kanaConsonants, kanaLatin, sameAsKana } from './kana.ts';

describe('kana and foreign names written in them', () => {
  it('reads kana in Hepburn, small kana joined to the one before', () => {
    assert.deepEqual(
      [
        'ヴィクトル',
        'ジェ',
        'ファ',
        'ティ',
        'キャ',
        'シャ',
        'ウィ',
        'デュ',
        'プーチン',
        'トルナビック',
        'たろう',
      ].map(kanaLatin),
      ['vikutoru', 'je', 'fa', 'ti', 'kya', 'sha', 'wi', 'dyu', 'puchin', 'torunabikku', 'tarou'],
    );
  });

  it('reads consonants as kana write them, doubled letters once before letters are read alike', () => {
    assert.equal(kanaConsonants('RABUROFU'), kanaConsonants('LAVROV'));
    assert.equal(kanaConsonants('MAFUMUDO'), kanaConsonants('MAHMOUD'));
    assert.notEqual(kanaConsonants('RADIN'), kanaConsonants('LARIJANI'), 'L then R are two letters');
  });

  it('agrees on a foreign name and its katakana, not on look-alikes', () => {
    assert.ok(sameAsKana('PUCHIN', 'PUTIN'));
    assert.ok(sameAsKana('URAJIMIRU', 'VLADIMIR'), 'a V in front written as a vowel');
    assert.ok(sameAsKana('JODAN', 'JORDAN'), 'an English R as a long vowel');
    assert.ok(sameAsKana('JONSON', 'JOHNSON'), 'an English H left out');
    assert.ok(sameAsKana('ARI', 'ALI'), 'a short word, its vowels among the kana’s');
    assert.ok(!sameAsKana('PUCHIN', 'PATON'), 'another first vowel');
    assert.ok(!sameAsKana('PUCHIN', 'PUSHKIN'), 'other consonants');
    assert.ok(!sameAsKana('ARI', 'ALAN'), 'a consonant more');
    assert.ok(!sameAsKana('SAMI', 'SHAMI'), 'SH before A is not S');
  });
});
