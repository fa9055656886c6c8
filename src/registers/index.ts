import { adapter as abrBulk } from './abr-bulk/parse.ts';
import { adapter as acnc } from './acnc/parse.ts';
import { adapter as afsLicensees } from './afs-licensees/parse.ts';
import { adapter as afsRepresentatives } from './afs-representatives/parse.ts';
import { adapter as asicBannedOrgs } from './asic-banned-orgs/parse.ts';
import { adapter as asicBannedPersons } from './asic-banned-persons/parse.ts';
import { adapter as asicBusinessNames } from './asic-business-names/parse.ts';
import { adapter as asicCompanies } from './asic-companies/parse.ts';
import { adapter as asicInsolvency } from './asic-insolvency/parse.ts';
import { adapter as austrac } from './austrac/parse.ts';
import { adapter as creditLicensees } from './credit-licensees/parse.ts';
import { adapter as creditRepresentatives } from './credit-representatives/parse.ts';
import { adapter as dfat } from './dfat/parse.ts';
import { adapter as financialAdvisers } from './financial-advisers/parse.ts';
import { adapter as gleif } from './gleif/parse.ts';
import { adapter as gleifMappings } from './gleif-mappings/parse.ts';
import { adapter as npii } from './npii/parse.ts';
import { adapter as oric } from './oric/parse.ts';
import { adapter as registeredAuditors } from './registered-auditors/parse.ts';
import { adapter as registeredLiquidators } from './registered-liquidators/parse.ts';
import { adapter as smsfAuditors } from './smsf-auditors/parse.ts';
import { adapter as superFunds } from './super-funds/parse.ts';
import { adapter as trustees } from './trustees/parse.ts';
import { type RegisterAdapter, type ResolveSlot, SCREENING_LIST_ORDER, type ScreeningList } from './types.ts';

/**
 * Every register the service knows, in the order GET /v1/sources and the CLI list them: the only
 * list of registers. Each adapter declares its dataset name, parser and roles; everything else
 * (dataset names, the parsing thread, /v1/sources, resolve blocks, screening lists, the sandbox's
 * events) is derived from it. A new register is a folder, a line here, and a sandbox fixture.
 */
export const REGISTERS = [
  abrBulk,
  asicCompanies,
  asicBusinessNames,
  acnc,
  gleif,
  gleifMappings,
  dfat,
  asicBannedPersons,
  asicBannedOrgs,
  afsLicensees,
  afsRepresentatives,
  creditLicensees,
  creditRepresentatives,
  financialAdvisers,
  registeredAuditors,
  smsfAuditors,
  registeredLiquidators,
  oric,
  superFunds,
  asicInsolvency,
  austrac,
  npii,
  trustees,
] as const;

/** Dataset names, as the CLI and GET /v1/sources spell them. */
export type DatasetName = (typeof REGISTERS)[number]['dataset'];
export const DATASETS: readonly DatasetName[] = REGISTERS.map((r) => r.dataset);

/** Every register adapter by its dataset name. */
export const ADAPTERS = Object.fromEntries(REGISTERS.map((r) => [r.dataset, r])) as {
  readonly [D in DatasetName]: RegisterAdapter<D>;
};

export const isDataset = (name: string): name is DatasetName => Object.hasOwn(ADAPTERS, name);

const only = <T>(found: T[], what: string): T => {
  if (found.length !== 1) throw new Error(`the registry must have exactly one ${what}`);
  return found[0] as T;
};

/** The register identifying entities by ABN (the ABR) or by ACN (ASIC's companies). */
export const identityRegister = (kind: 'abn' | 'acn'): RegisterAdapter =>
  only(
    REGISTERS.filter((r: RegisterAdapter) => r.identity === kind),
    `identity register for ${kind}`,
  );

/** The identity registers' datasets: their records join an entity's ABN and ACN. */
export const IDENTITY_DATASETS: ReadonlySet<string> = new Set(
  REGISTERS.filter((r: RegisterAdapter) => r.identity).map((r) => r.dataset),
);

/** Datasets whose names are the entity's own names, screened as the entity's. */
export const ENTITY_NAME_DATASETS: ReadonlySet<string> = new Set(
  REGISTERS.filter((r: RegisterAdapter) => r.entityNames).map((r) => r.dataset),
);

/** The register whose records fill one place of a resolve candidate. */
export const registerFor = (slot: ResolveSlot): RegisterAdapter =>
  only(
    REGISTERS.filter((r: RegisterAdapter) => r.resolve === slot),
    `register for ${slot}`,
  );

/** The screening lists, in the order responses list them. */
export const SCREENING_LISTS = REGISTERS.flatMap((r: RegisterAdapter) =>
  r.screening ? [{ dataset: r.dataset, ...r.screening }] : [],
).sort((a, b) => SCREENING_LIST_ORDER.indexOf(a.list) - SCREENING_LIST_ORDER.indexOf(b.list));
export const screeningList = (list: ScreeningList) =>
  only(
    SCREENING_LISTS.filter((l) => l.list === list),
    `screening list ${list}`,
  );

/** The provenance code of a dataset's fields (`asic` for a name the registry does not know). */
export const sourceOf = (dataset: string): string => (isDataset(dataset) ? ADAPTERS[dataset].source : 'asic');
