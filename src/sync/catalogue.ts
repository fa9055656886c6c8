import { DATASETS, type DatasetName } from '../registers/index.ts';

/**
 * Where a dataset's current file is found (docs/sources.md): a CKAN package (`package_show`), a web
 * page whose link names the file, a file's address, several files' addresses, or GLEIF's API (the
 * first page's address; later pages follow its `links.next`). `AEVS_SOURCES_FILE` uses the same forms.
 */
export type Locator =
  | { ckan: string }
  | { page: string }
  | { url: string }
  | { urls: string[] }
  | { api: string };

/**
 * Which of a package's resources, or which of a page's links, is the current file: the first pattern
 * (tried in order) that matches any file name wins; `latest` takes the one with the latest date
 * stamp in its name (`company_202611.zip`), else the latest modified, else the first listed; `all`
 * takes every match, and `count` says how many there must be.
 */
export type PickRule = { files: RegExp[]; take: 'latest' | 'all'; count?: number };

export type CatalogueEntry = {
  /** Null when there is no free official source: `reason` says why. */
  locator: Locator | null;
  reason?: string;
  pick?: PickRule;
  /** How often the publisher is expected to publish, for people. */
  cadence: string;
  /** How often the scheduler looks for a new file: more often than the publisher publishes. */
  checkEveryHours: number;
};

const CKAN = 'https://data.gov.au/data/api/3/action/package_show?id=';
const HOUR = 1;
const DAY = 24;

/** One data.gov.au package whose current file is the latest CSV (ASIC's month-stamped "- Current" files). */
const latestCsv = (pkg: string, cadence: string): CatalogueEntry => ({
  locator: { ckan: `${CKAN}${pkg}` },
  pick: { files: [/\.csv$/i, /\.txt$/i], take: 'latest' },
  cadence,
  checkEveryHours: DAY,
});

const operatorLoaded = (reason: string): CatalogueEntry => ({
  locator: null,
  reason,
  cadence: 'not published',
  checkEveryHours: 0,
});

/** The built-in catalogue: every dataset of the registry, with its source or why it has none. */
export const CATALOGUE: Readonly<Record<DatasetName, CatalogueEntry>> = {
  'abr-bulk': {
    locator: { ckan: `${CKAN}abn-bulk-extract` },
    // Both halves of the extract (20 XML files) are one snapshot.
    pick: { files: [/^public_split_\d+_\d+\.zip$/i], take: 'all', count: 2 },
    cadence: 'weekly',
    checkEveryHours: DAY,
  },
  'asic-companies': {
    locator: { ckan: `${CKAN}asic-companies` },
    pick: { files: [/^company_\d{6}\.zip$/i, /^company_\d{6}\.csv$/i], take: 'latest' },
    cadence: 'weekly (Tuesdays)',
    checkEveryHours: DAY,
  },
  'asic-business-names': {
    locator: { ckan: `${CKAN}asic-business-names` },
    pick: { files: [/^business_names_\d{6}\.zip$/i, /^business_names_\d{6}\.csv$/i], take: 'latest' },
    cadence: 'weekly (Wednesdays)',
    checkEveryHours: DAY,
  },
  acnc: {
    locator: { ckan: `${CKAN}acnc-register` },
    pick: { files: [/^datadotgov_main\.csv$/i, /^datadotgov_main\.xlsx$/i], take: 'latest' },
    cadence: 'weekly',
    checkEveryHours: DAY,
  },
  gleif: {
    locator: {
      api: 'https://api.gleif.org/api/v1/lei-records?filter[entity.legalAddress.country]=AU&page[size]=200&page[cursor]=*',
    },
    cadence: 'continuously (the Golden Copy three times a day)',
    checkEveryHours: DAY,
  },
  'gleif-mappings': operatorLoaded(
    "GLEIF's mapping files are global (millions of rows, not only Australian entities): name the file you want in AEVS_SOURCES_FILE",
  ),
  dfat: {
    locator: { page: 'https://www.dfat.gov.au/international-relations/security/sanctions/consolidated-list' },
    // The file was renamed in 2025: whichever XLSX the page links is the list.
    pick: { files: [/consolidated.*\.xlsx$/i, /\.xlsx$/i], take: 'latest' },
    cadence: 'when designations change',
    checkEveryHours: 6 * HOUR,
  },
  'asic-banned-persons': latestCsv('asic-banned-disqualified-per', 'weekly'),
  'asic-banned-orgs': latestCsv('asic-banned-disqualified-org', 'weekly'),
  'afs-licensees': latestCsv('asic-afs-licensee', 'weekly'),
  'afs-representatives': latestCsv('asic-afs-authorised-representative', 'monthly'),
  'credit-licensees': latestCsv('asic-credit-licensee', 'weekly'),
  'credit-representatives': latestCsv('asic-credit-representative', 'monthly'),
  'financial-advisers': latestCsv('asic-financial-adviser', 'weekly'),
  'registered-auditors': latestCsv('asic-registered-auditor', 'weekly'),
  'smsf-auditors': latestCsv('asic-smsf', 'weekly or monthly'),
  'registered-liquidators': latestCsv('asic-liquidator', 'weekly (Fridays)'),
  oric: latestCsv('aboriginal-and-torres-strait-islander-corporations-oric', 'monthly'),
  'super-funds': {
    locator: { url: 'https://superfundlookup.gov.au/Tools/DownloadUsiList?download=usi' },
    cadence: 'daily',
    checkEveryHours: 12 * HOUR,
  },
  'asic-insolvency': {
    locator: {
      page: 'https://asic.gov.au/regulatory-resources/find-a-document/statistics/insolvency-statistics/',
    },
    pick: { files: [/series-1.*\.xlsx$/i, /insolvency.*\.xlsx$/i], take: 'latest' },
    cadence: 'monthly',
    checkEveryHours: DAY,
  },
  austrac: operatorLoaded(
    'AUSTRAC publishes no bulk file of reporting entities: load what you hold with aevs ingest',
  ),
  npii: operatorLoaded(
    "AFSA's National Personal Insolvency Index is searched one paid search at a time: load what you hold with aevs ingest",
  ),
  trustees: operatorLoaded(
    'no free register says who a trust’s trustee is: load what you hold with aevs ingest',
  ),
};

/** The datasets `aevs sync` fetches by default: those with a source. */
export const syncableDatasets = (catalogue: Readonly<Record<DatasetName, CatalogueEntry>>): DatasetName[] =>
  DATASETS.filter((d) => catalogue[d].locator !== null);
