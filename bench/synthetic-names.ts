// Synthetic company names for the benchmarks that measure name search (bench:names, bench:scale):
// the words they are made of, the variations a person really types, and the labelled queries built
// from them.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { abnFromAcn, acnCheckDigit } from '../src/identifiers/check-digits.ts';
import { searchNames } from '../src/resolve/search-names.ts';
import type { Store } from '../src/store/store.ts';

/** Place words: two of them start a synthetic company name. */
export const PLACE_WORDS = [
  'ABBOTT',
  'ACACIA',
  'ALPINE',
  'AMBER',
  'ANCHOR',
  'APEX',
  'ARROW',
  'ASPEN',
  'ATLAS',
  'AURORA',
  'BANKSIA',
  'BARRIER',
  'BAYSIDE',
  'BEACON',
  'BELLBIRD',
  'BIRCH',
  'BLACKWOOD',
  'BLUEGUM',
  'BOULDER',
  'BRIDGE',
  'BRIGHTON',
  'BRONTE',
  'BUNDOORA',
  'BURNSIDE',
  'CANOPY',
  'CAPRICORN',
  'CARDINAL',
  'CASCADE',
  'CEDAR',
  'CENTENNIAL',
  'CHALLIS',
  'CHESTNUT',
  'CITADEL',
  'CLAREMONT',
  'COBALT',
  'COLLINS',
  'CORAL',
  'CORNERSTONE',
  'CRESCENT',
  'CROWN',
  'CYPRESS',
  'DARLING',
  'DELTA',
  'DIAMOND',
  'DOLPHIN',
  'DOVER',
  'DUNE',
  'EAGLE',
  'ECHO',
  'ELDER',
  'ELM',
  'EMERALD',
  'ENDEAVOUR',
  'EUREKA',
  'EVEREST',
  'FALCON',
  'FERN',
  'FLINDERS',
  'FORREST',
  'FOXGLOVE',
  'FRANKLIN',
  'GALAXY',
  'GARNET',
  'GLENELG',
  'GRANITE',
  'GREVILLEA',
  'GUMTREE',
  'HARBOUR',
  'HAWTHORN',
  'HERITAGE',
  'HIGHGATE',
  'HORIZON',
  'HUNTER',
  'IRONBARK',
  'IVORY',
  'JACARANDA',
  'JARRAH',
  'JASPER',
  'KAKADU',
  'KESTREL',
  'KIMBERLEY',
  'KINGFISHER',
  'KOALA',
  'KOOKABURRA',
  'LAGOON',
  'LANTERN',
  'LAUREL',
  'LEEUWIN',
  'LIBERTY',
  'LIMESTONE',
  'LOTUS',
  'MACQUARIE',
  'MAGNOLIA',
  'MALLEE',
  'MANGROVE',
  'MAPLE',
  'MARINER',
  'MERIDIAN',
  'MIDNIGHT',
  'MONARCH',
  'MULGA',
  'MURRAY',
  'MYRTLE',
  'NEPEAN',
  'NORTHSTAR',
  'OAKLEY',
  'OCEANIC',
  'OLIVE',
  'ONYX',
  'ORCHARD',
  'OTWAY',
  'PALMERSTON',
  'PANORAMA',
  'PARAGON',
  'PELICAN',
  'PINNACLE',
  'PLATINUM',
  'PORTSEA',
  'QUARTZ',
  'QUOKKA',
  'RAINBOW',
  'REDGUM',
  'RIVERINA',
  'ROSEWOOD',
  'SANDSTONE',
  'SAPPHIRE',
  'SHELLHARBOUR',
  'SILVEREYE',
  'SORRENTO',
  'SPINIFEX',
  'STIRLING',
  'SUMMIT',
  'SUNBIRD',
  'TALLOWWOOD',
  'TASMAN',
  'THORNBURY',
  'TIMBERTOP',
  'TOPAZ',
  'TORRENS',
  'TRIDENT',
  'TULIP',
  'VALLEY',
  'VANGUARD',
  'VELVET',
  'VERITAS',
  'VICTORIA',
  'WAKEFIELD',
  'WANDOO',
  'WARATAH',
  'WATTLE',
  'WESTGATE',
  'WHITSUNDAY',
  'WILLOW',
  'WOMBAT',
  'YARRA',
  'ZENITH',
];
/** Industry words: one ends it, before the legal form. */
export const INDUSTRY_WORDS = [
  'ACCOUNTING',
  'ADVISORY',
  'AGRICULTURE',
  'ARCHITECTS',
  'AUTOMOTIVE',
  'AVIATION',
  'BAKERY',
  'BUILDERS',
  'CABINETS',
  'CAPITAL',
  'CARPENTRY',
  'CATERING',
  'CIVIL',
  'CLEANING',
  'COFFEE',
  'CONCRETE',
  'CONSTRUCTIONS',
  'CONSULTING',
  'DENTAL',
  'DESIGN',
  'DEVELOPMENTS',
  'DIGITAL',
  'ELECTRICAL',
  'ENERGY',
  'ENGINEERING',
  'ESTATES',
  'EVENTS',
  'FABRICATION',
  'FARMS',
  'FINANCE',
  'FITNESS',
  'FLOORING',
  'FOODS',
  'FREIGHT',
  'FURNITURE',
  'GARDENS',
  'GLAZING',
  'GROUP',
  'HEALTH',
  'HOLDINGS',
  'HOSPITALITY',
  'IMPORTS',
  'INDUSTRIES',
  'INSURANCE',
  'INVESTMENTS',
  'JOINERY',
  'LANDSCAPING',
  'LEGAL',
  'LOGISTICS',
  'MACHINERY',
  'MANAGEMENT',
  'MARINE',
  'MEDIA',
  'MEDICAL',
  'MINING',
  'MOTORS',
  'NURSERY',
  'PAINTING',
  'PASTORAL',
  'PHARMACY',
  'PLUMBING',
  'PROPERTIES',
  'RECRUITMENT',
  'RENOVATIONS',
  'RESOURCES',
  'RETAIL',
  'ROOFING',
  'SECURITY',
  'SERVICES',
  'SOLAR',
  'SOLUTIONS',
  'STEEL',
  'STORAGE',
  'SURVEYING',
  'SYSTEMS',
  'TECHNOLOGY',
  'TILING',
  'TIMBER',
  'TOURS',
  'TRADING',
  'TRANSPORT',
  'TRAVEL',
  'VENTURES',
  'VETERINARY',
  'WELDING',
  'WINES',
];
/** Legal forms as the register writes them, in proportion. */
export const FORMS = ['PTY LTD', 'PTY LTD', 'PTY LTD', 'PTY. LTD.', 'LIMITED', 'PTY LIMITED'];

