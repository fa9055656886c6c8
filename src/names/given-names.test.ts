import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GIVEN_NAME_FORMS, givenNameOf } from './given-names.ts';

describe('given names in other languages', () => {
  it('reads every listed form as its own name, none as another name’s', () => {
    GIVEN_NAME_FORMS.forEach((line, group) => {
      for (const form of line.split(' ')) assert.equal(givenNameOf(form), `given:${group}`, form);
    });
  });

  it('reads a patronymic, a son’s or a daughter’s, as the father’s given name', () => {
    const nikolay = givenNameOf('NIKOLAY')?.replace('given', 'father');
    for (const p of [
      'MYKOLAYOVYCH',
      'NIKOLAYEVICH',
      'NIKOLAEVICH',
      'MIKALAYEVICH',
      'MYKOLAIVNA',
      'NIKOLAEVNA',
    ])
      assert.equal(givenNameOf(p), nikolay, p);
    assert.equal(givenNameOf('HRYHORYAVICH'), givenNameOf('GRIGORYEVICH'));
    const yuri = givenNameOf('YURIY')?.replace('given', 'father');
    for (const p of ['IUREUNA', 'JURJEWNA', 'YURYEVNA']) assert.equal(givenNameOf(p), yuri, p);
    assert.equal(givenNameOf('FORTUNA'), null);
    assert.notEqual(givenNameOf('NIKOLAYEVICH'), givenNameOf('NIKOLAY'), 'a patronymic is no given name');
  });

  it('knows nothing of names it does not list', () => {
    for (const w of ['QUILLBERN', 'SMITH', 'IVANOV', 'KOVICH', 'OVICH'])
      assert.equal(givenNameOf(w), null, w);
  });
});
