import { nameKey } from '../names/name-key.ts';
import type { ParseItem, SourceRecord } from '../registers/types.ts';
import type { FreshRecord } from '../store/bulk-load.ts';

/**
 * A parsed item ready for the store: the record serialised once (the JSON stored, and compared
 * with the stored copy) and its searchable names with their keys. Items travel in flat
 * arrays (a tag, then the fields) because that is what crosses from a parsing thread cheaply: one
 * array of strings and numbers per batch, not an object per record.
 */
export type PreparedRecord = FreshRecord & { line: number };

export type PreparedItem =
  | { kind: 'record'; record: PreparedRecord }
  | { kind: 'rejected'; line: number; reason: string }
  | { kind: 'snapshot'; asOf: string };

/** One batch of items, flattened. */
export type Batch = Array<string | number | null>;

const RECORD = 0;
const REJECTED = 1;
const SNAPSHOT = 2;

/** The searchable names of a record, main name first, each (type, key) once; blank keys dropped. */
export function nameKeys(r: Pick<SourceRecord, 'name' | 'names'>) {
  const out: Array<{ name: string; type: string; key: string }> = [];
  const add = (name: string, type: string) => {
    const key = nameKey(name);
    if (key === '') return;
    for (const o of out) if (o.key === key && o.type === type) return;
    out.push({ name, type, key });
  };
  add(r.name, 'main');
  for (const n of r.names) add(n.name, n.type);
  return out;
}

/** A record's names and data as they are stored (and compared with the stored copy). */
export const serialise = (r: SourceRecord): { namesJson: string; dataJson: string } => ({
  namesJson: JSON.stringify(r.names),
  dataJson: JSON.stringify(r.data),
});

/** Appends one parsed item to a batch. */
export function addItem(batch: Batch, item: ParseItem): void {
  if (item.kind === 'snapshot') {
    batch.push(SNAPSHOT, item.asOf);
    return;
  }
  if (item.kind === 'rejected') {
    batch.push(REJECTED, item.line, item.reason);
    return;
  }
  const r = item.record;
  const { namesJson, dataJson } = serialise(r);
  const keys = nameKeys(r);
  batch.push(RECORD, r.key, r.abn ?? null, r.acn ?? null, r.name, r.status ?? null, r.asOf ?? null);
  batch.push(namesJson, dataJson, item.line);
  batch.push(keys.length);
  for (const k of keys) batch.push(k.name, k.type, k.key);
}

/** The items of a batch, in the order they were added. */
export function* readBatch(batch: Batch): Generator<PreparedItem> {
  let i = 0;
  const str = () => batch[i++] as string;
  const strOrNull = () => batch[i++] as string | null;
  const num = () => batch[i++] as number;
  while (i < batch.length) {
    const tag = num();
    if (tag === SNAPSHOT) {
      yield { kind: 'snapshot', asOf: str() };
    } else if (tag === REJECTED) {
      const line = num();
      yield { kind: 'rejected', line, reason: str() };
    } else {
      const record: PreparedRecord = {
        key: str(),
        abn: strOrNull(),
        acn: strOrNull(),
        name: str(),
        status: strOrNull(),
        asOf: strOrNull(),
        namesJson: str(),
        dataJson: str(),
        line: num(),
        names: [],
      };
      for (let n = num(); n > 0; n--) record.names.push({ name: str(), type: str(), key: str() });
      yield { kind: 'record', record };
    }
  }
}

/** The record as the adapter made it (what its `diff` compares), from its serialised form. */
export const toRecord = (p: PreparedRecord): SourceRecord => ({
  key: p.key,
  abn: p.abn,
  acn: p.acn,
  name: p.name,
  names: JSON.parse(p.namesJson),
  status: p.status,
  asOf: p.asOf,
  data: JSON.parse(p.dataJson),
});
