// The labelled set of the screening benchmark, drawn from the real lists (bench/sanctions-lists.ts).
// Half of the parties are "listed" (the list screened against holds their primary name only); the
// other half are not. Positives are other names of a listed party: its aliases, its original-script
// names, and perturbations of its primary name, one kind of variation each. Negatives are names of
// parties not listed that share words with listed ones, and look-alikes of listed names that name
// another party (a different middle name, family name, distinctive word, number or an added qualifier).
// Every rule below changes a kind of name, chosen by what the name is, never a chosen row.
import anyAscii from 'any-ascii';
import type { ListedParty } from './sanctions-lists.ts';

export type Labelled = {
  query: string;
  /** The list the query is screened against: `ofac` or `un`, that list's listed parties. */
  source: string;
  kind: string;
  /** The listed party the query names; null for a negative (no listed party). */
  expect: string | null;
  partyKind: ListedParty['kind'];
};

export const POSITIVE_KINDS = [
  'alias',
  'alias_words_differ',
  'original_script',
  'case_order',
  'punctuation',
  'typo',
  'spelling',
  'initials',
  'joined_split',
  'digits_for_letters',
  'numbers_as_words',
  'legal_form',
  'other_script',
  'middle_name_missing',
] as const;
export const NEGATIVE_KINDS = [
  'other_party',
  'other_party_original_script',
  'different_middle_name',
  'different_family_name',
  'different_distinctive_word',
  'added_qualifier',
  'different_number',
] as const;

let seed = 20;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const sourceOf = (p: ListedParty) => p.id.split(':')[0];

/** Words as a reader sees them: Latin letters and digits, upper case. */
const words = (name: string) =>
  anyAscii(name)
    .replace(/['’`]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
const CONNECTIVES = new Set([
  'OF',
  'AND',
  'THE',
  'DE',
  'DEL',
  'LA',
  'EL',
  'AL',
  'FOR',
  'IN',
  'BIN',
  'BEN',
  'BINT',
  'IBN',
]);

// Legal forms as companies write them: abbreviations, written out, in other languages.
const LEGAL_FORM_GROUPS = [
  ['LLC', 'LIMITED LIABILITY COMPANY', 'OOO', 'L.L.C.'],
  ['JSC', 'JOINT STOCK COMPANY', 'AO', 'J.S.C.'],
  ['OJSC', 'OPEN JOINT STOCK COMPANY', 'OAO'],
  ['CJSC', 'CLOSED JOINT STOCK COMPANY', 'ZAO'],
  ['PJSC', 'PUBLIC JOINT STOCK COMPANY', 'PAO'],
  ['LTD', 'LIMITED', 'LTD.'],
  ['CO', 'COMPANY', 'CO.'],
  ['CORP', 'CORPORATION', 'CORP.'],
  ['INC', 'INCORPORATED', 'INC.'],
  ['SA', 'S.A.', 'SOCIEDAD ANONIMA', 'SOCIETE ANONYME'],
  ['GMBH', 'GESELLSCHAFT MIT BESCHRANKTER HAFTUNG'],
  ['SRL', 'S.R.L.', 'SOCIETATEA CU RASPUNDERE LIMITATA', 'SOCIETA A RESPONSABILITA LIMITATA'],
  ['FZE', 'FREE ZONE ESTABLISHMENT', 'F.Z.E.'],
  ['PLC', 'PUBLIC LIMITED COMPANY', 'P.L.C.'],
  ['SPA', 'S.P.A.', 'SOCIETA PER AZIONI'],
  ['LLP', 'LIMITED LIABILITY PARTNERSHIP'],
];
const FORM_OF = new Map<string, string[]>();
for (const g of LEGAL_FORM_GROUPS) for (const f of g) FORM_OF.set(words(f).join(' '), g);
const ADDED_FORMS = ['LLC', 'LTD', 'JSC', 'GMBH', 'S.A.', 'CO., LTD.', 'INC.', 'LIMITED'];

const NUMBER_WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN'];
const ORDINALS = [
  '',
  'FIRST',
  'SECOND',
  'THIRD',
  'FOURTH',
  'FIFTH',
  'SIXTH',
  'SEVENTH',
  'EIGHTH',
  'NINTH',
  'TENTH',
];
const PLACES = [
  'CHILE',
  'MALTA',
  'DUBAI',
  'LONDON',
  'HONG KONG',
  'SINGAPORE',
  'PANAMA',
  'CYPRUS',
  'KAZAKHSTAN',
];

// Latin to Cyrillic, as a Russian spelling of a name written in Latin letters would read.
const TO_CYRILLIC: Array<[string, string]> = [
  ['SHCH', 'Щ'],
  ['ZH', 'Ж'],
  ['KH', 'Х'],
  ['TS', 'Ц'],
  ['CH', 'Ч'],
  ['SH', 'Ш'],
  ['YU', 'Ю'],
  ['YA', 'Я'],
  ['YE', 'Е'],
  ['A', 'А'],
  ['B', 'Б'],
  ['V', 'В'],
  ['W', 'В'],
  ['G', 'Г'],
  ['D', 'Д'],
  ['E', 'Е'],
  ['Z', 'З'],
  ['I', 'И'],
  ['Y', 'Й'],
  ['J', 'Дж'],
  ['K', 'К'],
  ['Q', 'К'],
  ['C', 'К'],
  ['L', 'Л'],
  ['M', 'М'],
  ['N', 'Н'],
  ['O', 'О'],
  ['P', 'П'],
  ['R', 'Р'],
  ['S', 'С'],
  ['T', 'Т'],
  ['U', 'У'],
  ['F', 'Ф'],
  ['H', 'Х'],
  ['X', 'КС'],
];
const cyrillic = (w: string) => {
  let out = '';
  for (let i = 0; i < w.length; ) {
    const hit = TO_CYRILLIC.find(([lat]) => w.startsWith(lat, i));
    out += hit ? hit[1] : (w[i] as string);
    i += hit ? hit[0].length : 1;
  }
  return out;
};

// Spelling variants transliterations produce: each replaces one pattern in one word.
const SPELLINGS: Array<[RegExp, string]> = [
  [/OU/, 'U'],
  [/([^O])U/, '$1OU'],
  [/([AEIOU])SS([AEIOU])/, '$1S$2'],
  [/([AEIOU])S([AEIOU])/, '$1SS$2'],
  [/([AEIOU])MM([AEIOU])/, '$1M$2'],
  [/KH/, 'H'],
  [/([AEIOU])Y([AEIOU])/, '$1I$2'],
  [/IY$/, 'Y'],
  [/Y$/, 'I'],
  [/EE/, 'I'],
  [/^J/, 'DJ'],
  [/([^AEIOU])E([^AEIOU])/, '$1A$2'],
  [/([^AEIOU])A([^AEIOU])/, '$1E$2'],
];

/** One token changed by `change` (the longest long-enough one), or null. */
function changeLongest(name: string, minLength: number, change: (w: string) => string | null): string | null {
  const ws = words(name);
  let at = -1;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i] as string;
    if (
      /^[A-Z]+$/.test(w) &&
      w.length >= minLength &&
      !FORM_OF.has(w) &&
      (at < 0 || w.length > (ws[at] as string).length)
    )
      at = i;
  }
  if (at < 0) return null;
  const changed = change(ws[at] as string);
  if (!changed || changed === ws[at]) return null;
  ws[at] = changed;
  return ws.join(' ');
}

