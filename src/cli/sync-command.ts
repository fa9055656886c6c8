import { randomUUID } from 'node:crypto';
import { ConfigError } from '../config.ts';
import { DATASETS, type DatasetName, isDataset } from '../registers/index.ts';
import { syncableDatasets } from '../sync/catalogue.ts';
import { createHttp, DEFAULT_RETRY } from '../sync/http.ts';
import { loadCatalogue } from '../sync/sources-file.ts';
import { type SyncOutcome, syncDataset } from '../sync/sync-dataset.ts';
import { type Command, clock, UsageError, withStore } from './command.ts';

/** Thrown after the summary is printed when a dataset failed: the exit code is 1, nothing more is said. */
export class SyncFailed extends Error {}

const n = (x: number) => x.toLocaleString('en-AU');

function line(o: SyncOutcome): string {
  const head = `${o.dataset.padEnd(24)} ${o.status.padEnd(9)}`;
  if (o.status === 'failed') return `${head} ${o.reason}`;
  if (o.status === 'unchanged') return `${head} ${o.reason}`;
  const s = o.ingest;
  const counts = s
    ? `inserted ${n(s.inserted)}, updated ${n(s.updated)}, removed ${n(s.removed)}, rejected ${n(s.rejected)}, events ${n(s.events)}`
    : '';
  return `${head} ${o.files.join(', ')}: ${counts}`;
}

export const syncCommand: Command = {
  usage: `aevs sync [DATASET...] [--json]

Fetches each dataset (every dataset with a free official source, by default) from where its
publisher puts it (docs/sources.md), into the live partition: the current file is found (CKAN
package, web page or address), skipped when the source says it has not changed since the last sync,
otherwise downloaded (progress on stderr; resumed and retried on transient failures) and ingested
exactly as aevs ingest does. One line per dataset: synced, unchanged or failed (with why).
Exit 0 when every dataset synced or was unchanged, 1 when any failed (the others are still applied).
AEVS_SOURCES_FILE overrides the catalogue's sources; HTTPS_PROXY and NO_PROXY are honoured.

Datasets: ${DATASETS.join(', ')}`,
  positionals: { min: 0, names: 'dataset names' },
  options: { json: { type: 'boolean', description: 'print the summary as JSON' } },
  run: async (args, io, config, positionals) => {
    for (const name of positionals) {
      if (!isDataset(name)) throw new UsageError(`unknown dataset "${name}"; one of: ${DATASETS.join(', ')}`);
    }
    const catalogue = await loadCatalogue(config.sourcesFile).catch((error: unknown) => {
      throw error instanceof ConfigError ? error : new ConfigError(String(error));
    });
    const datasets = positionals.length
      ? [...new Set(positionals as DatasetName[])]
      : syncableDatasets(catalogue);
    const tty = (io.stderr as NodeJS.WriteStream).isTTY === true;
    let lastPrint = 0;
    const progress = (text: string) => {
      const now = Date.now();
      if (now - lastPrint < 1000) return;
      lastPrint = now;
      io.stderr.write(tty ? `\r\x1b[K${text}` : `${text}\n`);
    };
    const http = createHttp(config.proxy, { ...DEFAULT_RETRY, attempts: config.syncAttempts });
    const outcomes: SyncOutcome[] = [];
    try {
      await withStore(
        config,
        async (store) => {
          for (const dataset of datasets) {
            io.stderr.write(`${tty ? '\r\x1b[K' : ''}${dataset}: looking for the current file\n`);
            const outcome = await syncDataset(
              {
                ctx: { store, clock },
                http,
                catalogue,
                owner: `sync_${randomUUID()}`,
                onDownload: ({ url, bytes, total }) =>
                  progress(
                    total
                      ? `${dataset}: downloading ${url}: ${((bytes / total) * 100).toFixed(0)}% of ${(total / 1e6).toFixed(1)} MB`
                      : `${dataset}: downloading ${url}: ${(bytes / 1e6).toFixed(1)} MB`,
                  ),
                onIngest: progress,
              },
              dataset,
            );
            outcomes.push(outcome);
            if (!args.json) io.stdout.write(`${line(outcome)}\n`);
          }
        },
        { create: true },
      );
    } finally {
      await http.close();
    }
    if (args.json) io.stdout.write(`${JSON.stringify({ partition: 'live', datasets: outcomes })}\n`);
    if (outcomes.some((o) => o.status === 'failed')) throw new SyncFailed();
  },
};
