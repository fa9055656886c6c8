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
import { DATASETS, type DatasetName, type RegisterAdapter } from './types.ts';

/** Every register adapter by its dataset name (the CLI's and GET /v1/sources' names). */
export const ADAPTERS: Record<DatasetName, RegisterAdapter> = {
  'abr-bulk': abrBulk,
  'asic-companies': asicCompanies,
  'asic-business-names': asicBusinessNames,
  acnc,
  gleif,
  'gleif-mappings': gleifMappings,
  dfat,
  'asic-banned-persons': asicBannedPersons,
  'asic-banned-orgs': asicBannedOrgs,
  'afs-licensees': afsLicensees,
  'afs-representatives': afsRepresentatives,
  'credit-licensees': creditLicensees,
  'credit-representatives': creditRepresentatives,
  'financial-advisers': financialAdvisers,
  'registered-auditors': registeredAuditors,
  'smsf-auditors': smsfAuditors,
  'registered-liquidators': registeredLiquidators,
  oric,
  'super-funds': superFunds,
  'asic-insolvency': asicInsolvency,
  austrac,
  npii,
  trustees,
};

export const isDataset = (name: string): name is DatasetName =>
  (DATASETS as readonly string[]).includes(name);