function typo(w: string): string {
  const i = 1 + Math.floor(rand() * (w.length - 2));
  switch (Math.floor(rand() * 4)) {
    case 0:
      return w.slice(0, i) + (w[i + 1] ?? '') + (w[i] ?? '') + w.slice(i + 2);
    case 1:
      return w.slice(0, i) + w.slice(i + 1);
    case 2:
      return w.slice(0, i) + (w[i] ?? '') + w.slice(i);
    default:
      return w.slice(0, i) + pick('AEIOU'.replace(w[i] ?? '', '').split('')) + w.slice(i + 1);
  }
}

function spelling(w: string): string | null {
  const applicable = SPELLINGS.filter(([re]) => re.test(w));
  if (applicable.length === 0) return null;
  const [re, to] = pick(applicable);
  return w.replace(re, to);
}

const LEET: Record<string, string> = { O: '0', I: '1', E: '3', A: '4', S: '5' };
const leet = (w: string) => {
  const out = w.replace(/[OIEAS]/, (c) => LEET[c] ?? c);
  return out === w ? null : out;
};

function legalForm(name: string): string | null {
  const ws = words(name);
  for (let len = 5; len >= 1; len--) {
    for (let i = 0; i + len <= ws.length; i++) {
      const group = FORM_OF.get(ws.slice(i, i + len).join(' '));
      if (!group || len === ws.length) continue;
      // A form ends or starts a name, and is not part of a longer abbreviation (`S.A.` of `S.A.L.`).
      if (i !== 0 && i + len !== ws.length) continue;
      if ((ws[i - 1] ?? 'XX').length === 1 || (ws[i + len] ?? 'XX').length === 1) continue;
      const other = pick(group.filter((f) => words(f).join(' ') !== ws.slice(i, i + len).join(' ')));
      const rest = [...ws.slice(0, i), ...ws.slice(i + len)];
      // Written differently, and half the time in front (`OOO Romashka` for `Romashka LLC`).
      return rand() < 0.5 ? [other, ...rest].join(' ') : [...rest, other].join(' ');
    }
  }
  return null;
}

