import { asOfTimestamp, type RegistersState } from '../entities/registers-state.ts';
import type { EntityRecord } from '../store/entity-records.ts';
import type { Candidate, IncludeBlock } from './schemas.ts';
import { slots } from './slots.ts';

type Blocks = Pick<
  Candidate,
  'charity' | 'licensing' | 'professional_registrations' | 'external_ids' | 'superannuation'
>;

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The safe empty shapes: a block not computed or not applicable still has every field. */
export function emptyBlocks(): Blocks {
  return {
    charity: {
      is_registered_charity: false,
      registration_date: null,
      charity_size: null,
      subtypes: [],
      source: 'acnc',
      checked: false,
      as_of: null,
    },
    licensing: {
      afs_licensee: null,
      credit_licensee: null,
      afs_authorised_rep: null,
      credit_rep: null,
      authorisation_links: [],
    },
    professional_registrations: {
      financial_adviser: null,
      registered_auditor: null,
      smsf_auditor: null,
      registered_liquidator: {
        status: 'not_checked',
        note: "ASIC's registered liquidators are listed by name only, with no ABN or ACN to join on.",
      },
    },
    external_ids: {
      lei: { value: null, source: 'gleif' },
      opencorporates: { value: null, source: 'gleif' },
      qcc: { value: null, source: 'gleif' },
      spglobal: { value: null, source: 'gleif' },
      _coverage: 'not_checked',
    },
    superannuation: {
      is_super_fund: false,
      fund_status: null,
      usi_products: [],
      source: 'apra',
      as_of: null,
    },
  };
}

const licence = (r: EntityRecord, register: string) => ({
  licence_number: str(r.data.licence_number ?? r.key),
  entity_name: r.name,
  status: str(r.status) ?? (r.data.end_date ? 'Ceased' : 'Current'),
  start_date: str(r.data.start_date),
  end_date: str(r.data.end_date),
  register,
});

const registration = (r: EntityRecord, number: unknown, register: string) => ({
  registration_number: str(number ?? r.key),
  name: r.name,
  status: str(r.data.registration_status ?? r.status),
  start_date: str(r.data.start_date ?? r.data.registration_date),
  end_date: str(r.data.end_date ?? r.data.suspension_start_date),
  register,
});

/** The enrichment blocks (docs/decisions.md, contract summary §2.3), each computed only when `include` asks for it. */
export function enrichmentBlocks(
  records: EntityRecord[],
  state: RegistersState,
  include: Set<IncludeBlock>,
  mappings: Array<{ kind: string; id: string }> = [],
): Blocks {
  const blocks = emptyBlocks();
  const inSlots = slots(records, state);
  if (include.has('charity')) blocks.charity = charityBlock(inSlots);
  if (include.has('licensing')) blocks.licensing = licensingBlock(inSlots);
  if (include.has('professional_registrations'))
    blocks.professional_registrations = professionalRegistrationsBlock(inSlots);
  if (include.has('external_ids')) blocks.external_ids = externalIdsBlock(inSlots, mappings);
  if (include.has('superannuation')) blocks.superannuation = superannuationBlock(inSlots);
  return blocks;
}

type Slots = ReturnType<typeof slots>;

/** The ACNC registration, if the entity is a registered charity. */
function charityBlock({ records: of, loaded, asOf: copyAsOf }: Slots): Blocks['charity'] {
  const charity = of('charity')[0];
  const subtypes = charity?.data.subtypes as { pbi?: boolean; hpc?: boolean } | undefined;
  return {
    is_registered_charity: charity !== undefined,
    registration_date: str(charity?.data.registration_date),
    charity_size: str(charity?.data.charity_size),
    subtypes: subtypes
      ? Object.entries(subtypes)
          .filter(([, on]) => on)
          .map(([k]) => k.toUpperCase())
      : [],
    source: 'acnc',
    checked: loaded('charity'),
    as_of: asOfTimestamp(copyAsOf('charity')) ?? null,
  };
}

/** AFS and credit licences the entity holds, and the licensees it represents. */
function licensingBlock({ records: of }: Slots): Blocks['licensing'] {
  const afs = of('licensing.afs_licensee')[0];
  const credit = of('licensing.credit_licensee')[0];
  const afsRep = of('licensing.afs_authorised_rep')[0];
  const creditRep = of('licensing.credit_rep')[0];
  return {
    afs_licensee: afs ? licence(afs, 'ASIC AFS licensees') : null,
    credit_licensee: credit ? licence(credit, 'ASIC credit licensees') : null,
    afs_authorised_rep: afsRep
      ? {
          ...licence(afsRep, 'ASIC AFS authorised representatives'),
          licence_number: str(afsRep.data.representative_number),
        }
      : null,
    credit_rep: creditRep
      ? {
          ...licence(creditRep, 'ASIC credit representatives'),
          licence_number: str(creditRep.data.representative_number),
        }
      : null,
    authorisation_links: [
      ...of('licensing.afs_authorised_rep').map((r) => ({
        relationship: 'afs_authorised_representative_of',
        licence_number: String(r.data.licence_number),
        licensee_name: null,
        register: 'ASIC AFS authorised representatives',
      })),
      ...of('licensing.credit_rep').map((r) => ({
        relationship: 'credit_representative_of',
        licence_number: String(r.data.licence_number),
        licensee_name: null,
        register: 'ASIC credit representatives',
      })),
    ],
  };
}

