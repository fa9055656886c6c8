/** The subscribable change-event types (docs/decisions.md, contract summary §6). */
export const EVENT_TYPES = [
  'deregistration',
  'name_change',
  'abn_cancelled',
  'gst_deregistered',
  'banned_match',
  'sanctions_match',
  'external_administration',
  'bankruptcy_petition_filed',
  'charity_status_change',
  'licensing_change',
  'professional_registration_change',
  'relationship_change',
  'austrac_roll_change',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** One field's move, as the register shows it. `old`/`new` are null when the record appears or goes. */
export type FieldChange = { field: string; old: unknown; new: unknown };

/** What an adapter's `diff` reports; the ingest adds the event id, source, as-of and time. */
export type DetectedChange = {
  type: EventType;
  /** The entity the event is about: at least one of abn or acn. */
  entity: { abn?: string | null; acn?: string | null; name?: string | null };
  changes: FieldChange[];
};
