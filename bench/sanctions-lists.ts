// Reads the real sanctions lists the screening benchmark measures on (OFAC SDN with its alternate
// names, the UN Consolidated List with its original-script names), from the folder they are kept in
// outside the repository. They are read at run time and never copied into the repository.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

export type ListedParty = {
  /** `ofac:36`, `un:6907993` */
  id: string;
  kind: 'individual' | 'entity' | 'vessel';
  primary: string;
  aliases: string[];
  /** UN names in their original script (Arabic, Cyrillic, Chinese, …). */
  originalScript: string[];
};

export const SANCTIONS_DIR =
  process.env.AEVS_SANCTIONS_DIR ?? join(import.meta.dirname, '..', '..', 'shared', 'data', 'sanctions');

export function readSanctionsLists(dir = SANCTIONS_DIR): ListedParty[] {
  const files = ['ofac-sdn.csv', 'ofac-alt.csv', 'un-consolidated.xml'];
  const missing = files.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new Error(
      `The real sanctions lists are not in ${dir} (missing ${missing.join(', ')}); set AEVS_SANCTIONS_DIR to the folder holding ${files.join(', ')}.`,
    );
  }
  return [...readOfac(dir), ...readUn(dir)];
}

const empty = (v: string | undefined) => v === undefined || v.trim() === '-0-' || v.trim() === '';

function readOfac(dir: string): ListedParty[] {
  const rows = (file: string) =>
    parse(readFileSync(join(dir, file), 'utf8'), {
      relax_column_count: true,
      relax_quotes: true,
    }) as string[][];
  const parties = new Map<string, ListedParty>();
  for (const [num, name, type] of rows('ofac-sdn.csv')) {
    if (!num || empty(name)) continue;
    const t = (type ?? '').trim();
    // Aircraft are listed by model and serial number, not by a name a person would screen.
    if (t === 'aircraft') continue;
    const kind = t === 'individual' ? 'individual' : t === 'vessel' ? 'vessel' : 'entity';
    parties.set(num, {
      id: `ofac:${num}`,
      kind,
      primary: ofacName(name as string, kind),
      aliases: [],
      originalScript: [],
    });
  }
  for (const [num, , , name] of rows('ofac-alt.csv')) {
    const party = num ? parties.get(num) : undefined;
    if (party && !empty(name)) party.aliases.push(ofacName(name as string, party.kind));
  }
  return [...parties.values()];
}

/** OFAC writes people "FAMILY, Given": turned round, as a person would be screened. */
function ofacName(name: string, kind: ListedParty['kind']): string {
  const n = name.trim();
  if (kind !== 'individual') return n;
  const comma = n.indexOf(',');
  return comma > 0 ? `${n.slice(comma + 1).trim()} ${n.slice(0, comma).trim()}` : n;
}

function readUn(dir: string): ListedParty[] {
  const xml = readFileSync(join(dir, 'un-consolidated.xml'), 'utf8');
  const parties: ListedParty[] = [];
  for (const [tag, kind] of [
    ['INDIVIDUAL', 'individual'],
    ['ENTITY', 'entity'],
  ] as const) {
    for (const block of xml.split(`<${tag}>`).slice(1)) {
      const body = block.slice(0, block.indexOf(`</${tag}>`));
      const one = (name: string) => all(body, name)[0] ?? '';
      const primary = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
        .map(one)
        .filter(Boolean)
        .join(' ');
      if (!primary) continue;
      parties.push({
        id: `un:${one('DATAID')}`,
        kind,
        primary,
        aliases: all(body, 'ALIAS_NAME'),
        originalScript: all(body, 'NAME_ORIGINAL_SCRIPT'),
      });
    }
  }
  return parties;
}

function all(body: string, tag: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g');
  for (const m of body.matchAll(re)) {
    const v = decode(m[1] ?? '').trim();
    if (v) out.push(v);
  }
  return out;
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