/** ASIC's registers of advisers and auditors (liquidators are listed by name only). */
function professionalRegistrationsBlock({ records: of }: Slots): Blocks['professional_registrations'] {
  const adviser = of('professional_registrations.financial_adviser')[0];
  const auditor = of('professional_registrations.registered_auditor')[0];
  const smsf = of('professional_registrations.smsf_auditor')[0];
  return {
    ...emptyBlocks().professional_registrations,
    financial_adviser: adviser
      ? registration(adviser, adviser.data.adviser_number, 'ASIC financial advisers')
      : null,
    registered_auditor: auditor
      ? registration(auditor, auditor.data.auditor_number, 'ASIC registered auditors')
      : null,
    smsf_auditor: smsf ? registration(smsf, smsf.data.auditor_number, 'ASIC SMSF auditors') : null,
  };
}

/** The LEI and the identifiers GLEIF maps to it. */
function externalIdsBlock(
  { records: of, loaded, asOf: copyAsOf }: Slots,
  mappings: Array<{ kind: string; id: string }>,
): Blocks['external_ids'] {
  const lei = of('external_ids.lei')[0];
  const asOf = lei ? asOfTimestamp(lei.asOf ?? copyAsOf('external_ids.lei')) : undefined;
  const fromLei = (value: unknown, note: string) => ({
    value: value ?? null,
    source: 'gleif',
    ...(asOf ? { as_of: asOf } : {}),
    ...(lei ? {} : { note }),
  });
  const spglobal = lei?.data.spglobal as string[] | undefined;
  const mapped = (kind: string) => mappings.filter((m) => m.kind === kind).map((m) => m.id);
  const fromMappings = (kind: string, fallback: unknown, what: string) => {
    const ids = mapped(kind);
    if (ids.length)
      return {
        value: ids.length === 1 ? ids[0] : ids,
        source: 'gleif',
        note: `From GLEIF's LEI-to-${what} mapping file.`,
      };
    return fromLei(
      fallback,
      !lei
        ? 'There is no LEI to map from.'
        : loaded('external_ids.mappings')
          ? `GLEIF maps no ${what} id to this LEI.`
          : `GLEIF's ${what} mapping file is not loaded.`,
    );
  };
  const withNote = (p: { value: unknown; source: string; as_of?: string; note?: string }, note: string) =>
    p.value === null && lei ? { ...p, note } : p;
  return {
    lei: fromLei(
      lei?.data.lei,
      loaded('external_ids.lei')
        ? 'No LEI is registered against this ACN or ABN.'
        : 'GLEIF data is not loaded.',
    ),
    opencorporates: fromMappings('opencorporates', lei?.data.ocid, 'OpenCorporates'),
    qcc: withNote(
      fromMappings('qcc', null, 'QCC'),
      loaded('external_ids.mappings')
        ? 'GLEIF maps no QCC id to this LEI.'
        : "GLEIF's QCC mapping file is not loaded.",
    ),
    spglobal: fromMappings('spglobal', spglobal?.length ? spglobal : null, 'S&P Global'),
    _coverage: !loaded('external_ids.lei')
      ? 'not_checked: GLEIF data is not loaded.'
      : `LEI matched by ACN (RA000014) or ABN (RA000013) registration; OpenCorporates and S&P Global ids from the LEI record${
          loaded('external_ids.mappings')
            ? "; OpenCorporates, S&P Global and QCC from GLEIF's mapping files"
            : "; GLEIF's mapping files are not loaded"
        }.`,
  };
}

/** APRA's fund record and its products, if the entity is a super fund. */
function superannuationBlock({ records: of, asOf: copyAsOf }: Slots): Blocks['superannuation'] {
  const fund = of('superannuation')[0];
  const products =
    (fund?.data.products as
      | Array<{ usi: string; product_name: string | null; contribution_restrictions: boolean | null }>
      | undefined) ?? [];
  return {
    is_super_fund: fund !== undefined,
    fund_status: fund ? str(fund.status) : null,
    usi_products: products.map((x) => ({
      usi: x.usi,
      product_name: x.product_name,
      contribution_restrictions: x.contribution_restrictions,
    })),
    source: 'apra',
    as_of: asOfTimestamp(copyAsOf('superannuation')) ?? null,
  };
}
