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
    assert.deepEqual(
      ['ダーウィン', 'ｶﾞｽﾌﾟﾛﾑ', 'さゝき', 'いすゞ'].map(kanaLatin),
      ['dawin', 'gasupuromu', 'sasaki', 'isuzu'],
      'ウ before a small vowel inside a word, half-width kana, the iteration marks',
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
    assert.ok(sameAsKana('MUHANMADO', 'MUHAMMAD'), 'ン before M doubles it');
    assert.ok(sameAsKana('BURAUN', 'BROWN'), 'an English W after a vowel');
    assert.ok(sameAsKana('BAIDEN', 'BIDEN'), 'an English I written AI');
    assert.ok(sameAsKana('IWANOFU', 'IWANOW'), 'a Polish W at the end');
    assert.ok(!sameAsKana('PUCHIN', 'PETIN'), 'another first vowel, after one consonant');
    assert.ok(!sameAsKana('WORUTON', 'BOLTON'), 'ウォ is W, not B');
    assert.ok(!sameAsKana('JIRO', 'ICHIRO'.slice(1)), 'J is not CH');
  });
});
