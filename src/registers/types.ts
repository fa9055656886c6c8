import type { Readable } from 'node:stream';
import type { DetectedChange, EventType } from '../events/types.ts';

/** Dataset names, as the CLI and GET /v1/sources spell them. */
export const DATASETS = [
  'abr-bulk',
  'asic-companies',
  'asic-business-names',
  'acnc',
  'gleif',
  'gleif-mappings',
  'dfat',
  'asic-banned-persons',
  'asic-banned-orgs',
  'afs-licensees',
  'afs-representatives',
  'credit-licensees',
  'credit-representatives',
  'financial-advisers',
  'registered-auditors',
  'smsf-auditors',
  'registered-liquidators',
  'oric',
  'super-funds',
  'asic-insolvency',
  'austrac',
  'npii',
  'trustees',
] as const;

export type DatasetName = (typeof DATASETS)[number];

/** A name a record is known by, beyond its main one. */
export type RecordName = {
  name: string;
  /** e.g. `former`, `business`, `trading`, `alias`, `alias_weak`, `original_script`, `individual`. */
  type: string;
};

/**
 * One record of a register, as the register states it. `key` is stable within the dataset (an ABN,
 * an ACN, a licence number, a DFAT reference): the ingest diffs snapshots key by key.
 */
export type SourceRecord = {
  key: string;
  /** 11 digits, check-digit valid, or null. */
  abn: string | null;
  /** 9 digits (an ACN or an ARBN), check-digit valid, or null. */
  acn: string | null;
  /** The main name, trimmed, as the register writes it. */
  name: string;
  names: RecordName[];
  /** The register's own status code or word, unchanged (`REGD`, `ACT`, `Registered`, …), or null. */
  status: string | null;
  /** The register's own date for this record (ISO `YYYY-MM-DD`), where it gives one. */
  asOf: string | null;
  /** Everything else the register says, under our field names; stored as JSON. */
  data: Record<string, unknown>;
};

/** What a parser yields, in file order. `line` is 1-based in the file (for XML, the record's line). */
export type ParseItem =
  | { kind: 'record'; record: SourceRecord; line: number }
  | { kind: 'rejected'; line: number; reason: string }
  /** The snapshot's own date, when the file carries one (ABR `ExtractTime`). */
  | { kind: 'snapshot'; asOf: string };

export type ParseContext = { fileName: string };

export interface RegisterAdapter {
  dataset: DatasetName;
  /** The register, for people: "ASIC Company Dataset". */
  title: string;
  /** The provenance code on every field it supplies: `abr`, `asic`, `acnc`, `gleif`, `dfat`, `oric`, `apra`, `austrac`, `afsa`. */
  source: string;
  /** Streams the records out of one file. Malformed rows are yielded as `rejected`, never thrown. */
  parse(input: Readable, context: ParseContext): AsyncIterable<ParseItem>;
  /**
   * The change events between the stored record and the new one for the same key: `before` is null
   * when the record is new, `after` null when it is absent from a full new snapshot.
   */
  diff(before: SourceRecord | null, after: SourceRecord | null): DetectedChange[];
  /**
   * For lists of people and organisations with no ABN or ACN to join on (DFAT, banned persons): the
   * event the ingest raises for each entity in the other registers whose name newly matches one of
   * this list's names. The ingest does the matching; `diff` returns nothing for such lists.
   */
  nameMatchEvent?: EventType;
  /**
   * Each record carries the register's own last-updated date (`asOf`), and records may also be
   * stored one by one between snapshots (the ABR's daily re-read). A snapshot older than the stored
   * record neither replaces it nor, when it lacks the record, removes it.
   */
  keepsNewerRecord?: boolean;
}

/** A whole file that cannot be read as this register's format (wrong header, not XML, …). */
export class FormatError extends Error {
  override name = 'FormatError';
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}
