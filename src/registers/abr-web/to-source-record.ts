import { type AbrRow, emptyRow, toRecord } from '../abr-bulk/to-record.ts';
import type { SourceRecord } from '../types.ts';
import type { AbrEntity } from './entity.ts';

type StoredDgr = { status: string | null; from: string | null; fund_name: string | null };
type StoredIndividual = { title: string | null; given: string[]; family: string | null };

/** `YYYY-MM-DD` (or null) → the bulk extract's `YYYYMMDD`, with its `19000101` "no date". */
const bulkDate = (iso: string | null): string => (iso ? iso.replaceAll('-', '') : '19000101');

/**
 * A live ABR read (the web services) as the ABN Bulk Extract record for the same ABN, so that a
 * daily re-read and the weekly extract store, compare and diff one shape. The bulk row is built and
 * mapped by the bulk adapter's own `toRecord`. What the web services do not say is kept from the
 * stored record: deductible gift recipient entries, the replaced flag, an individual's title, trading
 * names (when the answer has none), and whether an unregistered GST status was once
 * registered (`CAN`) or never (`NON`).
 */
export function webEntityRecord(entity: AbrEntity, stored: SourceRecord | null): SourceRecord | string {
  const before = stored?.data ?? {};
  const row: AbrRow = emptyRow();
  row.abn = entity.abn;
  row.recordLastUpdatedDate = bulkDate(entity.record_last_updated);
  row.replaced = before.replaced === true ? 'Y' : 'N';
  row.abnStatus = entity.abn_status === 'Active' ? 'ACT' : 'CAN';
  row.abnStatusFromDate = bulkDate(entity.abn_status_from);
  row.entityTypeInd = entity.entity_type_code ?? '';
  row.entityTypeText = entity.entity_type_text ?? '';
  if (entity.individual) {
    const title = (before.individual as StoredIndividual | undefined)?.title ?? null;
    const given = [entity.individual.given, entity.individual.other_given].filter((g): g is string => !!g);
    row.individual = { title, given, family: entity.individual.family };
  } else if (entity.entity_type_code === 'IND' && entity.entity_name) {
    // The JSON endpoint gives an individual only as "FAMILY, GIVEN OTHER".
    const [family, given = ''] = entity.entity_name.split(/,\s*/, 2);
    row.individual = { title: null, given: given.split(/\s+/).filter(Boolean), family: family ?? null };
  } else {
    row.mainName = entity.entity_name;
  }
  row.state = entity.state ?? '';
  row.postcode = entity.postcode ?? '';
  row.asicNumber = entity.acn;
  const wasRegistered = before.gst_status === 'ACT' || before.gst_status === 'CAN';
  row.gstStatus = entity.gst_registered ? 'ACT' : wasRegistered ? 'CAN' : 'NON';
  row.gstStatusFromDate = entity.gst_registered ? bulkDate(entity.gst_from) : '19000101';
  row.dgr = ((before.dgr as StoredDgr[] | undefined) ?? []).map((d) => ({
    status: d.status,
    from: bulkDate(d.from),
    fundName: d.fund_name,
  }));
  const storedOther = (before.other_names as { type: string; name: string }[] | undefined) ?? [];
  // The JSON endpoint never returns trading names, and the XML one has returned none since they were
  // retired (November 2025): the stored ones stay until the bulk extract says otherwise.
  const trading =
    entity.trading_names === null || entity.trading_names.length === 0
      ? storedOther.filter((n) => n.type !== 'BN')
      : entity.trading_names.map((n) => ({ type: 'TRD', name: n.name }));
  row.otherNames = [...entity.business_names.map((n) => ({ type: 'BN', name: n.name })), ...trading];
  return toRecord(row);
}
