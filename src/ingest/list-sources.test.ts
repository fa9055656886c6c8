import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shownName } from './list-sources.ts';

describe('file names shown by /v1/sources', () => {
  it('leave out the server folders, and keep an archive entry whole', () => {
    assert.equal(shownName('/srv/aevs/incoming/acnc.csv'), 'acnc.csv');
    assert.equal(shownName('relative/dir/BUSINESS_NAMES.csv'), 'BUSINESS_NAMES.csv');
    assert.equal(
      shownName('/srv/in/public_split_1_10.zip:2026/20261118Public01.xml'),
      'public_split_1_10.zip:2026/20261118Public01.xml',
    );
    assert.equal(shownName('acnc.csv'), 'acnc.csv');
    assert.equal(shownName('/srv/in/2026-11-23T10:00/acnc.csv'), 'acnc.csv', 'a colon in a folder name');
    assert.equal(
      shownName('public_split_1_10.zip:20261118Public01.xml'),
      'public_split_1_10.zip:20261118Public01.xml',
    );
  });
});
