import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { InputFile } from './ingest.ts';

export type Inputs = { files: InputFile[]; close: () => Promise<void> };
export type DownloadProgress = { url: string; bytes: number; total: number | null };

const isUrl = (s: string) => /^https?:\/\//i.test(s);
const SKIP = /(^\.|^README|\.md$|\.pdf$)/i;

/**
 * Turns what the user named (files, folders, zips, URLs) into the ordered files of one snapshot. A
 * folder contributes its files in name order; a zip its entries in name order; a URL is downloaded
 * to a temporary file first (with progress), then read like a file.
 */
export async function resolveInputs(
  names: string[],
  options: { fetch?: typeof fetch; onDownload?: (p: DownloadProgress) => void } = {},
): Promise<Inputs> {
  const files: InputFile[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  try {
    for (const name of names) {
      if (isUrl(name)) {
        const { path, cleanup } = await download(name, options);
        cleanups.push(cleanup);
        await addPath(path, files, cleanups, basename(new URL(name).pathname) || 'download');
      } else {
        await addPath(name, files, cleanups);
      }
    }
  } catch (error) {
    for (const c of cleanups) await c().catch(() => undefined);
    throw error;
  }
  if (files.length === 0) throw new Error(`no files to read in ${names.join(', ')}`);
  return {
    files,
    close: async () => {
      for (const c of cleanups) await c().catch(() => undefined);
    },
  };
}

async function addPath(
  path: string,
  files: InputFile[],
  cleanups: Array<() => Promise<void>>,
  label?: string,
) {
  const info = await stat(path).catch(() => {
    throw new Error(`${path}: no such file or folder`);
  });
  if (info.isDirectory()) {
    const entries = (await readdir(path, { withFileTypes: true }))
      .filter((e) => e.isFile() && !SKIP.test(e.name))
      .map((e) => e.name)
      .sort();
    for (const entry of entries) await addPath(join(path, entry), files, cleanups);
    return;
  }
  if (await isZip(path)) {
    const zip = await openZip(path);
    cleanups.push(async () => zip.close());
    for (const entry of zip.entries) {
      files.push({
        name: `${label ?? basename(path)}:${entry.fileName}`,
        modified: entry.getLastModDate(),
        size: entry.uncompressedSize,
        open: () =>
          new Promise((resolve, reject) =>
            zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
          ),
      });
    }
    return;
  }
  files.push({
    name: label ?? path,
    modified: info.mtime,
    size: info.size,
    path,
    open: async () => createReadStream(path),
  });
}

async function isZip(path: string): Promise<boolean> {
  const stream = createReadStream(path, { start: 0, end: 3 });
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const head = Buffer.concat(chunks);
  // XLSX files are zips too, but they are one document: only plain archives are opened here.
  if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) return false;
  return !/\.xlsx$/i.test(path);
}

async function openZip(path: string) {
  // A zip that cannot be read (most often one cut off in transit: its directory is at the end) is
  // named in the error, like any other file.
  const unreadable = (error: Error) =>
    new Error(`${path}: not a readable zip archive (${error.message}); it may be cut off`);
  const zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(unreadable(error)) : resolve(zip),
    ),
  );
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zipfile.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/') && !SKIP.test(basename(entry.fileName))) entries.push(entry);
      zipfile.readEntry();
    });
    zipfile.once('end', () => resolve());
    zipfile.once('error', (error: Error) => reject(unreadable(error)));
    zipfile.readEntry();
  });
  entries.sort((a, b) => a.fileName.localeCompare(b.fileName));
  return {
    entries,
    openReadStream: zipfile.openReadStream.bind(zipfile),
    close: () => zipfile.close(),
  };
}

async function download(
  url: string,
  options: { fetch?: typeof fetch; onDownload?: (p: DownloadProgress) => void },
): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'aevs-download-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const response = await (options.fetch ?? fetch)(url, {
      redirect: 'follow',
      headers: { 'user-agent': 'Mozilla/5.0 (aevs ingest)' },
    });
    if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
    const total = Number(response.headers.get('content-length')) || null;
    const name = basename(new URL(url).pathname) || 'download';
    const path = join(dir, name);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _e, done) {
        bytes += chunk.length;
        options.onDownload?.({ url, bytes, total });
        done(null, chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      counter,
      createWriteStream(path),
    );
    if (total !== null && bytes !== total)
      throw new Error(`${url}: the download stopped at ${bytes} of ${total} bytes`);
    return { path, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
