import type { Partition } from '../ctx.ts';
import { type IngestSummary, ingest } from '../ingest/ingest.ts';
import { resolveInputs } from '../ingest/inputs.ts';
import { listSources } from '../ingest/list-sources.ts';
import { ADAPTERS, DATASETS, isDataset } from '../registers/index.ts';
import { type Command, clock, UsageError, withStore } from './command.ts';

const partitionOption = {
  type: 'string' as const,
  description: 'live (default) or sandbox',
  choices: ['live', 'sandbox'],
};

const n = (x: number) => x.toLocaleString('en-AU');

function printSummary(s: IngestSummary, out: NodeJS.WritableStream) {
  const lines = [
    `${s.dataset} → ${s.partition}: applied ${s.files.length} file${s.files.length === 1 ? '' : 's'} as of ${s.as_of ?? 'unknown'} in ${s.seconds.toFixed(1)} s`,
    `  rows read   ${n(s.rows_read)}`,
    `  inserted    ${n(s.inserted)}`,
    `  updated     ${n(s.updated)}`,
    `  unchanged   ${n(s.unchanged)}`,
    `  removed     ${n(s.removed)}  (absent from this snapshot)`,
    `  rejected    ${n(s.rejected)}`,
    ...s.rejected_examples.map((r) => `    ${r.file}:${r.line}: ${r.reason}`),
    `  events      ${n(s.events)}${
      Object.keys(s.events_by_type).length
        ? `  (${Object.entries(s.events_by_type)
            .map(([t, c]) => `${t} ${c}`)
            .join(', ')})`
        : ''
    }`,
  ];
  out.write(`${lines.join('\n')}\n`);
}

export const ingestCommand: Command = {
  usage: `aevs ingest DATASET FILE|FOLDER|ZIP|URL... [--partition live|sandbox]

Loads one full snapshot of a register. All of it is applied in one transaction, or none of it.
Records absent from the snapshot are marked removed; changes become change events. Re-running the
same snapshot changes nothing. A dataset published as several files (the ABN Bulk Extract's 20 XML
files in two zips) is one snapshot: name the zips, the folder or the files together.

Datasets: ${DATASETS.join(', ')}`,
  positionals: { min: 2, names: 'a dataset and at least one file, folder, zip or URL' },
  options: {
    partition: partitionOption,
    json: { type: 'boolean', description: 'print the summary as JSON' },
  },
  run: async (args, io, config, positionals) => {
    const [dataset, ...names] = positionals;
    if (!dataset || !isDataset(dataset)) {
      throw new UsageError(`unknown dataset "${dataset}"; one of: ${DATASETS.join(', ')}`);
    }
    const partition = (args.partition ?? 'live') as Partition;
    const tty = (io.stderr as NodeJS.WriteStream).isTTY === true;
    let lastPrint = 0;
    const progress = (text: string, force = false) => {
      const now = Date.now();
      if (!force && now - lastPrint < 1000) return;
      lastPrint = now;
      io.stderr.write(tty ? `\r\x1b[K${text}` : `${text}\n`);
    };
    const inputs = await resolveInputs(names, {
      onDownload: ({ url, bytes, total }) =>
        progress(
          total
            ? `downloading ${url}: ${'#'.repeat(Math.round((bytes / total) * 30)).padEnd(30, '.')} ${((bytes / total) * 100).toFixed(0)}% of ${(total / 1e6).toFixed(1)} MB`
            : `downloading ${url}: ${(bytes / 1e6).toFixed(1)} MB`,
        ),
    });
    try {
      const summary = await withStore(
        config,
        (store) =>
          ingest({
            ctx: { store, clock },
            input: {
              adapter: ADAPTERS[dataset],
              files: inputs.files,
              partition,
              onProgress: ({ file, rows, elapsedMs }) =>
                progress(
                  `${dataset}: ${file}: ${n(rows)} rows, ${n(Math.round(rows / Math.max(elapsedMs / 1000, 0.001)))} rows/s`,
                ),
            },
          }),
        { create: true },
      );
      if (tty) io.stderr.write('\n');
      if (args.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
      else printSummary(summary, io.stdout);
    } finally {
      await inputs.close();
    }
  },
};

export const sourcesCommand: Command = {
  usage:
    'aevs sources [--partition live|sandbox] [--json]\n\nEvery dataset by its name: loaded or not, as-of date, record count, last ingest time, and (live)\nthe last sync from its official source: when, how it went (synced, unchanged, failed: why), and\nwhen the server looks next (AEVS_SYNC=on).',
  options: {
    partition: partitionOption,
    json: { type: 'boolean', description: 'print JSON, as GET /v1/sources does' },
  },
  run: async (args, io, config) => {
    const partition = (args.partition ?? 'live') as Partition;
    const sources = await withStore(config, (store) =>
      listSources({ ctx: { store }, input: { partition, scheduled: config.sync } }),
    );
    if (args.json) {
      io.stdout.write(`${JSON.stringify({ partition, data: sources })}\n`);
      return;
    }
    const rows = [
      ['DATASET', 'LOADED', 'AS OF', 'RECORDS', 'LAST INGEST', 'LAST SYNC', 'SYNC', 'NEXT SYNC'],
      ...sources.map((s) => [
        s.dataset,
        s.loaded ? 'yes' : 'no',
        s.as_of ?? '-',
        n(s.records),
        s.last_ingest_at ?? '-',
        s.last_sync_at ?? '-',
        s.last_sync_status === 'failed' ? `failed: ${s.last_sync_error}` : (s.last_sync_status ?? '-'),
        s.next_sync_at ?? '-',
      ]),
    ];
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
    io.stdout.write(`partition ${partition}\n`);
    for (const row of rows)
      io.stdout.write(
        `${row
          .map((c, i) => c.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd()}\n`,
      );
  },
};
