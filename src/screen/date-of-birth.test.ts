import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareBirthDate, listedBirthDates } from './date-of-birth.ts';

describe('dates of birth on the DFAT list', () => {
  it('reads the free-text forms the list uses', () => {
    assert.deepEqual(listedBirthDates('12/03/1970'), [{ day: 12, month: 3, year: 1970 }]);
    assert.deepEqual(listedBirthDates('1970-03-12'), [{ year: 1970, month: 3, day: 12 }]);
    assert.deepEqual(listedBirthDates('1945, 1946'), [{ year: 1945 }, { year: 1946 }]);
    assert.deepEqual(listedBirthDates('Between 1960 and 1962'), [{ from: 1960, to: 1962 }]);
    assert.deepEqual(listedBirthDates('a) 01/01/1955 b) 1956'), [
      { day: 1, month: 1, year: 1955 },
      { year: 1956 },
    ]);
    assert.deepEqual(listedBirthDates('Approximately 1965'), [{ year: 1965 }]);
    assert.deepEqual(listedBirthDates('unknown'), []);
  });

  it('compares only the parts both sides give, and says unknown when the list gives none', () => {
    assert.equal(compareBirthDate('1970-03-12', '12/03/1970'), 'consistent');
    assert.equal(compareBirthDate('1970', '12/03/1970'), 'consistent');
    assert.equal(compareBirthDate('1970-04', '12/03/1970'), 'inconsistent');
    assert.equal(compareBirthDate('1971-03-12', '12/03/1970'), 'inconsistent');
    assert.equal(compareBirthDate('1946-07-01', '1945, 1946'), 'consistent');
    assert.equal(compareBirthDate('1961', 'Between 1960 and 1962'), 'consistent');
    assert.equal(compareBirthDate('1963', 'Between 1960 and 1962'), 'inconsistent');
    assert.equal(compareBirthDate('1980', null), 'unknown');
    assert.equal(compareBirthDate('1980', 'not known'), 'unknown');
  });
});
