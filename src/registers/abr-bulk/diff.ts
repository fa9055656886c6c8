import type { DetectedChange } from '../../events/types.ts';
import type { SourceRecord } from '../types.ts';

/**
 * ABR events between two snapshots of one ABN: `name_change` (main or individual name),
 * `abn_cancelled` (ACT → CAN, or an active ABN gone from a full extract) and `gst_deregistered`
 * (GST ACT → CAN or NON).
 */
export function diffAbr(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  if (before === null) return [];
  if (after === null) {
    if (before.status !== 'ACT') return [];
    return [
      {
        type: 'abn_cancelled',
        entity: entityOf(before),
        changes: [{ field: 'abn_status', old: 'ACT', new: null }],
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
  if (before.status === 'ACT' && after.status === 'CAN') {
    events.push({
      type: 'abn_cancelled',
      entity,
      changes: [{ field: 'abn_status', old: 'ACT', new: 'CAN' }],
    });
  }
  const gstAfter = after.data.gst_status;
  if (before.data.gst_status === 'ACT' && (gstAfter === 'CAN' || gstAfter === 'NON')) {
    events.push({
      type: 'gst_deregistered',
      entity,
      changes: [{ field: 'gst_status', old: 'ACT', new: gstAfter }],
    });
  }
  return events;
}

function entityOf(record: SourceRecord): DetectedChange['entity'] {
  return { abn: record.abn, acn: record.acn, name: record.name };
}
