import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REVIEW_THRESHOLD } from '../screen/screen-entity.ts';
import { compareNames } from './align-names.ts';
import { burmeseSyllables } from './burmese.ts';
import { prepareName } from './name-tokens.ts';

const score = (a: string, b: string) => compareNames(prepareName(a), prepareName(b), { person: true }).score;

describe('Burmese names read syllable by syllable (burmese.ts)', () => {
  it('reads onsets, medials, vowel signs, finals and the creaky tone as customary spellings do', () => {
    assert.deepEqual(burmeseSyllables('မင်းအောင်လှိုင်').plain, ['MIN', 'AUNG', 'HLAING']);
    assert.deepEqual(burmeseSyllables('သန်းရွှေ').plain, ['THAN', 'SHWE']);
    assert.deepEqual(burmeseSyllables('မြင့်ဆွေ').plain, ['MYINT', 'SWE']);
    assert.deepEqual(burmeseSyllables('ကျော်ဇော').plain, ['KYAW', 'ZAW']);
    assert.deepEqual(burmeseSyllables('ဦးနု').plain, ['U', 'NU']);
    assert.deepEqual(burmeseSyllables('ချစ်ဆွေ').plain, ['CHIT', 'SWE']);
  });

  it('aspirates without their H, and with it as the other reading', () => {
    const tun = burmeseSyllables('ထွန်း');
    assert.deepEqual([tun.plain, tun.aspirated], [['TUN'], ['HTUN']]);
  });

  it('matches the Latin forms of a name, not another name', () => {
    assert.ok(score('မင်းအောင်လှိုင်', 'Min Aung Hlaing') >= REVIEW_THRESHOLD);
    assert.ok(score('စိုးဝင်း', 'Soe Win') >= REVIEW_THRESHOLD);
    assert.ok(score('ဇော်မင်းထွန်း', 'Zaw Min Htun') >= REVIEW_THRESHOLD);
    assert.ok(score('မြင့်ဆွေ', 'Myint Swe') >= REVIEW_THRESHOLD);
    assert.ok(score('ဦးနု', 'U Nu') >= REVIEW_THRESHOLD, 'the honorific U');
    assert.ok(score('စိုးဝင်း', 'Soe Myint') < REVIEW_THRESHOLD);
    assert.ok(score('မင်းအောင်လှိုင်', 'Min Aung Hla') < REVIEW_THRESHOLD);
  });
});
