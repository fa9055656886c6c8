import type { DetectedChange } from '../../events/types.ts';
import type { SourceRecord } from '../types.ts';

/** Statuses that end a company's registration (docs/registers.md §3.2). */
const ENDED = new Set(['DRGD', 'DISS', 'CNCL', 'NRGD']);

/**
 * ASIC company events between two snapshots of one ACN:
 * - `name_change` when the current name changes;
 * - `deregistration` when the status moves into DRGD/DISS/CNCL/NRGD from a status that had not
 *   already ended the registration (CNCL → DRGD is not a second deregistration), or when a company
 *   not already ended leaves the file (deregistered companies stay in it for a year, so a live
 *   company vanishing means it is gone);
 * - `external_administration` when the status moves to EXAD. SOFF (strike-off action in progress)
 *   is deliberately not one: it is ASIC's own deregistration process (often a voluntary
 *   application), with no administrator, liquidator or controller appointed; it surfaces as
 *   `deregistration` when it completes as DRGD.
 */
export function diffCompanies(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  if (before === null) return [];
  if (after === null) {
    if (before.status !== null && ENDED.has(before.status)) return [];
    return [
      {
        type: 'deregistration',
        entity: entityOf(before),
        changes: [{ field: 'status', old: before.status, new: null }],
      },
    ];
  }
  const events: DetectedChange[] = [];
  const entity = entityOf(after);
  if (before.name !== after.name) {
    events.push({
      type: 'name_change',
      entity,
      changes: [{ field: 'entity_name', old: before.name, new: after.name }],
    });
  }
  const wasEnded = before.status !== null && ENDED.has(before.status);
  if (after.status !== null && ENDED.has(after.status) && !wasEnded) {
    events.push({
      type: 'deregistration',
      entity,
      changes: [{ field: 'status', old: before.status, new: after.status }],
    });
  }
  if (after.status === 'EXAD' && before.status !== 'EXAD') {
    events.push({
      type: 'external_administration',
      entity,
      changes: [{ field: 'status', old: before.status, new: after.status }],
    });
  }
  return events;
}

function entityOf(record: SourceRecord): DetectedChange['entity'] {
  return { abn: record.abn, acn: record.acn, name: record.name };
}