/** Company i's ACN (a unique 8-digit body and its check digit) and the ABN made from it. */
export function companyIds(i: number): { acn: string; abn: string } {
  const body = String(10_000_000 + i)
    .padStart(8, '0')
    .slice(-8);
  const acn = body + acnCheckDigit(body);
  return { acn, abn: abnFromAcn(acn) };
}

/** One company's `<ABR>` record, as the ABN Bulk Extract writes it (docs/registers.md §2.2). */
export const abrCompanyRecord = (c: { abn: string; acn: string; name: string; cancelled: boolean }) =>
  `<ABR recordLastUpdatedDate="20240101" replaced="N"><ABN status="${c.cancelled ? 'CAN' : 'ACT'}" ABNStatusFromDate="20100101">${c.abn}</ABN><EntityType><EntityTypeInd>PRV</EntityTypeInd><EntityTypeText>Australian Private Company</EntityTypeText></EntityType><MainEntity><NonIndividualName type="MN"><NonIndividualNameText>${c.name}</NonIndividualNameText></NonIndividualName><BusinessAddress><AddressDetails><State>NSW</State><Postcode>2000</Postcode></AddressDetails></BusinessAddress></MainEntity><ASICNumber ASICNumberType="undetermined">${c.acn}</ASICNumber></ABR>\n`;

// Variations a person really types.
export const variations: Array<(name: string) => string> = [
  (s) => s.replace(/ PTY\.? LTD\.?$| PTY LIMITED$/, ' P/L'),
  (s) => s.replace(/ PTY\.? LTD\.?$/, ' PROPRIETARY LIMITED').toLowerCase(),
  (s) => {
    const w = s.split(' ');
    return [w[1], w[0], ...w.slice(2)].join(' ');
  },
  (s) => s.replace(/([A-Z]{6,}?)([A-Z])([A-Z])/, '$1$3$2'),
  (s) => s.replace(/ (PTY\.? LTD\.?|LIMITED|PTY LIMITED)$/, '').replace(/ /g, '-'),
  (s) => s.replace(/ /, '  ').toLowerCase(),
];
/** `count` (query, expected ABN) pairs: the written names, each varied as a person would type it. */
export function labelledQueries(written: Array<{ abn: string; name: string }>, count = 300) {
  return Array.from({ length: count }, (_, i) => {
    const target = written[(i * 7) % written.length] as { abn: string; name: string };
    return {
      query: (variations[i % variations.length] as (s: string) => string)(target.name),
      abn: target.abn,
    };
  });
}

