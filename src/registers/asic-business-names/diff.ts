import type { DetectedChange } from '../../events/types.ts';
import type { SourceRecord } from '../types.ts';

/**
 * A business name is a name its holder trades under, so its coming and going is a `name_change` of
 * the holder (the ABN), with field `business_name`: newly Registered (a new record, or a Cancelled
 * one registered again) is `null → name`; Cancelled, or gone from the file while still Registered,
 * is `name → null`. A Cancelled name dropping off after its year in the file was already reported.
 * The holder's own name is not in this file (it joins the ABR by ABN), so `entity.name` is null; a
 * name with no ABN recorded has no entity to report on and yields nothing. The key includes the
 * name, so a record's name never changes in place.
 */
export function diffBusinessNames(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[] {
  const wasRegistered = before?.status === 'Registered';
  const isRegistered = after?.status === 'Registered';
  if (wasRegistered === isRegistered) return [];
  const record = after ?? before;
  if (!record?.abn) return [];
  return [
    {
      type: 'name_change',
      entity: { abn: record.abn, acn: null, name: null },
      changes: [
        {
          field: 'business_name',
          old: wasRegistered ? record.name : null,
          new: isRegistered ? record.name : null,
        },
      ],
    },
  ];
}
