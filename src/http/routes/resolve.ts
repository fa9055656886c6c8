import { resolveEntity } from '../../resolve/resolve-entity.ts';
import { type Candidate, ResolveRequest, ResolveResponse } from '../../resolve/schemas.ts';
import { ScreenRequest, ScreenResponse } from '../../screen/schemas.ts';
import { screenEntity } from '../../screen/screen-entity.ts';
import { exactlyOneOf, identifierPattern } from '../json-schema.ts';
import { defineRoute, type ErrorCase } from '../route.ts';

/** Typed, so that the example keeps the whole shape the response schema requires. */
const exampleCandidate: Candidate = {
  match_confidence: 100,
  match_signals: { exact_identifier: 'abn' },
  canonical: {
    entity_name: { value: 'SANDBOX ACTIVE HOLDINGS PTY LTD', source: 'abr', as_of: '2025-03-10T00:00:00Z' },
    abn: { value: '44600110236', source: 'abr', as_of: '2025-03-10T00:00:00Z' },
    acn: { value: '600110236', source: 'asic', as_of: '2026-11-17T00:00:00Z' },
    entity_form: { value: 'company', source: 'abr', as_of: '2025-03-10T00:00:00Z' },
    entity_type: { value: 'Australian Private Company', source: 'abr', note: 'ABR code PRV' },
    abn_status: { value: 'Active', source: 'abr', as_of: '2014-07-02T00:00:00Z' },
    gst_registered: { value: true, source: 'abr', as_of: '2014-07-02T00:00:00Z' },
    asic_status: { value: 'Registered', source: 'asic', note: 'ASIC code REGD' },
    registered_office_state: { value: 'NSW', source: 'abr' },
    icn: { value: null, source: 'oric' },
    former_names: [{ value: 'SANDBOX EARLY HOLDINGS PTY LTD', source: 'asic', ceased: '2019-08-14' }],
    related_entities: [],
    individual_name: null,
    trustee_resolution: 'not_applicable',
  },
  conflicts: [],
  provenance_complete: true,
  charity: {
    is_registered_charity: false,
    registration_date: null,
    charity_size: null,
    subtypes: [],
    source: 'acnc',
    checked: true,
    as_of: '2026-11-25T00:00:00Z',
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
    lei: { value: '984500SANDBOX000A136', source: 'gleif', as_of: '2026-03-10T00:00:00Z' },
    opencorporates: { value: 'au/600110236', source: 'gleif' },
    qcc: { value: null, source: 'gleif' },
    spglobal: { value: null, source: 'gleif' },
    _coverage: 'LEI matched by ACN (RA000014) or ABN (RA000013) registration; …',
  },
  superannuation: {
    is_super_fund: false,
    fund_status: null,
    usi_products: [],
    source: 'apra',
    as_of: '2026-11-25T00:00:00Z',
  },
  screening: {
    dfat_sanctions: { status: 'no_match', checked_as_of: '2026-11-25T00:00:00Z', note: '… not a clearance.' },
    asic_banned_org: {
      status: 'no_match',
      matched_on: null,
      checked_as_of: '2026-11-25T00:00:00Z',
      note: '… not a clearance.',
    },
    asic_banned_person: { note: 'no_match: … not a clearance.' },
    external_administration: {
      source: 'asic',
      checked_as_of: '2026-09-30T00:00:00Z',
      note: 'No appointment in the loaded ASIC insolvency data.',
    },
    bankruptcy_petition: { note: 'The National Personal Insolvency Index has no free bulk source; …' },
    austrac_reporting_entity: {
      source: 'austrac',
      checked_as_of: '2026-11-25T00:00:00Z',
      note: 'Not on the loaded AUSTRAC register data.',
    },
  },
};

/**
 * Resolve and screen read an identifier the same way: the identity source may be away (502), and a
 * wrong check digit is refused before it is asked.
 */
const identityErrors = (exactlyOne: string): ErrorCase[] => [
  {
    status: 400,
    type: 'invalid_request',
    code: 'identifier_and_name',
    param: 'name',
    message: `name: ${exactlyOne}`,
  },
  { status: 400, type: 'invalid_request', code: 'missing_query', message: exactlyOne },
  {
    status: 400,
    type: 'invalid_request',
    code: 'checksum',
    param: 'abn',
    message: '51824753565 is not a valid ABN: its check digits do not match.',
  },
  {
    status: 502,
    type: 'upstream_unavailable',
    code: 'abr_unavailable',
    message: 'The ABR web services did not answer. Retry later.',
  },
  {
    status: 502,
    type: 'upstream_unavailable',
    code: 'mirror_not_loaded',
    message: 'The live register mirror has never been loaded …; nothing can be looked up.',
  },
  {
    status: 502,
    type: 'upstream_unavailable',
    code: 'simulated_outage',
    message: 'The identity source did not answer (simulated by this sandbox scenario). Retry later.',
  },
];

