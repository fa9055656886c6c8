import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ctx } from '../ctx.ts';
import { IngestError, type IngestSummary, ingest } from '../ingest/ingest.ts';
import { resolveInputs } from '../ingest/inputs.ts';
import { shownName } from '../ingest/list-sources.ts';
import { ADAPTERS, type DatasetName } from '../registers/index.ts';
import type { SyncStatus } from '../store/sync-state.ts';
import type { CatalogueEntry } from './catalogue.ts';
import { type DownloadProgress, downloadApiPages, downloadFile, type Validators } from './download.ts';
import { type Http, SyncError } from './http.ts';
import { locateFiles, type RemoteFile } from './locate.ts';

/** Sync always fills the live partition: the sandbox holds fixtures. */
const PARTITION = 'live';
/** How long a dataset's lease lasts without renewal, and how often a running sync renews it. */
const LEASE_MS = 10 * 60_000;
const RENEW_MS = 3 * 60_000;
/** A failed sync is tried again after this, or the dataset's own interval if shorter. */
const RETRY_FAILED_MS = 60 * 60_000;

/** What a sync saw of one file: kept, so the next sync can tell whether it changed. */
type FileSeen = RemoteFile & { sha256: string; validators: Validators };
type Fingerprint = { files: FileSeen[] };

export type SyncOutcome = {
  dataset: DatasetName;
  status: SyncStatus;
  /** Why it failed, or why nothing was downloaded. */
  reason: string | null;
  /** The files of the source's current snapshot, by name. */
  files: string[];
  /** The ingest's summary, when one ran. */
  ingest: IngestSummary | null;
  next_sync_at: string;
};

export type SyncDeps = {
  ctx: Pick<Ctx, 'store' | 'clock'>;
  http: Http;
  catalogue: Readonly<Record<DatasetName, CatalogueEntry>>;
  /** Who holds the dataset's lease while it syncs: this process. */
  owner: string;
  onDownload?: (p: DownloadProgress) => void;
  onIngest?: (text: string) => void;
  /** The pause between two GLEIF API pages (GLEIF asks for about 60 requests a minute). */
  apiPauseMs?: number;
  signal?: AbortSignal;
};

