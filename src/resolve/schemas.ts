import { z } from 'zod';
import { digits, exactlyOneQuery } from '../identifiers/schemas.ts';

export const INCLUDE_BLOCKS = [
  'charity',
  'licensing',
  'professional_registrations',
  'external_ids',
  'superannuation',
  'screening',
] as const;
export type IncludeBlock = (typeof INCLUDE_BLOCKS)[number];

const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;

export const ResolveRequest = z
  .object({
    abn: digits('ABN', 11).optional().describe('11 digits; spaces are stripped. Exact-match path.'),
    acn: digits('ACN', 9).optional().describe('9 digits; spaces are stripped. Exact-match path.'),
    name: z
      .string()
      .trim()
      .min(1, 'name must not be empty')
      .max(200, 'name is at most 200 characters')
      .optional()
      .describe('Free text; ranked fuzzy match. Advisory only: verify the candidate by ABN or ACN.'),
    state: z
      .enum(STATES)
      .optional()
      .describe('State filter for name search: NSW, VIC, QLD, WA, SA, TAS, ACT or NT.'),
    postcode: z
      .string()
      .regex(/^\d{4}$/, 'postcode is 4 digits')
      .optional()
      .describe('Postcode filter for name search.'),
    mode: z
      .enum(['exact', 'fuzzy'])
      .optional()
      .describe(
        'Name search only: `exact` returns exact normalised matches; `fuzzy` (the default) ranks near ones too.',
      ),
    include: z
      .array(z.enum(INCLUDE_BLOCKS))
      .optional()
      .describe('Enrichment blocks to compute; default all. Blocks not computed keep their empty shape.'),
  })
  .strict()
  .superRefine(exactlyOneQuery('Send exactly one of abn, acn or name.'));
export type ResolveRequest = z.output<typeof ResolveRequest>;

const Provenance = z
  .object({
    value: z.unknown(),
    source: z.string().describe('The register: `abr`, `asic`, `acnc`, `gleif`, `oric`, `apra`, …'),
    as_of: z.string().optional().describe("The register's date for the record, or of the copy read."),
    note: z.string().optional(),
  })
  .meta({ id: 'Provenance' });

const LicenceRecord = z.object({
  licence_number: z.string().nullable(),
  entity_name: z.string().nullable(),
  status: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  register: z.string().nullable(),
});
const RegistrationRecord = z.object({
  registration_number: z.string().nullable(),
  name: z.string().nullable(),
  status: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  register: z.string().nullable(),
});
const ScreeningStatus = z.enum(['review', 'no_match', 'unavailable']);

export const Candidate = z
  .object({
    match_confidence: z.number().describe('100 for an exact identifier match; at most 90 for a name match.'),
    match_signals: z.record(z.string(), z.unknown()),
    canonical: z.object({
      entity_name: Provenance,
      abn: Provenance,
      acn: Provenance,
      entity_form: Provenance,
      entity_type: Provenance,
      abn_status: Provenance,
      gst_registered: Provenance,
      asic_status: Provenance,
      registered_office_state: Provenance,
      icn: Provenance,
      former_names: z.array(
        z.object({ value: z.string(), source: z.string(), ceased: z.string().nullable() }),
      ),
      related_entities: z.array(
        z.object({
          role: z.string(),
          abn: z.string().nullable(),
          acn: z.string().nullable(),
          name: z.string(),
          source: z.string(),
          resolvable: z.boolean(),
          note: z.string(),
        }),
      ),
      individual_name: z
        .object({ given: z.string(), other_given: z.string(), family: z.string() })
        .nullable(),
      trustee_resolution: z.string(),
    }),
    conflicts: z.array(
      z.object({ field: z.string(), values: z.array(z.object({ value: z.unknown(), source: z.string() })) }),
    ),
    provenance_complete: z.boolean(),
    charity: z.object({
      is_registered_charity: z.boolean(),
      registration_date: z.string().nullable(),
      charity_size: z.string().nullable(),
      subtypes: z.array(z.string()),
      source: z.string(),
      checked: z.boolean(),
      as_of: z.string().nullable(),
    }),
    licensing: z.object({
      afs_licensee: LicenceRecord.nullable(),
      credit_licensee: LicenceRecord.nullable(),
      afs_authorised_rep: LicenceRecord.nullable(),
      credit_rep: LicenceRecord.nullable(),
      authorisation_links: z.array(
        z.object({
          relationship: z.string(),
          licence_number: z.string(),
          licensee_name: z.string().nullable(),
          register: z.string(),
        }),
      ),
    }),
    professional_registrations: z.object({
      financial_adviser: RegistrationRecord.nullable(),
      registered_auditor: RegistrationRecord.nullable(),
      smsf_auditor: RegistrationRecord.nullable(),
      registered_liquidator: z.object({ status: z.string(), note: z.string() }),
    }),
    external_ids: z.object({
      lei: Provenance,
      opencorporates: Provenance,
      qcc: Provenance,
      spglobal: Provenance,
      _coverage: z.string(),
    }),
    superannuation: z.object({
      is_super_fund: z.boolean(),
      fund_status: z.string().nullable(),
      usi_products: z.array(
        z.object({
          usi: z.string(),
          product_name: z.string().nullable(),
          contribution_restrictions: z.boolean().nullable(),
        }),
      ),
      source: z.string(),
      as_of: z.string().nullable(),
    }),
    screening: z.object({
      dfat_sanctions: z.object({
        status: ScreeningStatus,
        checked_as_of: z.string().nullable(),
        note: z.string(),
      }),
      asic_banned_org: z.object({
        status: ScreeningStatus,
        matched_on: z.string().nullable(),
        checked_as_of: z.string().nullable(),
        note: z.string(),
      }),
      asic_banned_person: z.object({ note: z.string() }),
      external_administration: z.object({
        source: z.string(),
        checked_as_of: z.string().nullable(),
        note: z.string(),
      }),
      bankruptcy_petition: z.object({ note: z.string() }),
      austrac_reporting_entity: z.object({
        source: z.string(),
        checked_as_of: z.string().nullable(),
        note: z.string(),
      }),
    }),
  })
  .meta({ id: 'Candidate' });
export type Candidate = z.infer<typeof Candidate>;

export const ResolveResponse = z
  .object({
    query: z.record(z.string(), z.unknown()).describe('The identifier or name that was sent.'),
    candidates: z.array(Candidate).describe('Best match first; empty when nothing is found.'),
    disclaimer: z.string(),
  })
  .meta({ id: 'ResolveResponse' });
export type ResolveResponse = z.infer<typeof ResolveResponse>;

export const DISCLAIMER =
  'Directors, shareholders and beneficial ownership are not provided. This record is assembled from public registers, each field with its source and date; a name match is advisory and must be verified by ABN or ACN. Screening results are review, no_match or unavailable: no_match is not a clearance.';
