// Candidates among many listed names sharing common words: the list index finds the right one
// before the full comparison (docs/screening.md, finding candidates).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listedParty } from '../../test/helpers/listed-party.ts';
import { ListIndex } from './list-index.ts';
import { REVIEW_THRESHOLD } from './screen-entity.ts';

/** A made-up word of letters for each number: QUILLAB, QUILLAC, … */
const word = (prefix: string, i: number) =>
  prefix +
  String.fromCharCode(65 + (i % 26)) +
  String.fromCharCode(65 + (Math.floor(i / 26) % 26)) +
  String.fromCharCode(65 + (Math.floor(i / 676) % 26));

describe('candidates among many names sharing common words', () => {
  // Over a thousand names for each common word, so that each is common in the list.
  const many = 1100;
  const index = new ListIndex([
    ...Array.from({ length: many }, (_, i) =>
      listedParty(`ali${i}`, `Ali ${word('Quill', i)} ${word('Tornav', i)}`),
    ),
    ...Array.from({ length: many }, (_, i) => listedParty(`ma${i}`, `Mohammed Abdullah ${word('Varn', i)}`)),
    ...Array.from({ length: many }, (_, i) =>
      listedParty(`ah${i}`, `Ahmad ${word('Kelv', i)} ${word('Morv', i)}`),
    ),
    ...Array.from({ length: 200 }, (_, i) => listedParty(`h${i}`, `${word('Zand', i)} Hamid`)),
    ...Array.from({ length: 200 }, (_, i) => listedParty(`k${i}`, `Abd al-Karim ${word('Pell', i)} Hamid`)),
    ...Array.from({ length: 80 }, (_, i) =>
      listedParty(`qm${i}`, `Quillan Mortabek ${word('Zarv', i)} ${word('Dolv', i)}`),
    ),
    listedParty('short', 'Quillan Mortabeck'),
    ...Array.from({ length: 80 }, (_, i) =>
      listedParty(`s${i}`, `${word('Harv', i)} Shipping Limited`, 'Entity'),
    ),
    listedParty('abc', 'QBX Shipping Limited', 'Entity'),
    listedParty('target', 'Mohammed Abdullah al-Ahmad'),
    listedParty('karim', 'Abdulkarim Hamid'),
  ]);
  const found = (name: string) => index.match(name, REVIEW_THRESHOLD).map((m) => m.entry.record.key);

  it('a name whose every word is common, in Arabic script against its Latin form', () => {
    assert.ok(found('محمد عبد الله الأحمد').includes('target'));
  });

  it('ABD and the name after it written as one or apart', () => {
    assert.ok(found('Abd al-Karim Hamid').includes('karim'), 'listed as one word');
  });

  it('the same letters with the words broken elsewhere, among many names sharing its one word', () => {
    assert.ok(found('Q.B.X. Shipping Ltd').includes('abc'));
  });

  it('a person whose last syllable reads as a legal form (KIM SA), on a mixed list and on a list of people', () => {
    assert.ok(
      new ListIndex([listedParty('sa', 'Quvan Sa')]).match('Quvan Sa', REVIEW_THRESHOLD).length === 1,
    );
    const mixed = new ListIndex([
      listedParty('sa', 'Quvan Sa'),
      listedParty('co', 'Quvan Trading S.A.', 'Entity'),
    ]);
    assert.deepEqual(
      mixed.match('Quvan Sa', REVIEW_THRESHOLD).map((m) => m.entry.record.key),
      ['sa'],
    );
  });

  it('a short name sharing its words in another spelling, before long names sharing them as written', () => {
    assert.ok(found('Quillan Mortabek').includes('short'));
  });
});
