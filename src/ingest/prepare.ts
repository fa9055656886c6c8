import { hash } from 'node:crypto';
import { nameKey } from '../names/name-key.ts';
import type { ParseItem, SourceRecord } from '../registers/types.ts';
import type { FreshRecord } from '../store/bulk-load.ts';

/**
 * A parsed item ready for the store: the record serialised once (the JSON stored, and compared
 * with the stored copy) and its searchable names with their keys.
 */
export type PreparedRecord = FreshRecord & { line: number };

export type PreparedItem =
  | { kind: 'record'; record: PreparedRecord }
  | { kind: 'rejected'; line: number; reason: string }
  | { kind: 'snapshot'; asOf: string };

/**
 * Items flattened for the crossing from a parsing thread: every string of the batch joined into one,
 * and a list of numbers saying where each ends (its length, -1 for null) between the items' tags,
 * lines and counts. Copying one string and one array of numbers to another thread, and slicing the
 * string there, costs both threads less than copying the thousands of small strings it is made of.
 */
export type Batch = { text: string; layout: number[] };

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

/** A record's names and data as they are stored, and its fingerprint. */
export function serialise(r: SourceRecord): { namesJson: string; dataJson: string; fingerprint: string } {
  const namesJson = JSON.stringify(r.names);
  const dataJson = JSON.stringify(r.data);
  return { namesJson, dataJson, fingerprint: fingerprintOf({ ...r, namesJson, dataJson }) };
}

/**
 * A digest of everything a stored record is compared on (docs/architecture.md, an ingest): equal
 * fingerprints are an equal record, so a re-ingest reads 22 characters of each stored record rather
 * than all of it. The fields go in as JSON and the parts are joined by a character JSON never holds
 * unescaped, so different records cannot run together into the same text.
 */
export const fingerprintOf = (
  r: Pick<SourceRecord, 'abn' | 'acn' | 'name' | 'status' | 'asOf'> & { namesJson: string; dataJson: string },
): string =>
  hash(
    'sha256',
    `${JSON.stringify([r.abn, r.acn, r.name, r.status, r.asOf])}\u0000${r.namesJson}\u0000${r.dataJson}`,
    'base64url',
  ).slice(0, 22);

/** Collects items into batches: `add` each, then `take` the batch (and start the next). */
export function batchWriter() {
  let parts: string[] = [];
  let layout: number[] = [];
  let items = 0;
  const str = (value: string | null) => {
    if (value === null) layout.push(-1);
    else {
      parts.push(value);
      layout.push(value.length);
    }
  };
  return {
    get items() {
      return items;
    },
    add(item: ParseItem): void {
      items++;
      if (item.kind === 'snapshot') {
        layout.push(SNAPSHOT);
        str(item.asOf);
        return;
      }
      if (item.kind === 'rejected') {
        layout.push(REJECTED, item.line);
        str(item.reason);
        return;
      }
      const r = item.record;
      const { namesJson, dataJson, fingerprint } = serialise(r);
      const keys = nameKeys(r);
      layout.push(RECORD, item.line, keys.length);
      str(r.key);
      str(r.abn ?? null);
      str(r.acn ?? null);
      str(r.name);
      str(r.status ?? null);
      str(r.asOf ?? null);
      str(namesJson);
      str(dataJson);
      str(fingerprint);
      for (const k of keys) {
        str(k.name);
        str(k.type);
        str(k.key);
      }
    },
    take(): Batch {
      const batch = { text: parts.join(''), layout };
      parts = [];
      layout = [];
      items = 0;
      return batch;
    },
  };
}

/** The items of a batch, in the order they were added. */
export function* readBatch({ text, layout }: Batch): Generator<PreparedItem> {
  let i = 0;
  let at = 0;
  const num = () => layout[i++] as number;
  const strOrNull = () => {
    const length = num();
    if (length < 0) return null;
    at += length;
    return text.slice(at - length, at);
  };
  const str = () => strOrNull() as string;
  while (i < layout.length) {
    const tag = num();
    if (tag === SNAPSHOT) {
      yield { kind: 'snapshot', asOf: str() };
    } else if (tag === REJECTED) {
      const line = num();
      yield { kind: 'rejected', line, reason: str() };
    } else {
      const line = num();
      const count = num();
      const record: PreparedRecord = {
        key: str(),
        abn: strOrNull(),
        acn: strOrNull(),
        name: str(),
        status: strOrNull(),
        asOf: strOrNull(),
        namesJson: str(),
        dataJson: str(),
        fingerprint: str(),
        line,
        names: [],
      };
      for (let n = count; n > 0; n--) record.names.push({ name: str(), type: str(), key: str() });
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
