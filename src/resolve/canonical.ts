import { asOfTimestamp, type RegistersState } from '../entities/registers-state.ts';
import { nameKey } from '../names/name-key.ts';
import { identityRegister, registerFor, sourceOf } from '../registers/index.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import type { Candidate } from './schemas.ts';

type Provenance = { value: unknown; source: string; as_of?: string; note?: string };
type Canonical = Candidate['canonical'];

// ABR entity type codes (docs/registers.md §1.4) by the form they denote.
const TRUST_CODES = new Set([
  'TRT',
  'DTT',
  'DIT',
  'DST',
  'FXT',
  'FUT',
  'HYT',
  'PUT',
  'PQT',
  'PTT',
  'CUT',
  'CMT',
  'PST',
  'FHS',
]);
const PARTNERSHIP_CODES = new Set(['FPT', 'PTR', 'LPT']);
const COMPANY_CODES = new Set(['PRV', 'PUB']);
const SUPER_CODES = new Set(['SMF', 'SUP', 'NRF', 'POF', 'NPF', 'SAF', 'ADF', 'ARF']);

const ASIC_STATUS: Record<string, string> = {
  REGD: 'Registered',
  DRGD: 'Deregistered',
  EXAD: 'External administration',
  SOFF: 'Strike-off action in progress',
  NOAC: 'Not active',
  NRGD: 'Not registered',
  PROV: 'Provisional',
  DISS: 'Dissolved by special act',
  DIV3: 'Transferred registration (DIV3)',
  PEND: 'Pending (schemes)',
  CNCL: 'Cancelled',
};

export function entityForm(abr: EntityRecord | undefined, asic: EntityRecord | undefined): string {
  const code = String(abr?.data.entity_type_code ?? '');
  if (code === 'IND') return 'individual';
  if (TRUST_CODES.has(code)) return 'trust';
  if (PARTNERSHIP_CODES.has(code)) return 'partnership';
  if (SUPER_CODES.has(code)) return 'super_fund';
  if (COMPANY_CODES.has(code) || asic) return 'company';
  if (/^[CSTL]G/.test(code)) return 'government';
  return 'other';
}

const p = (value: unknown, source: string, asOf?: string | null, note?: string): Provenance => ({
  value,
  source,
  ...(asOf ? { as_of: asOfTimestamp(asOf) } : {}),
  ...(note ? { note } : {}),
});

/** The record's own date, or the date of the copy it came from. */
const dateOf = (r: EntityRecord | undefined, state: RegistersState) =>
  r?.asOf ?? (r ? state.asOf(r.dataset) : null);

const notLoaded = (dataset: string, state: RegistersState) =>
  state.loaded(dataset) ? undefined : `${dataset} is not loaded; this field was not checked`;

/** The records the canonical record is made of, found once. */
function sourcesOf(records: EntityRecord[], state: RegistersState) {
  const of = (dataset: string) => records.find((r) => r.dataset === dataset);
  const abrDataset = identityRegister('abn').dataset;
  const asicDataset = identityRegister('acn').dataset;
  const oricDataset = registerFor('canonical.icn').dataset;
  const abr = of(abrDataset);
  const asic = of(asicDataset);
  const form = entityForm(abr, asic);
  return {
    records,
    state,
    abr,
    asic,
    oric: of(oricDataset),
    trustees: of(registerFor('canonical.related_entities').dataset),
    form,
    companyLike: form === 'company' || form === 'government' || form === 'other',
    abrDataset,
    asicDataset,
    oricDataset,
  };
}
type Sources = ReturnType<typeof sourcesOf>;

/** Where the ABR and ASIC disagree on the name (as compared by its key) or the ACN. */
function registerConflicts({ abr, asic }: Sources): Candidate['conflicts'] {
  const conflicts: Candidate['conflicts'] = [];
  const names = [
    abr ? { value: abr.name, source: 'abr' } : undefined,
    asic ? { value: asic.name, source: 'asic' } : undefined,
  ].filter((v): v is { value: string; source: string } => v !== undefined);
  if (new Set(names.map((n) => nameKey(n.value))).size > 1)
    conflicts.push({ field: 'entity_name', values: names });

  const acnValues = [
    abr?.data.asic_number ? { value: String(abr.data.asic_number), source: 'abr' } : undefined,
    asic ? { value: asic.acn, source: 'asic' } : undefined,
  ].filter((v): v is { value: string; source: string } => v !== undefined && v.value !== null);
  if (new Set(acnValues.map((v) => v.value)).size > 1) conflicts.push({ field: 'acn', values: acnValues });
  return conflicts;
}

