// A listed party as a screening list's record, for tests that build a list index by hand.
import type { SourceRecord } from '../../src/registers/types.ts';

export const listedParty = (key: string, name: string, type = 'Individual'): SourceRecord => ({
  key,
  abn: null,
  acn: null,
  name,
  names: [],
  status: 'listed',
  asOf: null,
  data: { type },
});