function numbersAsWords(name: string): string | null {
  const ws = words(name);
  const at = ws.findIndex((w) => /^(\d|10)$/.test(w) || /^([1-9])(ST|ND|RD|TH)$/.test(w));
  if (at < 0) return null;
  const w = ws[at] as string;
  ws[at] = /^\d+$/.test(w)
    ? (NUMBER_WORDS[Number(w)] as string)
    : (ORDINALS[Number.parseInt(w, 10)] as string);
  return ws.join(' ');
}

function joinedOrSplit(name: string): string | null {
  const ws = words(name).filter((w) => !FORM_OF.has(w));
  const long = ws.findIndex((w) => /^[A-Z]{8,}$/.test(w));
  if (long >= 0 && rand() < 0.5) {
    const w = ws[long] as string;
    const cut = 3 + Math.floor(rand() * (w.length - 5));
    ws.splice(long, 1, w.slice(0, cut), w.slice(cut));
    return ws.join(' ');
  }
  const pair = ws.findIndex(
    (w, i) => i + 1 < ws.length && /^[A-Z]{3,}$/.test(w) && /^[A-Z]{3,}$/.test(ws[i + 1] ?? ''),
  );
  if (pair < 0) return null;
  ws.splice(pair, 2, `${ws[pair]}${ws[pair + 1]}`);
  return ws.join(' ');
}

const meaningful = (ws: string[]) =>
  ws.filter((w) => w.length >= 3 && !CONNECTIVES.has(w) && !FORM_OF.has(w));

/** Character trigrams' Dice coefficient of the letters, a neutral measure of how alike two names are written. */
function dice(a: string, b: string): number {
  const grams = (s: string) => {
    const t = ` ${words(s).sort().join(' ')} `;
    const out = new Set<string>();
    for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
    return out;
  };
  const x = grams(a);
  const y = grams(b);
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return (2 * shared) / (x.size + y.size || 1);
}

