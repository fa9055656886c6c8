import type { DetectedChange } from '../../events/types.ts';
import type { SourceRecord } from '../types.ts';
import type { Trustee } from './parse.ts';

type Party = { name: string | null; abn: string | null; acn: string | null };

/**
 * The trustees in office: those without an end date. (diff is pure, with no clock, so an end date
 * the operator enters ahead of time already counts as ended.) Sorted, so order in the file is moot.
 */
function current(record: SourceRecord | null): Party[] {
  const trustees = (record?.data.trustees ?? []) as Trustee[];
  return trustees
    .filter((t) => !t.end_date)
    .map((t) => ({ name: t.name, abn: t.abn, acn: t.acn }))
    .sort((a, b) => identity(a).localeCompare(identity(b)));
}

/** A trustee is the same party when its ACN (else ABN, else name) is. */
const identity = (p: Party) => p.acn ?? p.abn ?? (p.name ?? '').toUpperCase();

/**
 * `relationship_change` when the set of current trustees changes, or when a trust that had trustees
 * leaves the file. A trust appearing raises nothing: its trustees are newly known, not changed (and a
 * first load would otherwise raise one event per trust).
 */
export function diff(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  if (!before) return [];
  const old = current(before);
  const now = current(after);
  if (old.map(identity).join('\n') === now.map(identity).join('\n')) return [];
  const trust = after ?? before;
  return [
    {
      type: 'relationship_change',
      entity: { abn: trust.abn, acn: null, name: trust.name },
      changes: [{ field: 'trustees', old, new: now }],
    },
  ];
}
