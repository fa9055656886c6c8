import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ctx } from '../ctx.ts';
import { SANDBOX_DIR } from '../entities/sandbox-simulation.ts';
import { type DatasetName, REGISTERS } from '../registers/index.ts';
import { type IngestSummary, ingest } from './ingest.ts';
import { resolveInputs } from './inputs.ts';

export { SANDBOX_DIR };

/** The fixture file(s) of a dataset in a sandbox folder: `<dataset>.<ext>` or a folder `<dataset>/`. */
export async function sandboxFiles(dir: string, dataset: DatasetName): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => (e.isDirectory() ? e.name === dataset : e.name.startsWith(`${dataset}.`)))
    .map((e) => join(dir, e.name));
}

/**
 * Loads the sandbox fixtures into the `sandbox` partition through the same adapters and ingest as
 * live files. Datasets already loaded are left as they are (so a developer who ingested `next/`
 * keeps it across restarts). Lists matched by name (DFAT, banned persons) go last, so their matches
 * see every other register.
 */
export async function loadSandbox({
  ctx,
  input = {},
}: {
  ctx: Pick<Ctx, 'store' | 'clock'>;
  input?: { dir?: string; force?: boolean };
}): Promise<IngestSummary[]> {
  const dir = input.dir ?? SANDBOX_DIR;
  const loaded = new Set((await ctx.store.ingests.latest('sandbox')).map((i) => i.dataset));
  const order = [...REGISTERS].sort((a, b) => Number(!!a.nameMatchEvent) - Number(!!b.nameMatchEvent));
  const summaries: IngestSummary[] = [];
  for (const adapter of order) {
    const { dataset } = adapter;
    if (loaded.has(dataset) && !input.force) continue;
    const paths = await sandboxFiles(dir, dataset);
    if (paths.length === 0) continue;
    const inputs = await resolveInputs(paths);
    try {
      summaries.push(
        await ingest({
          ctx,
          input: { adapter, files: inputs.files, partition: 'sandbox' },
        }),
      );
    } finally {
      await inputs.close();
    }
  }
  return summaries;
}
