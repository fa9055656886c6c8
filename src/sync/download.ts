import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { type Http, SyncError, TransientError } from './http.ts';
import { fileNameOf, type RemoteFile } from './locate.ts';

/** What the publisher said of a file when it was last downloaded, for a conditional request. */
export type Validators = { etag?: string; lastModified?: string };

export type DownloadProgress = { url: string; bytes: number; total: number | null };

export type Downloaded =
  | { notModified: true }
  | { notModified: false; path: string; name: string; bytes: number; sha256: string; validators: Validators };

const sha256Of = async (path: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const headOf = async (path: string, length: number) => {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

const HTML = /^\s*(<!doctype html|<html|<head|<body)/i;

/**
 * A downloaded file is what was asked for: not an HTML page (a login, error or geo-block page served
 * with 200), and, for a zip, an archive whose directory and entries read (a cut zip does not).
 */
async function verify(path: string, name: string, url: string): Promise<void> {
  const head = await headOf(path, 512);
  if (!/\.html?$/i.test(name) && HTML.test(head.toString('latin1'))) {
    throw new SyncError(`${url}: an HTML page was served where the file ${name} was expected`);
  }
  const isZip = head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
  if (/\.zip$/i.test(name) && !isZip) throw new SyncError(`${url}: ${name} is not a zip archive`);
  if (isZip && !/\.xlsx$/i.test(name)) await checkZip(path, url);
}

function checkZip(path: string, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) =>
      reject(new SyncError(`${url}: not a readable zip archive (${error.message}); it may be cut off`));
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return fail(error);
      let entries = 0;
      zip.on('entry', () => {
        entries++;
        zip.readEntry();
      });
      zip.once('end', () =>
        entries ? resolve() : reject(new SyncError(`${url}: the zip archive holds no files`)),
      );
      zip.once('error', fail);
      zip.readEntry();
    });
  });
}

/** The name the server gives the file (Content-Disposition), where the address has no extension. */
const dispositionName = (header: string | null): string | undefined => {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ? fileNameOf(`http://x/${match[1]}`) : undefined;
};

/**
 * Downloads one file into `dir`, with retries on transient failures: a download cut off part way is
 * resumed with a Range request where the server accepts ranges (and the file has not changed since,
 * If-Range), else started again. With `conditional`, the first request asks whether the file changed
 * since (If-None-Match, If-Modified-Since); `notModified` when it has not.
 */
export async function downloadFile(
  http: Http,
  file: RemoteFile,
  dir: string,
  options: {
    conditional?: Validators;
    onProgress?: (p: DownloadProgress) => void;
    signal?: AbortSignal;
  } = {},
): Promise<Downloaded> {
  await mkdir(dir, { recursive: true });
  let name = file.name;
  let path = join(dir, name);
  let bytes = 0;
  let total: number | null = null;
  let validators: Validators = {};
  let acceptsRanges = false;
  const { url } = file;
  const result = await http.withRetries(async (): Promise<Downloaded> => {
    const headers: Record<string, string> = {};
    const resuming = bytes > 0 && acceptsRanges;
    if (resuming) {
      headers.range = `bytes=${bytes}-`;
      const validator = validators.etag ?? validators.lastModified;
      if (validator) headers['if-range'] = validator;
    } else if (options.conditional) {
      if (options.conditional.etag) headers['if-none-match'] = options.conditional.etag;
      if (options.conditional.lastModified) headers['if-modified-since'] = options.conditional.lastModified;
    }
    const response = await http.get(url, headers, options.signal);
    if (response.status === 304) return { notModified: true };
    const appending = resuming && response.status === 206;
    if (!appending) {
      bytes = 0;
      const length = Number(response.headers.get('content-length'));
      total = response.headers.get('content-length') !== null && Number.isFinite(length) ? length : null;
      validators = {
        ...(response.headers.get('etag') ? { etag: response.headers.get('etag') as string } : {}),
        ...(response.headers.get('last-modified')
          ? { lastModified: response.headers.get('last-modified') as string }
          : {}),
      };
      acceptsRanges = /bytes/i.test(response.headers.get('accept-ranges') ?? '');
      if (!/\.[a-z0-9]{2,5}$/i.test(name)) {
        const given = dispositionName(response.headers.get('content-disposition'));
        if (given) {
          name = given;
          path = join(dir, name);
        }
      }
    }
    if (!response.body) throw new TransientError(`${url}: an answer with no body`);
    // Each chunk is on disk before the next is read, so a cut leaves exactly `bytes` to resume from.
    const out = await open(path, appending ? 'a' : 'w');
    try {
      for await (const chunk of response.body) {
        await out.write(chunk);
        bytes += chunk.length;
        options.onProgress?.({ url, bytes, total });
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new TransientError(
        `${url}: the download was cut off at ${bytes.toLocaleString('en-AU')}${total ? ` of ${total.toLocaleString('en-AU')}` : ''} bytes (${(error as Error).message})`,
      );
    } finally {
      await out.close();
    }
    if (total !== null && bytes < total) {
      throw new TransientError(
        `${url}: the download was cut off at ${bytes.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')} bytes`,
      );
    }
    return { notModified: false, path, name, bytes, sha256: '', validators };
  }, options.signal);
  if (result.notModified) return result;
  await verify(result.path, result.name, url);
  return { ...result, sha256: await sha256Of(result.path) };
}

/**
 * GLEIF's API walked page by page from the first page's address (each page's `links.next`), each
 * page kept as a file the GLEIF parser reads; `pauseMs` between pages keeps to GLEIF's rate.
 */
export async function downloadApiPages(
  http: Http,
  firstUrl: string,
  dir: string,
  options: {
    pauseMs?: number;
    maxPages?: number;
    onProgress?: (p: DownloadProgress) => void;
    signal?: AbortSignal;
  } = {},
): Promise<{ paths: string[]; sha256: string }> {
  await mkdir(dir, { recursive: true });
  const hash = createHash('sha256');
  const paths: string[] = [];
  let next: string | undefined = firstUrl;
  let records = 0;
  while (next) {
    if (paths.length >= (options.maxPages ?? 5_000))
      throw new SyncError(`${firstUrl}: more than ${paths.length} pages`);
    const url: string = next;
    const body = await http.withRetries(async () => {
      const response = await http.get(url, { accept: 'application/vnd.api+json' }, options.signal);
      return response.text();
    }, options.signal);
    let page: { data?: unknown; links?: { next?: unknown } };
    try {
      page = JSON.parse(body);
    } catch {
      throw new SyncError(`${url}: not JSON, so not a GLEIF API page`);
    }
    if (!Array.isArray(page.data)) throw new SyncError(`${url}: not a GLEIF API page (no data array)`);
    if (page.data.length === 0) break;
    records += page.data.length;
    const path = join(dir, `gleif-page-${String(paths.length + 1).padStart(4, '0')}.json`);
    await writeFile(path, body);
    hash.update(JSON.stringify(page.data));
    paths.push(path);
    options.onProgress?.({ url, bytes: records, total: null });
    next = typeof page.links?.next === 'string' && page.links.next !== url ? page.links.next : undefined;
    if (next && options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
  }
  if (paths.length === 0) {
    await rm(dir, { recursive: true, force: true });
    throw new SyncError(`${firstUrl}: the API answered no records`);
  }
  return { paths, sha256: hash.digest('hex') };
}
