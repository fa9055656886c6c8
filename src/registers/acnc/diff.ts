import type { DetectedChange } from '../../events/types.ts';
import type { SourceRecord } from '../types.ts';

/**
 * ACNC events between two snapshots of one ABN, all `charity_status_change`:
 * - the charity is gone from the register (the file lists registered charities only, so absence
 *   means revoked or voluntarily deregistered): `charity_status` Registered → null;
 * - its size moves (`charity_size`, e.g. Small → Medium, or a first size on a new charity's first
 *   annual statement).
 * A charity appearing is not reported: a first load makes every charity "new", and the
 * registration of a charity for an ABN is already dated in `registration_date` on its record.
 */
export function diffCharities(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  if (before === null) return [];
  if (after === null) {
    return [
      {
        type: 'charity_status_change',
        entity: entityOf(before),
        changes: [{ field: 'charity_status', old: before.status, new: null }],
      },
    ];
  }
  const oldSize = before.data.charity_size ?? null;
  const newSize = after.data.charity_size ?? null;
  if (oldSize === newSize) return [];
  return [
    {
      type: 'charity_status_change',
      entity: entityOf(after),
      changes: [{ field: 'charity_size', old: oldSize, new: newSize }],
    },
  ];
}

function entityOf(record: SourceRecord): DetectedChange['entity'] {
  return { abn: record.abn, acn: record.acn, name: record.name };
}
