import type { DetectedChange } from '../../events/types.ts';
import type { SourceRecord } from '../types.ts';

// `Deregistered` in the extract; the myCorp grid's capitalisation is [U], so compare without case.
const isDeregistered = (record: SourceRecord) => record.status?.toLowerCase() === 'deregistered';

/**
 * ORIC events between two snapshots of one ICN: `name_change` when the corporation's name changes;
 * `deregistration` when its status becomes Deregistered, or when a corporation not already
 * deregistered leaves a full extract (the extract lists deregistered corporations too, so absence
 * of a live one means it is gone). Events are about an ABN: a corporation without one yields
 * nothing, having no ABN or ACN for a watch to follow.
 */
export function diffCorporations(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  if (before === null) return [];
  const record = after ?? before;
  if (!record.abn) return [];
  const entity = { abn: record.abn, acn: null, name: record.name };
  if (after === null) {
    if (isDeregistered(before)) return [];
    return [
      { type: 'deregistration', entity, changes: [{ field: 'status', old: before.status, new: null }] },
    ];
  }
  const events: DetectedChange[] = [];
  if (before.name !== after.name) {
    events.push({
      type: 'name_change',
      entity,
      changes: [{ field: 'entity_name', old: before.name, new: after.name }],
    });
  }
  if (isDeregistered(after) && !isDeregistered(before)) {
    events.push({
      type: 'deregistration',
      entity,
      changes: [{ field: 'status', old: before.status, new: after.status }],
    });
  }
  return events;
}