/** Name, identifiers, form and type: the identity registers' (the ABR's first, ASIC's after). */
function identityFields(s: Sources, conflicts: Candidate['conflicts']) {
  const { records, state, abr, asic, form, companyLike, abrDataset } = s;
  const abnValue = abr?.abn ?? asic?.abn ?? records.find((r) => r.abn)?.abn ?? null;
  const acnValue = companyLike ? (asic?.acn ?? (abr?.acn || null)) : null;
  return {
    entity_name: abr
      ? p(
          abr.name,
          'abr',
          dateOf(abr, state),
          conflicts.some((c) => c.field === 'entity_name')
            ? 'The registers disagree: see conflicts.'
            : undefined,
        )
      : asic
        ? p(asic.name, 'asic', dateOf(asic, state))
        : p(
            records[0]?.name ?? null,
            records[0] ? sourceOf(records[0].dataset) : 'abr',
            dateOf(records[0], state),
            notLoaded(abrDataset, state),
          ),
    abn: abr
      ? p(abr.abn, 'abr', dateOf(abr, state))
      : p(
          abnValue,
          asic ? 'asic' : 'abr',
          dateOf(asic, state),
          abr ? undefined : 'No ABR record was found for this entity.',
        ),
    acn: companyLike
      ? p(
          acnValue,
          asic ? 'asic' : 'abr',
          dateOf(asic ?? abr, state),
          acnValue ? undefined : 'No ACN is recorded.',
        )
      : p(
          null,
          'abr',
          dateOf(abr, state),
          `A ${form.replace('_', ' ')} has no ACN; ACNs belong to companies.`,
        ),
    entity_form: p(form, abr ? 'abr' : 'asic', dateOf(abr ?? asic, state)),
    entity_type: abr
      ? p(
          abr.data.entity_type_text ?? null,
          'abr',
          dateOf(abr, state),
          `ABR code ${String(abr.data.entity_type_code ?? '')}`,
        )
      : p(
          asic ? String(asic.data.type ?? '') : null,
          'asic',
          dateOf(asic, state),
          notLoaded(abrDataset, state),
        ),
  };
}

/** The ABN's and the company's status, and where the ABR places the business. */
function statusFields({ state, abr, asic, companyLike, abrDataset, asicDataset }: Sources) {
  const abnStatus = abr
    ? abr.data.abn_status === 'ACT'
      ? 'Active'
      : abr.data.abn_status === 'CAN'
        ? 'Cancelled'
        : abr.status
    : null;
  return {
    abn_status: p(
      abnStatus,
      'abr',
      abr ? ((abr.data.abn_status_from as string | null) ?? dateOf(abr, state)) : null,
      notLoaded(abrDataset, state),
    ),
    gst_registered: p(
      abr ? abr.data.gst_status === 'ACT' : null,
      'abr',
      abr ? ((abr.data.gst_status_from as string | null) ?? dateOf(abr, state)) : null,
      notLoaded(abrDataset, state),
    ),
    asic_status: companyLike
      ? p(
          asic ? (ASIC_STATUS[asic.status ?? ''] ?? asic.status) : null,
          'asic',
          dateOf(asic, state),
          asic ? `ASIC code ${asic.status}` : (notLoaded(asicDataset, state) ?? 'No ASIC company record.'),
        )
      : p(null, 'asic', undefined, 'Not a company: ASIC keeps no company status for it.'),
    registered_office_state: p(
      abr ? (abr.data.state as string | null) || null : null,
      'abr',
      dateOf(abr, state),
      'The state of the main business location the ABR publishes.',
    ),
  };
}

/** The trust's current trustees, each said to be resolvable or not in the loaded registers. */
function relatedEntities(
  trustees: EntityRecord | undefined,
  resolvable: (id: { abn: string | null; acn: string | null }) => boolean,
): Canonical['related_entities'] {
  return (
    (trustees?.data.trustees as
      | Array<{
          name: string;
          abn: string | null;
          acn: string | null;
          role: string;
          end_date: string | null;
        }>
      | undefined) ?? []
  )
    .filter((t) => !t.end_date)
    .map((t) => {
      const isResolvable = resolvable({ abn: t.abn, acn: t.acn });
      return {
        role: t.role,
        abn: t.abn,
        acn: t.acn,
        name: t.name,
        source: 'trustees',
        resolvable: isResolvable,
        note: isResolvable
          ? 'Resolve it by its ACN or ABN for its own record.'
          : 'Not found in the loaded registers.',
      };
    });
}

/**
 * The canonical record (docs/decisions.md, contract summary §2.4): every P field a provenance object naming its register, and the
 * fields on which registers disagree listed as conflicts rather than silently chosen.
 */
export function canonicalRecord(
  records: EntityRecord[],
  state: RegistersState,
  resolvable: (id: { abn: string | null; acn: string | null }) => boolean,
): { canonical: Canonical; conflicts: Candidate['conflicts']; provenanceComplete: boolean } {
  const s = sourcesOf(records, state);
  const { abr, asic, oric, trustees, form, oricDataset } = s;
  const conflicts = registerConflicts(s);
  const individual = abr?.data.individual as { given?: string[]; family?: string | null } | undefined;
  const canonical: Canonical = {
    ...identityFields(s, conflicts),
    ...statusFields(s),
    icn: p(oric ? oric.key : null, 'oric', dateOf(oric, state), notLoaded(oricDataset, state)),
    former_names: (
      (asic?.data.former_names as Array<{ name: string; ceased: string | null }> | undefined) ?? []
    ).map((f) => ({
      value: f.name,
      source: 'asic',
      ceased: f.ceased,
    })),
    related_entities: relatedEntities(trustees, resolvable),
    individual_name:
      form === 'individual' && individual
        ? {
            given: individual.given?.[0] ?? '',
            other_given: (individual.given ?? []).slice(1).join(' '),
            family: individual.family ?? '',
          }
        : null,
    trustee_resolution:
      form !== 'trust'
        ? 'not_applicable'
        : trustees && (trustees.data.trustees as unknown[]).length
          ? 'resolved'
          : 'unavailable_on_free_sources',
  };
  const pFields = Object.values(canonical).filter(
    (v): v is Provenance => typeof v === 'object' && v !== null && 'source' in v && 'value' in v,
  );
  const provenanceComplete = pFields.every((f) => f.source !== '' && !f.note?.includes('is not loaded'));
  return { canonical, conflicts, provenanceComplete };
}