export function buildLabelledSet(parties: ListedParty[]): {
  listed: ListedParty[];
  set: Labelled[];
  allAliases: Labelled[];
} {
  seed = 20;
  const listed: ListedParty[] = [];
  const unlisted: ListedParty[] = [];
  for (const p of parties) (rand() < 0.5 ? listed : unlisted).push(p);
  const set: Labelled[] = [];
  const allAliases: Labelled[] = [];
  const add = (query: string | null, kind: string, p: ListedParty, positive: boolean) => {
    if (query && words(query).length > 0)
      set.push({
        query,
        source: p.id.split(':')[0] as string,
        kind,
        expect: positive ? p.id : null,
        partyKind: p.kind,
      });
  };

  for (const p of listed) {
    for (const a of p.aliases) {
      if (words(a).join(' ') === words(p.primary).join(' ')) continue;
      allAliases.push({
        query: a,
        source: p.id.split(':')[0] as string,
        kind: 'alias_any',
        expect: p.id,
        partyKind: p.kind,
      });
      // An alias counts as a variant of the name when it is written alike (a translated or
      // unrelated alias is another name, which no name comparison can find).
      // Those with as many meaningful words as the primary are spellings of it; those adding or
      // dropping words (a second family name, a faction's name) are reported apart.
      if (dice(a, p.primary) >= 0.5)
        add(
          a,
          meaningful(words(a)).length === meaningful(words(p.primary)).length
            ? 'alias'
            : 'alias_words_differ',
          p,
          true,
        );
    }
    for (const o of p.originalScript) add(o, 'original_script', p, true);
  }

  // Perturbations of listed primary names: up to 400 of each kind.
  const sample = [...listed].sort(() => rand() - 0.5);
  const people = sample.filter((p) => p.kind === 'individual');
  const bodies = sample.filter((p) => p.kind !== 'individual');
  const upTo = (
    kind: string,
    from: ListedParty[],
    make: (p: ListedParty) => string | null,
    positive: boolean,
  ) => {
    let n = 0;
    for (const p of from) {
      if (n >= 400) break;
      const q = make(p);
      if (!q || words(q).join(' ') === words(p.primary).join(' ')) continue;
      add(q, kind, p, positive);
      n++;
    }
  };
  upTo(
    'case_order',
    sample,
    (p) => {
      // People as lists write them, "FAMILY, Given"; organisations in lower case or words reversed.
      const ws = p.primary.split(/\s+/);
      return p.kind === 'individual'
        ? `${ws.at(-1)}, ${ws.slice(0, -1).join(' ')}`
        : rand() < 0.5
          ? p.primary.toLowerCase()
          : [...ws].reverse().join(' ');
    },
    true,
  );
  upTo(
    'punctuation',
    sample,
    (p) =>
      /[^\p{L}\p{N} ]/u.test(p.primary)
        ? p.primary.replace(/[^\p{L}\p{N} ]+/gu, '')
        : p.primary.replace(/ /g, '-'),
    true,
  );
  upTo('typo', sample, (p) => changeLongest(p.primary, 5, typo), true);
  upTo('spelling', sample, (p) => changeLongest(p.primary, 4, spelling), true);
  upTo(
    'initials',
    people,
    (p) => {
      const ws = words(p.primary);
      if (ws.length < 3) return null;
      return `${ws
        .slice(0, -1)
        .map((w) => `${w[0]}.`)
        .join('')} ${ws.at(-1)}`;
    },
    true,
  );
  upTo('joined_split', sample, (p) => joinedOrSplit(p.primary), true);
  upTo('digits_for_letters', sample, (p) => changeLongest(p.primary, 5, leet), true);
  upTo('numbers_as_words', sample, (p) => numbersAsWords(p.primary), true);
  upTo(
    'legal_form',
    bodies,
    (p) => legalForm(p.primary) ?? (p.kind === 'entity' ? `${p.primary} ${pick(ADDED_FORMS)}` : null),
    true,
  );
  upTo('other_script', people, (p) => words(p.primary).map(cyrillic).join(' '), true);
  upTo(
    'middle_name_missing',
    people,
    (p) => {
      const ws = words(p.primary);
      if (ws.length < 3) return null;
      ws.splice(1 + Math.floor(rand() * (ws.length - 2)), 1);
      return ws.join(' ');
    },
    true,
  );

  // Negatives: names of parties not listed that share a meaningful word with a name listed on
  // their own list (each is screened against its own list: the same party on both lists is one party).
  const listedWords = new Set(
    listed.flatMap((p) => meaningful(words(p.primary)).map((w) => `${sourceOf(p)}|${w}`)),
  );
  const listedNames = new Set(
    listed.flatMap((p) =>
      [p.primary, ...p.aliases].map((n) => `${sourceOf(p)}|${words(n).sort().join(' ')}`),
    ),
  );
  let others = 0;
  for (const p of [...unlisted].sort(() => rand() - 0.5)) {
    if (others >= 2000) break;
    const ws = words(p.primary);
    // The same party is sometimes on both lists: a name listed word for word is not another party's.
    if (listedNames.has(`${sourceOf(p)}|${[...ws].sort().join(' ')}`)) continue;
    if (!meaningful(ws).some((w) => listedWords.has(`${sourceOf(p)}|${w}`))) continue;
    add(p.primary, 'other_party', p, false);
    others++;
  }
  // Parties not listed, by their names in the original script (Arabic, Cyrillic), against their list:
  // other people's names written in those letters, many sharing a word with one listed (محمد).
  for (const p of unlisted) for (const o of p.originalScript) add(o, 'other_party_original_script', p, false);
  const middles = people.flatMap((p) => meaningful(words(p.primary).slice(1, -1)));
  const families = people.map((p) => words(p.primary).at(-1) as string).filter((w) => w.length >= 3);
  const distinctive = bodies.flatMap((p) => meaningful(words(p.primary))).filter((w) => w.length >= 4);
  const replaceAt = (ws: string[], i: number, from: string[]) => {
    const other = pick(from);
    if (other === ws[i] || ws.includes(other)) return null;
    const out = [...ws];
    out[i] = other;
    return out.join(' ');
  };
  upTo(
    'different_middle_name',
    people,
    (p) => {
      // A middle word that names someone (not a particle such as AL or BEN) replaced by another's.
      const ws = words(p.primary);
      const inner = ws
        .map((_, i) => i)
        .filter((i) => i > 0 && i < ws.length - 1 && meaningful([ws[i] as string]).length > 0);
      return inner.length > 0 ? replaceAt(ws, pick(inner), middles) : null;
    },
    false,
  );
  upTo(
    'different_family_name',
    people,
    (p) => {
      const ws = words(p.primary);
      return ws.length >= 2 ? replaceAt(ws, ws.length - 1, families) : null;
    },
    false,
  );
  upTo(
    'different_distinctive_word',
    bodies,
    (p) => {
      const ws = words(p.primary);
      const m = meaningful(ws);
      if (m.length < 2) return null;
      // The rarest-looking word: the longest meaningful one.
      const longest = m.reduce((a, b) => (b.length > a.length ? b : a));
      return replaceAt(ws, ws.indexOf(longest), distinctive);
    },
    false,
  );
  upTo(
    'added_qualifier',
    bodies.filter((p) => p.kind === 'entity'),
    (p) => `${p.primary} ${pick(PLACES)}`,
    false,
  );
  upTo(
    'different_number',
    sample,
    (p) => {
      const ws = words(p.primary);
      const at = ws.findIndex((w) => /^\d+$/.test(w));
      if (at < 0) return null;
      ws[at] = String(Number(ws[at]) + 1 + Math.floor(rand() * 3));
      return ws.join(' ');
    },
    false,
  );
  return { listed, set, allAliases };
}