/** A message without the temporary folder the files were downloaded to: the files' own names remain. */
const withoutFolder = (message: string, dir: string | undefined) =>
  dir
    ? message.replace(new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(\\d+/)?`, 'g'), '')
    : message;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

const sameFiles = (a: RemoteFile[], b: RemoteFile[], key: (f: RemoteFile) => string) =>
  a.length === b.length && a.every((f, i) => b[i] !== undefined && key(f) === key(b[i] as RemoteFile));

/**
 * Syncs one dataset into the live partition: finds its current file(s), and unless the source says
 * they have not changed since the last sync (the same CKAN resources and `last_modified`, a 304 to a
 * conditional request, or the same content hash), downloads them and ingests them exactly as
 * `aevs ingest` does (all or nothing, change events through recordChanges). A failure of the source,
 * the download or the ingest is an outcome with its reason, recorded for /v1/sources, and the stored
 * copy is untouched; only the store failing is thrown.
 */
export async function syncDataset(deps: SyncDeps, dataset: DatasetName): Promise<SyncOutcome> {
  const { ctx, catalogue, owner } = deps;
  const entry = catalogue[dataset];
  const started = ctx.clock();
  const outcome = (
    status: SyncStatus,
    reason: string | null,
    files: string[] = [],
    summary: IngestSummary | null = null,
  ) => {
    const interval = entry.checkEveryHours * 3_600_000 || RETRY_FAILED_MS;
    return {
      dataset,
      status,
      reason,
      files,
      ingest: summary,
      next_sync_at: later(ctx.clock(), status === 'failed' ? Math.min(interval, RETRY_FAILED_MS) : interval),
    };
  };
  if (!entry.locator) return outcome('failed', `no free official source: ${entry.reason ?? 'none known'}`);
  const lease = () =>
    ctx.store.syncState.claim(PARTITION, dataset, {
      owner,
      now: ctx.clock().toISOString(),
      until: later(ctx.clock(), LEASE_MS),
    });
  if (!(await lease())) {
    // Not recorded: the process that holds the lease records its own outcome.
    return outcome('failed', 'another process is syncing this dataset now');
  }
  const renew = setInterval(() => void lease().catch(() => undefined), RENEW_MS);
  renew.unref();
  let dir: string | undefined;
  let result: SyncOutcome;
  let fingerprint: Fingerprint | undefined;
  let publicReason: string | null = null;
  try {
    const state = await ctx.store.syncState.get(PARTITION, dataset);
    const previous: Fingerprint | null = state?.fingerprint
      ? (JSON.parse(state.fingerprint) as Fingerprint)
      : null;
    dir = await mkdtemp(join(tmpdir(), `aevs-sync-${dataset}-`));
    const run = await fetchChanged(deps, entry, previous, dir);
    fingerprint = run.fingerprint;
    if (run.unchanged !== null) {
      result = outcome('unchanged', run.unchanged, run.names);
    } else {
      const inputs = await resolveInputs(run.paths);
      try {
        const summary = await ingest({
          ctx,
          input: {
            adapter: ADAPTERS[dataset],
            files: inputs.files,
            partition: PARTITION,
            onProgress: ({ file, rows }) =>
              deps.onIngest?.(`${dataset}: ${shownName(file)}: ${rows.toLocaleString('en-AU')} rows`),
          },
        });
        result = outcome('synced', null, run.names, summary);
      } finally {
        await inputs.close();
      }
    }
  } catch (error) {
    fingerprint = undefined;
    const message = withoutFolder(error instanceof Error ? error.message : String(error), dir);
    result = outcome('failed', message);
    // /v1/sources shows the reason to every live key: only messages written for people, never a
    // driver's or a library's (they can carry SQL or paths; the CLI and the log have them).
    publicReason =
      error instanceof SyncError || error instanceof IngestError
        ? message
        : 'an internal error; the detail is in the output or log of the process that synced';
  } finally {
    clearInterval(renew);
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
  await ctx.store.syncState.recordOutcome(PARTITION, dataset, {
    at: started.toISOString(),
    status: result.status,
    error: result.status === 'failed' ? publicReason : null,
    nextAt: result.next_sync_at,
    ...(fingerprint ? { fingerprint: JSON.stringify(fingerprint) } : {}),
  });
  await ctx.store.syncState.release(PARTITION, dataset, owner);
  return result;
}

type Fetched =
  | { unchanged: string; names: string[]; fingerprint: Fingerprint }
  | { unchanged: null; names: string[]; paths: string[]; fingerprint: Fingerprint };

/** The source's current files, downloaded into `dir` unless they are known not to have changed. */
async function fetchChanged(
  deps: SyncDeps,
  entry: CatalogueEntry,
  previous: Fingerprint | null,
  dir: string,
): Promise<Fetched> {
  const { http, signal } = deps;
  const located = await locateFiles(http, entry, signal);
  const names = located.map((f) => f.name);
  if (entry.locator && 'api' in entry.locator) {
    const pages = await downloadApiPages(http, entry.locator.api, dir, {
      pauseMs: deps.apiPauseMs ?? 1_000,
      ...(deps.onDownload ? { onProgress: deps.onDownload } : {}),
      ...(signal ? { signal } : {}),
    });
    const seen: FileSeen = {
      url: entry.locator.api,
      name: 'gleif-api',
      sha256: pages.sha256,
      validators: {},
    };
    const fingerprint = { files: [seen] };
    if (previous && previous.files.length === 1 && previous.files[0]?.sha256 === pages.sha256) {
      return { unchanged: 'the API answers the same records as at the last sync', names: [], fingerprint };
    }
    return {
      unchanged: null,
      names: pages.paths.map((p) => p.slice(dir.length + 1)),
      paths: pages.paths,
      fingerprint,
    };
  }
  // CKAN says when a resource last changed: the same resources, unchanged, need no download at all.
  const byCkan = (f: RemoteFile) => `${f.url} ${f.resourceId} ${f.lastModified}`;
  if (
    previous &&
    located.every((f) => f.resourceId && f.lastModified) &&
    sameFiles(located, previous.files, byCkan)
  ) {
    return {
      unchanged: `CKAN lists the same file${located.length === 1 ? '' : 's'}, last modified ${located.map((f) => f.lastModified).join(', ')}`,
      names,
      fingerprint: previous,
    };
  }
  const before = new Map((previous?.files ?? []).map((f) => [f.url, f]));
  const download = (file: RemoteFile, i: number, conditional: boolean) =>
    downloadFile(http, file, join(dir, String(i)), {
      ...(conditional && before.get(file.url)?.validators
        ? { conditional: before.get(file.url)?.validators }
        : {}),
      ...(deps.onDownload ? { onProgress: deps.onDownload } : {}),
      ...(signal ? { signal } : {}),
    });
  const conditional = previous !== null && sameFiles(located, previous.files, (f) => f.url);
  let results = await Promise.all(located.map((f, i) => download(f, i, conditional)));
  if (results.every((r) => r.notModified)) {
    return {
      unchanged: 'the publisher answered 304 Not Modified',
      names,
      fingerprint: previous as Fingerprint,
    };
  }
  // Some files changed, others not: the snapshot needs all of them.
  results = await Promise.all(
    results.map((r, i) => (r.notModified ? download(located[i] as RemoteFile, i, false) : r)),
  );
  const files: FileSeen[] = [];
  const paths: string[] = [];
  for (const [i, r] of results.entries()) {
    if (r.notModified) throw new Error('unreachable: an unconditional download answered 304');
    const file = located[i] as RemoteFile;
    files.push({ ...file, name: r.name, sha256: r.sha256, validators: r.validators });
    paths.push(r.path);
  }
  const fingerprint = { files };
  if (previous && sameFiles(files, previous.files, (f) => `${f.url} ${(f as FileSeen).sha256}`)) {
    return { unchanged: 'the downloaded files are identical to those of the last sync', names, fingerprint };
  }
  return { unchanged: null, names: files.map((f) => f.name), paths, fingerprint };
}