/** The p-th percentile of a sample. */
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

/**
 * Writes an ABN Bulk Extract file of `n` companies with unique synthetic names (two place words, an
 * industry word, a legal form; a numeral where the combination repeats) and, with `asicFile`, the
 * same companies' rows in the ASIC Company Dataset's layout (docs/registers.md §3.1). Resolves to a
 * sample of about 2,000 (ABN, name) pairs for labelled queries. The names come from a seeded
 * generator: the same `n` gives the same files.
 */
export async function writeCompanyExtract(file: string, n: number, asicFile?: string) {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const written: Array<{ abn: string; name: string }> = [];
  const out = createWriteStream(file);
  const asic = asicFile ? createWriteStream(asicFile) : null;
  const write = async (stream: NodeJS.WritableStream, s: string) => {
    if (!stream.write(s)) await once(stream, 'drain');
  };
  await write(
    out,
    '<?xml version="1.0"?>\n<Transfer error="none"><TransferInfo><FileSequenceNumber>1</FileSequenceNumber><RecordCount>0</RecordCount><ExtractTime>2026-11-18T08:00:00</ExtractTime></TransferInfo>\n',
  );
  if (asic)
    await write(
      asic,
      '\ufeffCompany Name\tACN\tType\tClass\tSub Class\tStatus\tDate of Registration\tDate of Deregistration\tPrevious State of Registration\tState Registration number\tModified since last report\tCurrent Name Indicator\tABN\tCurrent Name\tCurrent Name Start Date\r\n',
    );
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    let base = `${PLACE_WORDS[Math.floor(rand() * PLACE_WORDS.length)]} ${PLACE_WORDS[Math.floor(rand() * PLACE_WORDS.length)]} ${INDUSTRY_WORDS[Math.floor(rand() * INDUSTRY_WORDS.length)]}`;
    // A combination already used takes a number, the first one free: names stay unique at any N
    // (past about 2M the combinations run out and a numbered name would come again).
    if (used.has(base)) {
      let k = i % 97;
      while (used.has(`${base} ${k}`)) k += 97;
      base = `${base} ${k}`;
    }
    used.add(base);
    const name = `${base} ${FORMS[i % FORMS.length]}`;
    const { acn, abn } = companyIds(i);
    if (i % Math.max(1, Math.floor(n / 2000)) === 0) written.push({ abn, name });
    await write(out, abrCompanyRecord({ abn, acn, name, cancelled: i % 20 === 0 }));
    if (asic)
      await write(
        asic,
        `${name}\t${acn}\tAPTY\tLMSH\tPROP\t${i % 20 === 0 ? 'DRGD' : 'REGD'}\t01/07/2010\t\t\t\t\tY\t${abn}\t\t\r\n`,
      );
  }
  await write(out, '</Transfer>\n');
  out.end();
  asic?.end();
  await Promise.all([once(out, 'finish'), asic ? once(asic, 'finish') : undefined]);
  return written;
}

/** Runs the labelled queries through the name search on a store's live partition: recall and latency. */
export async function measureSearch(store: Store, written: Array<{ abn: string; name: string }>) {
  const caller = {
    accountId: 'acct_bench',
    keyId: 'key_bench',
    mode: 'live' as const,
    partition: 'live' as const,
  };
  const latency: number[] = [];
  let at1 = 0;
  let at5 = 0;
  const misses: string[] = [];
  for (const { query, abn } of labelledQueries(written)) {
    const t = performance.now();
    const hits = await searchNames({ ctx: { store, caller }, input: { name: query, mode: 'fuzzy' } });
    latency.push(performance.now() - t);
    if (hits[0]?.abn === abn) at1++;
    else
      misses.push(
        `${query} → ${hits
          .slice(0, 2)
          .map((h) => h.signals.matched_name)
          .join(' | ')}`,
      );
    if (hits.slice(0, 5).some((h) => h.abn === abn)) at5++;
  }
  return { latency, recall1: at1 / latency.length, recall5: at5 / latency.length, misses };
}
