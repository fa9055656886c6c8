import type { Readable } from 'node:stream';
import type { DetectedChange, EventType, FieldChange } from '../events/types.ts';

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

/** The screening lists a resolve candidate and POST /v1/screen report on, by their response key, in response order. */
export const SCREENING_LIST_ORDER = ['dfat_sanctions', 'asic_banned_org', 'asic_banned_person'] as const;
export type ScreeningList = (typeof SCREENING_LIST_ORDER)[number];

/**
 * Where a register's records show in a resolve candidate: a block's field (`licensing.afs_licensee`),
 * a canonical field (`canonical.icn`) or a screening field (`screening.bankruptcy_petition`).
 */
export type ResolveSlot =
  | 'charity'
  | 'licensing.afs_licensee'
  | 'licensing.credit_licensee'
  | 'licensing.afs_authorised_rep'
  | 'licensing.credit_rep'
  | 'professional_registrations.financial_adviser'
  | 'professional_registrations.registered_auditor'
  | 'professional_registrations.smsf_auditor'
  | 'external_ids.lei'
  | 'external_ids.mappings'
  | 'superannuation'
  | 'canonical.icn'
  | 'canonical.related_entities'
  | 'screening.external_administration'
  | 'screening.bankruptcy_petition'
  | 'screening.austrac_reporting_entity';

/**
 * What a register is to the rest of the service, declared once on its adapter: the registry
 * (`registers/index.ts`) is the only list of registers, and every consumer asks it by role.
 */
export type RegisterRoles = {
  /**
   * The register that identifies entities by this number: the ABR for ABNs, ASIC's company
   * register for ACNs. Its records join the ABN and ACN views of one entity, and are the identity
   * fields of the canonical record.
   */
  identity?: 'abn' | 'acn';
  /** Its names are the entity's own names (screened as the entity's): identity registers, charities, corporations. */
  entityNames?: boolean;
  /** A screening list: its key in the response, its title for people, and how old a live copy may be. */
  screening?: {
    list: ScreeningList;
    title: string;
    maxAgeDays: number;
    /** Entries carry ACNs, and an entity is also found on the list by its ACN. */
    byAcn?: boolean;
    /** Every entry is a person (the matcher tolerates a middle name missing on one side). */
    people?: boolean;
  };
  /** Where its records show in a resolve candidate. */
  resolve?: ResolveSlot;
  /** The change events its diff (or its name matching) raises. */
  events?: readonly EventType[];
  /**
   * For the sandbox's POST /v1/sandbox/events: the field changes a typical event of the type
   * carries, given the entity's name. Exactly one register gives the example for each event type.
   */
  sandboxExamples?: Partial<Record<EventType, (name: string) => FieldChange[]>>;
};

export interface RegisterAdapter<D extends string = string> extends RegisterRoles {
  dataset: D;
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

/** An adapter with its dataset name kept as a literal type, for the registry's list of names. */
export const defineRegister = <const D extends string>(
  adapter: RegisterAdapter<D> & Required<Pick<RegisterRoles, 'events'>>,
): RegisterAdapter<D> => adapter;

/** A whole file that cannot be read as this register's format (wrong header, not XML, …). */
export class FormatError extends Error {
  override name = 'FormatError';
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}
