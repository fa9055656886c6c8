import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ConfigError } from '../config.ts';
import { DATASETS, type DatasetName, isDataset } from '../registers/index.ts';
import { CATALOGUE, type CatalogueEntry, type PickRule } from './catalogue.ts';

const httpUrl = z.string().regex(/^https?:\/\/\S+$/i, 'must be an http:// or https:// address');

const Override = z.union([
  z.strictObject({ ckan: httpUrl }),
  z.strictObject({ page: httpUrl }),
  z.strictObject({ url: httpUrl }),
  z.strictObject({ urls: z.array(httpUrl).min(1) }),
  z.strictObject({ api: httpUrl }),
]);

/** For a dataset the catalogue gives no rule: any data file, the latest. */
const ANY_FILE: PickRule = { files: [/\.(csv|tsv|txt|zip|xlsx|json|xml)$/i], take: 'latest' };

/**
 * The catalogue with `AEVS_SOURCES_FILE`'s entries in place of the built-in ones (for mirrors,
 * proxies and tests): `{"DATASET": {"ckan": URL} | {"page": URL} | {"url": URL} | {"urls": [URL, …]} | {"api": URL}}`.
 * A dataset's rule for picking files stays the catalogue's. A mistake in the file is a ConfigError
 * naming the dataset and the problem.
 */
export async function loadCatalogue(
  sourcesFile: string | undefined,
): Promise<Readonly<Record<DatasetName, CatalogueEntry>>> {
  if (!sourcesFile) return CATALOGUE;
  const text = await readFile(sourcesFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ConfigError(
      `AEVS_SOURCES_FILE ${sourcesFile}: cannot be read (${error.code ?? error.message})`,
    );
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`AEVS_SOURCES_FILE ${sourcesFile}: not JSON (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ConfigError(`AEVS_SOURCES_FILE ${sourcesFile}: must be a JSON object of datasets`);
  }
  const catalogue: Record<DatasetName, CatalogueEntry> = { ...CATALOGUE };
  for (const [dataset, value] of Object.entries(json)) {
    if (!isDataset(dataset)) {
      throw new ConfigError(
        `AEVS_SOURCES_FILE ${sourcesFile}: unknown dataset "${dataset}"; one of: ${DATASETS.join(', ')}`,
      );
    }
    if (value === null) {
      catalogue[dataset] = {
        ...CATALOGUE[dataset],
        locator: null,
        reason: 'not synced: turned off in AEVS_SOURCES_FILE',
      };
      continue;
    }
    const parsed = Override.safeParse(value);
    if (!parsed.success) {
      throw new ConfigError(
        `AEVS_SOURCES_FILE ${sourcesFile}: ${dataset}: must be one of {"ckan": URL}, {"page": URL}, {"url": URL}, {"urls": [URL, …]}, {"api": URL} (${parsed.error.issues[0]?.message})`,
      );
    }
    const base = CATALOGUE[dataset];
    catalogue[dataset] = {
      ...base,
      locator: parsed.data,
      pick: base.pick ?? ANY_FILE,
      checkEveryHours: base.checkEveryHours || 24,
      cadence: base.locator ? base.cadence : 'as the operator publishes it',
    };
  }
  return catalogue;
}
