import { basename } from 'node:path';
import type { CatalogueEntry, PickRule } from './catalogue.ts';
import { type Http, SyncError } from './http.ts';

/** One file of a dataset's current snapshot, as its source names it. */
export type RemoteFile = {
  url: string;
  /** The file's own name (`company_202611.zip`), as the ingest will name it. */
  name: string;
  /** CKAN's resource id and `last_modified` (or `metadata_modified`): a change there is a new file. */
  resourceId?: string;
  lastModified?: string;
};

/** A file's name from its address: the last path segment, decoded. */
export const fileNameOf = (url: string): string => {
  const segment = basename(new URL(url).pathname);
  try {
    return decodeURIComponent(segment) || 'download';
  } catch {
    return segment || 'download';
  }
};

const looksLikeHtml = (text: string) => /^\s*(<!doctype html|<html|<head|<body)/i.test(text.slice(0, 512));

/** The date stamp in a file name (`company_202611.zip`, `20261118Public01.xml`), or ''. */
const stampOf = (name: string) => /(\d{8}|\d{6})/.exec(name)?.[1]?.padEnd(8, '0') ?? '';

/** The files a rule picks among candidates (in their listed order), or a SyncError saying none did. */
export function pickFiles<T extends { name: string; lastModified?: string }>(
  candidates: T[],
  rule: PickRule,
  where: string,
): T[] {
  for (const pattern of rule.files) {
    const matching = candidates.filter((c) => pattern.test(c.name));
    if (matching.length === 0) continue;
    if (rule.take === 'all') {
      if (rule.count !== undefined && matching.length !== rule.count) {
        throw new SyncError(
          `${where}: ${matching.length} file${matching.length === 1 ? '' : 's'} match ${pattern} where ${rule.count} are expected (${matching.map((m) => m.name).join(', ')})`,
        );
      }
      return matching;
    }
    const latest = matching
      .map((c, i) => ({ c, i }))
      .sort(
        (a, b) =>
          stampOf(b.c.name).localeCompare(stampOf(a.c.name)) ||
          (b.c.lastModified ?? '').localeCompare(a.c.lastModified ?? '') ||
          a.i - b.i,
      )[0];
    return latest ? [latest.c] : [];
  }
  throw new SyncError(
    `${where}: no file matches the rule (${rule.files.join(' or ')}) among ${candidates.length ? candidates.map((c) => c.name).join(', ') : 'none'}`,
  );
}

type CkanResource = {
  id?: unknown;
  name?: unknown;
  url?: unknown;
  last_modified?: unknown;
  metadata_modified?: unknown;
  created?: unknown;
};

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** A CKAN package's resources (data.gov.au's `package_show`), each with its file's name. */
async function ckanResources(http: Http, url: string, signal?: AbortSignal): Promise<RemoteFile[]> {
  const body = await http.withRetries(async () => {
    const response = await http.get(url, { accept: 'application/json' }, signal);
    return response.text();
  }, signal);
  if (looksLikeHtml(body)) {
    throw new SyncError(`${url}: answered with an HTML page where CKAN's package_show JSON was expected`);
  }
  let json: { success?: unknown; result?: { resources?: unknown } };
  try {
    json = JSON.parse(body);
  } catch {
    throw new SyncError(`${url}: not JSON, so not a CKAN package_show answer`);
  }
  const resources = json.result?.resources;
  if (json.success !== true || !Array.isArray(resources)) {
    throw new SyncError(`${url}: not a CKAN package_show answer (no success and result.resources)`);
  }
  return (resources as CkanResource[]).flatMap((r): RemoteFile[] => {
    const address = text(r.url);
    if (!address || !/^https?:\/\//i.test(address)) return [];
    const lastModified = text(r.last_modified) ?? text(r.metadata_modified) ?? text(r.created);
    const resourceId = text(r.id);
    return [
      {
        url: address,
        name: fileNameOf(address),
        ...(resourceId ? { resourceId } : {}),
        ...(lastModified ? { lastModified } : {}),
      },
    ];
  });
}

/** The links of an HTML page, absolute, in page order. */
async function pageLinks(http: Http, url: string, signal?: AbortSignal): Promise<RemoteFile[]> {
  const { body, base } = await http.withRetries(async () => {
    const response = await http.get(url, { accept: 'text/html' }, signal);
    return { body: await response.text(), base: response.url || url };
  }, signal);
  const links: RemoteFile[] = [];
  for (const match of body.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const href = (match[1] ?? match[2] ?? match[3] ?? '').replaceAll('&amp;', '&').trim();
    let absolute: URL;
    try {
      absolute = new URL(href, base);
    } catch {
      continue;
    }
    if (absolute.protocol !== 'https:' && absolute.protocol !== 'http:') continue;
    links.push({ url: absolute.href, name: fileNameOf(absolute.href) });
  }
  return links;
}

/**
 * The current file(s) of a dataset, from its catalogue entry: the CKAN package's resources or the
 * page's links the rule picks, or the addresses given. GLEIF's API is walked by the download itself.
 */
export async function locateFiles(
  http: Http,
  entry: CatalogueEntry,
  signal?: AbortSignal,
): Promise<RemoteFile[]> {
  const { locator } = entry;
  if (!locator) throw new SyncError(entry.reason ?? 'no free official source');
  if ('url' in locator) return [{ url: locator.url, name: fileNameOf(locator.url) }];
  if ('urls' in locator) return locator.urls.map((url) => ({ url, name: fileNameOf(url) }));
  if ('api' in locator) return [{ url: locator.api, name: 'gleif-page-0001.json' }];
  const rule = entry.pick ?? { files: [/./], take: 'latest' };
  if ('ckan' in locator) {
    return pickFiles(await ckanResources(http, locator.ckan, signal), rule, `CKAN package ${locator.ckan}`);
  }
  const links = await pageLinks(http, locator.page, signal);
  try {
    return pickFiles(links, rule, locator.page);
  } catch (error) {
    if (error instanceof SyncError) {
      throw new SyncError(`${locator.page}: no link on the page names the file (${rule.files.join(' or ')})`);
    }
    throw error;
  }
}