/** What `exactlyOneQuery` and `digits` check in the body, for the document. */
const identifierRules = (...fields: string[]) => ({
  body: {
    ...exactlyOneOf(...fields),
    properties: {
      abn: { pattern: identifierPattern(11) },
      acn: { pattern: identifierPattern(9) },
      name: { pattern: '\\S' },
    },
  },
});

export const resolveRoute = defineRoute({
  method: 'POST',
  path: '/v1/resolve',
  operationId: 'resolve',
  summary: 'Resolve an ABN, ACN or name to the canonical entity record',
  description:
    'Send exactly one of `abn`, `acn` or `name`. An identifier is an exact match (confidence 100) joined across every register; a name is a ranked fuzzy match (confidence at most 90), advisory only: verify the candidate by ABN or ACN. Nothing found is a 200 with empty `candidates`. An outage of the identity source is a 502.',
  tag: 'Resolve',
  auth: true,
  body: ResolveRequest,
  response: {
    status: 200,
    description: 'Candidates, best first, with the standing disclaimer.',
    schema: ResolveResponse,
    examples: {
      by_abn: {
        query: { abn: '44600110236' },
        candidates: [exampleCandidate],
        disclaimer: 'Directors, shareholders and beneficial ownership are not provided. …',
      },
      not_found: {
        query: { abn: '51824753556' },
        candidates: [],
        disclaimer: 'Directors, shareholders and beneficial ownership are not provided. …',
      },
    },
  },
  errors: identityErrors('Send exactly one of abn, acn or name.'),
  requestRules: identifierRules('abn', 'acn', 'name'),
  handler: async ({ ctx, caller, body, services }) =>
    resolveEntity({ ctx: { ...ctx, caller }, input: body, services }),
});

export const screenRoute = defineRoute({
  method: 'POST',
  path: '/v1/screen',
  operationId: 'screen',
  summary: 'Screen a name or entity against sanctions and banned lists',
  description:
    'Send exactly one of `name`, `abn` or `acn` (an identifier is screened under every name the entity is known by, read through the same identity source as resolve: its outage is a 502). Each list answers `review` (a person must look), `no_match` (nothing came close; not a clearance) or `unavailable` (the list is not loaded or too old to rely on). Never pass, fail or clear.',
  tag: 'Screen',
  auth: true,
  body: ScreenRequest,
  response: {
    status: 200,
    description: 'One result per list and the overall status.',
    schema: ScreenResponse,
    examples: {
      review: {
        query: { name: 'Sandbox Northern Trading Co' },
        screened_names: ['Sandbox Northern Trading Co'],
        overall: 'review',
        results: {
          dfat_sanctions: {
            status: 'review',
            matches: [
              {
                name: 'Sandbox Northern Trading Co',
                reference: '9001',
                score: 1,
                matched_on: 'primary',
                list_entry: {
                  name: 'SANDBOX NORTHERN TRADING COMPANY',
                  type: 'Entity',
                  listing: 'Listed on 1 July 2024',
                  date_of_birth: null,
                },
              },
            ],
            checked_as_of: '2026-11-18T00:00:00Z',
            note: "1 entry on the DFAT consolidated list came close enough to need a person's review.",
          },
          asic_banned_org: {
            status: 'no_match',
            matches: [],
            checked_as_of: '2026-11-18T00:00:00Z',
            note: 'No name … This is not a clearance.',
          },
          asic_banned_person: {
            status: 'unavailable',
            matches: [],
            checked_as_of: null,
            note: 'register not loaded: the list was not checked.',
          },
        },
        disclaimer: 'Screening compares names with the lists as loaded …',
      },
    },
  },
  errors: identityErrors('Send exactly one of name, abn or acn.'),
  requestRules: identifierRules('name', 'abn', 'acn'),
  handler: async ({ ctx, caller, body, services }) =>
    screenEntity({ ctx: { ...ctx, caller }, input: body, services }),
});
