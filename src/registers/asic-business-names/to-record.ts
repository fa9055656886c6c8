import { col } from '../tabular.ts';
import type { SourceRecord } from '../types.ts';
import { abnOrNull, clean, dmyToIso } from '../values.ts';

/**
 * Maps one business-name row (docs/registers.md §4) to a record, or says why it cannot be one.
 *
 * The key is the name (upper-cased, spaces folded) and the holder: `NAME|BN_ABN`, or
 * `NAME|BN_STATE_NUM` when ASIC records no ABN (pre-2012 state registrations). The file has no
 * business-name number, and a name alone is not enough: the same name can be cancelled for one
 * holder and registered to another within the year both are listed. The raw BN_ABN digits go in the
 * key even when they fail the check digit, so the key does not move if a later check changes.
 *
 * A cancelled name's key adds `|cancelled <BN_REG_DT>`: the holder may have registered the same name
 * again (one row cancelled, one registered, in the same file), and each registration is its own
 * record. A registration that is cancelled thus leaves its registered key (read as gone: the
 * `business_name` event) for a cancelled one (no event).
 */
export function toBusinessNameRecord(row: Record<string, string>): SourceRecord | string {
  // Names are space-padded on the left (a fixed-width artefact) and may hold literal `"` and `\`.
  const name = clean(col(row, 'BN_NAME'));
  if (!name) return 'no business name';
  const abnRaw = col(row, 'BN_ABN').replace(/\s/g, '');
  const stateNumber = clean(col(row, 'BN_STATE_NUM'));
  const status = clean(col(row, 'BN_STATUS'));
  const holder = `${name.toUpperCase()}|${abnRaw || stateNumber || ''}`;
  return {
    key: status === 'Registered' ? holder : `${holder}|cancelled ${clean(col(row, 'BN_REG_DT')) ?? ''}`,
    abn: abnOrNull(abnRaw),
    acn: null,
    name,
    names: [],
    status,
    asOf: null,
    data: {
      registration_date: dmyToIso(col(row, 'BN_REG_DT')),
      cancel_date: dmyToIso(col(row, 'BN_CANCEL_DT')),
      state_number: stateNumber,
      state_of_registration: clean(col(row, 'BN_STATE_OF_REG')),
    },
  };
}
