import type { Partition } from '../ctx.ts';
import { compareNames, MIN_COMPACT, type NameComparison, NOT_A_PERSON } from '../names/align-names.ts';
import { cantoneseSyllable } from '../names/cantonese.ts';
import { hebrewReadings, pinyinKey, somaliReading, WADE_GILES } from '../names/compare-tokens.ts';
import { givenNameOf } from '../names/given-names.ts';
import { kanaConsonants, latinKanaKeys } from '../names/kana.ts';
import {
  koreanSyllable,
  koreanSyllableU,
  type NameToken,
  type PreparedName,
  prepareName,
  skeleton,
} from '../names/name-tokens.ts';
import { remembered } from '../names/remembered.ts';
import { RecentlyUsed } from '../recently-used.ts';
import type { SourceRecord } from '../registers/types.ts';
import type { Store } from '../store/store.ts';

export type ListName = { name: string; type: string; prepared: PreparedName };
export type ListEntry = { record: SourceRecord; names: ListName[]; person: boolean };
export type ListMatch = { entry: ListEntry; name: ListName; score: number; comparison: NameComparison };

/** Listed parties read into the index between two turns of the event loop (`ListIndex.build`). */
const BUILD_SLICE = 250;

const isPerson = (record: SourceRecord, options: { people?: boolean }) =>
  options.people === true || String(record.data.type ?? '').toLowerCase() === 'individual';

/** Listed names compared in full per screened name, the most promising first. */
const MAX_SCORED = 60;
/** The share of the screened name's weight a candidate's keys must carry to be scored. */
const MIN_VOTE = 0.35;
/**
 * A token's vote through a key other than its own spelling: a skeleton, a phonetic code, …; more
 * through a spelling one letter apart (the closest), less through its first three letters alone
 * (the loosest).
 */
const NEAR_KEY = 0.9;
const KEY_VOTE: Record<string, number> = { d: 0.95, f: 0.8 };
/** An initial's vote, for names a word found, through their words starting with it (docs/screening.md). */
const INITIAL_VOTE = 0.35;
/** A token whose keys find more entries than this only adds to entries rarer tokens found. */
const COMMON_POSTINGS = 1000;

/**
 * A screening list held in memory (docs/screening.md). Each listed name is read into tokens once;
 * an index from each token's spelling, consonant skeleton and phonetic code (and each pair of
 * neighbouring words written as one) finds the candidates for a screened name, which are then
 * compared token by token (`compareNames`), each token weighted by how rare it is in this list.
 */
export class ListIndex {
  readonly entries: ListEntry[] = [];
  readonly #postings = new Map<string, number[]>();
  readonly #frequency = new Map<string, number>();
  readonly #weights = new Map<string, number>();
  /** Every listed name, with its entry: postings point into this. */
  readonly #names: Array<{ entry: ListEntry; name: ListName }> = [];
  readonly #weight = (t: NameToken) => this.weight(t);
  /** Every entry is a person's (a list of banned persons). */
  #people: boolean;
  /**
   * Whether any listed name is written in katakana or Hangul: only then does a screened Latin word
   * look itself up by the keys that pair it with one (`J:`, `K:`).
   */
  #kana = false;
  #hangul = false;
  readonly #options: { people?: boolean };
  /** What a screened name matched, kept while the name is (see `keptName`): the same name screened again is not matched again. */
  readonly #matched = new WeakMap<PreparedName, { threshold: number; matches: readonly ListMatch[] }>();

  constructor(records: SourceRecord[], options: { people?: boolean } = {}) {
    this.#options = options;
    this.#people = records.length > 0 && records.every((r) => isPerson(r, options));
    for (const record of records) this.#add(record);
  }

  /**
   * The index built a slice of the list at a time, the event loop free between slices: a list of
   * DFAT's size takes about a second to read into tokens, which would otherwise hold up every other
   * request of the process.
   */
  static async build(records: SourceRecord[], options: { people?: boolean } = {}): Promise<ListIndex> {
    const index = new ListIndex([], options);
    index.#people = records.length > 0 && records.every((r) => isPerson(r, options));
    for (let i = 0; i < records.length; i += BUILD_SLICE) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const record of records.slice(i, i + BUILD_SLICE)) index.#add(record);
    }
    return index;
  }

  #add(record: SourceRecord): void {
    const entry: ListEntry = {
      record,
      person: isPerson(record, this.#options),
      names: [{ name: record.name, type: 'primary' }, ...record.names]
        .map((n) => ({ ...n, prepared: prepareName(n.name) }))
        .filter((n) => n.prepared.tokens.length > 0),
    };
    this.entries.push(entry);
    for (const n of entry.names) {
      const id = this.#names.length;
      this.#names.push({ entry, name: n });
      // A name in Han characters is found by its Korean and Cantonese readings too (`compareNames`
      // compares each).
      const readings = [n.prepared.tokens];
      if (n.prepared.korean) readings.push(n.prepared.korean.tokens);
      if (n.prepared.cantonese) readings.push(n.prepared.cantonese.tokens);
      const seen = new Set<string>();
      for (const t of readings.flat()) {
        if (!seen.has(t.text)) this.#frequency.set(t.text, (this.#frequency.get(t.text) ?? 0) + 1);
        seen.add(t.text);
      }
      for (const tokens of readings) for (const key of keys(tokens)) this.#post(key, id);
      for (const t of readings.flat()) {
        if (t.kana) this.#kana = true;
        if (t.korean) this.#hangul = true;
      }
      if (n.prepared.compact.length >= MIN_COMPACT) this.#post(`c:${n.prepared.compact}`, id);
    }
  }

  /** 1 for a word the list uses once or never, down to 0.15 for one in most of its names. */
  weight(token: NameToken): number {
    const known = this.#weights.get(token.text);
    if (known !== undefined) return known;
    const df = this.#frequency.get(token.text) ?? 0;
    const n = this.#names.length;
    const w = n < 2 ? 1 : Math.min(1, Math.max(0.15, Math.log((n + 1) / (df + 1)) / Math.log(n + 1)));
    if (df > 0) this.#weights.set(token.text, w);
    return w;
  }

  /**
   * The listed names that a screened name matches: as written, read once with `prepareName`, or as
   * a `ScreenedName` screened against several lists.
   */
  match(name: string | PreparedName | ScreenedName, threshold: number): readonly ListMatch[] {
    const query =
      name instanceof ScreenedName
        ? name
        : new ScreenedName(typeof name === 'string' ? prepareName(name) : name);
    const known = this.#matched.get(query.prepared);
    if (known?.threshold === threshold) return known.matches;
    const matches = Object.freeze(this.#matchReadings(query, threshold));
    if (keptPrepared.has(query.prepared)) this.#matched.set(query.prepared, { threshold, matches });
    return matches;
  }

  /** A name in Han characters is screened in its Korean and Cantonese readings too; each entry keeps its best. */
  #matchReadings(query: ScreenedName, threshold: number): ListMatch[] {
    const found = this.#match(query, threshold);
    const readings = query.readings;
    if (readings.length === 0) return found;
    const best = new Map(found.map((m) => [m.entry, m]));
    for (const reading of readings)
      for (const m of this.#match(reading, threshold)) {
        const previous = best.get(m.entry);
        if (!previous || m.score > previous.score) best.set(m.entry, m);
      }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }

  #match(screened: ScreenedName, threshold: number): ListMatch[] {
    const query = screened.prepared;
    if (query.tokens.length === 0) return [];
    // A name with a legal form scores at most NOT_A_PERSON against a listed person (unless its
    // letters are the person's, written with other word breaks): against a list of people only,
    // no other name can match, and against a mixed list its people are not compared.
    // A legal form of one word of two letters may be a person's syllable (KIM SA): such a name is
    // searched as any other.
    const body = query.legalFormText.some((f) => !/^[A-Z]{2}$/.test(f)) && threshold > NOT_A_PERSON;
    if (body && this.#people)
      return this.#compare(query, threshold, this.#postings.get(`c:${query.compact}`) ?? []);
    // Each query token votes, with its weight, for the entries that share one of its keys; the
    // rarest first, and a very common one only for entries a rarer one already found.
    const votes = new Map<number, number>();
    const perToken = screened.keys
      .map(([t, tokenKeys]) => {
        // First letters stand in for a word only when the list never uses it (probably misspelt).
        const known = this.#postings.has(`t:${t.text}`);
        const kept = tokenKeys.filter((key) => !(known && (key.startsWith('f:') || key.startsWith('d:'))));
        if ((this.#kana || this.#hangul) && latinWord(t))
          kept.push(...otherScriptKeys(t, this.#hangul, this.#kana));
        // The token's own spelling first, then its other keys, the closest first.
        const by = kept.map((key, k) => (k === 0 ? 1 : (KEY_VOTE[key[0] as string] ?? NEAR_KEY)));
        const order = kept.map((_, k) => k).sort((a, b) => (by[b] as number) - (by[a] as number));
        const lists = order.map((k) => ({
          list: this.#postings.get(kept[k] as string) ?? [],
          by: by[k] as number,
        }));
        return { t, lists, size: lists.reduce((n, l) => n + l.list.length, 0) };
      })
      // The rarest first; initials last, as they only add to names words found (if any).
      .sort((a, b) => Number(a.t.kind === 'initial') - Number(b.t.kind === 'initial') || a.size - b.size);
    // Initials alone (`J & E`) find names as words do.
    const words = query.tokens.some((t) => t.kind !== 'initial');
    // When every token is common (محمد عبد الله الأحمد), each votes in full: the one opening the
    // votes, by the fewest postings, may be a part of another's word (الله of عبد الله) that finds
    // none of the names the others would.
    const anyRare = perToken.some((p) => p.size <= COMMON_POSTINGS);
    for (const { t, lists, size } of perToken) {
      const initial = t.kind === 'initial';
      const w = initial ? INITIAL_VOTE : this.weight(t);
      // A common token only adds to names rarer ones found; a token is common by its own spelling
      // (a rare word with common look-alikes still finds the names it is in).
      const near = anyRare && size > COMMON_POSTINGS && votes.size > 0;
      const common = anyRare && (lists[0]?.list.length ?? 0) > COMMON_POSTINGS && votes.size > 0;
      // Each name once per token, however many of its keys it shares, by the closest.
      const voted = new Set<number>();
      lists.forEach(({ list, by: factor }, k) => {
        const onlyFound = (initial && words) || (k === 0 ? common : near);
        // The token's own spelling (the first key) votes in full; its other keys less, so that
        // among names sharing as many tokens those sharing them as written come first.
        const by = w * factor;
        for (const i of list) {
          if (voted.has(i)) continue;
          const vote = votes.get(i);
          if (onlyFound && vote === undefined) continue;
          voted.add(i);
          votes.set(i, (vote ?? 0) + by);
        }
      });
    }
    // A name whose keys carry little of the screened name's weight cannot come close enough.
    const total = query.tokens.reduce((sum, t) => sum + (t.kind === 'initial' ? 0 : this.weight(t)), 0);
    const floor = MIN_VOTE * total;
    // The same letters with the words broken elsewhere: found however few words the two share.
    for (const id of this.#postings.get(`c:${query.compact}`) ?? [])
      votes.set(id, Math.max(votes.get(id) ?? 0, total));
    const ranked: Array<[number, number]> = [];
    for (const [id, vote] of votes) {
      if (vote < floor) continue;
      if (body && this.#names[id]?.entry.person && this.#names[id]?.name.prepared.compact !== query.compact)
        continue;
      ranked.push([id, vote]);
    }
    // Ranked by how much of each listed name the votes cover too (the votes over the root of its
    // tokens' weight): among the many names sharing common words (MUHAMMAD ABDULLAH AHMAD), a short
    // name the votes cover whole comes before a long one sharing as many of its words. At equal
    // rank, names of as many tokens as the screened one first.
    const n = query.tokens.length;
    const apart = (id: number) => Math.abs((this.#names[id]?.name.prepared.tokens.length ?? 0) - n);
    for (const r of ranked) r[1] = r[1] / Math.sqrt(Math.max(this.#nameWeight(r[0]), r[1]));
    ranked.sort((a, b) => b[1] - a[1] || apart(a[0]) - apart(b[0]));
    ranked.length = Math.min(ranked.length, MAX_SCORED);
    return this.#compare(
      query,
      threshold,
      ranked.map(([id]) => id),
    );
  }

  /** The listed names `ids` compared in full with the screened name; each entry keeps its best. */
  #compare(query: PreparedName, threshold: number, ids: readonly number[]): ListMatch[] {
    const best = new Map<ListEntry, ListMatch>();
    for (const id of ids) {
      const listed = this.#names[id];
      if (!listed) continue;
      const { entry, name: n } = listed;
      const comparison = compareNames(query, n.prepared, { weight: this.#weight, person: entry.person });
      // A weak alias needs a closer match before it counts.
      const score = comparison.score * (n.type === 'alias_weak' ? 0.95 : 1);
      const previous = best.get(entry);
      if (score >= threshold && (!previous || score > previous.score))
        best.set(entry, { entry, name: n, score, comparison });
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }

  /** Each listed name's tokens' weight, read once (`#match` ranks by it). */
  readonly #nameWeights: number[] = [];
  #nameWeight(id: number): number {
    let w = this.#nameWeights[id];
    if (w === undefined) {
      w = (this.#names[id]?.name.prepared.tokens ?? []).reduce(
        (sum, t) => sum + (t.kind === 'initial' ? INITIAL_VOTE : this.weight(t)),
        0,
      );
      this.#nameWeights[id] = w;
    }
    return w;
  }

  #post(key: string, i: number) {
    const list = this.#postings.get(key);
    if (!list) this.#postings.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  }
}

/**
 * A listed name's index keys: each token's spelling, skeletons, looser skeleton, syllable, phonetic
 * code, first letters and spelling without its first letter; neighbouring words as one.
 */
function keys(tokens: NameToken[]): string[] {
  const out: string[] = [];
  for (const [, ks] of keysPerToken(tokens, true)) out.push(...ks);
  return out;
}

/**
 * A name to screen, with its index keys read once for every list it is screened against. The keys
 * live as long as this object, a request's, and no longer: kept in a table keyed by the name (a
 * WeakMap), they outlived their request by a garbage collection of the young generation each
 * (docs/architecture.md, memory on the request path).
 */
export class ScreenedName {
  readonly prepared: PreparedName;
  #keys: Array<[NameToken, string[]]> | undefined;
  #readings: ScreenedName[] | undefined;

  constructor(prepared: PreparedName) {
    this.prepared = prepared;
  }

  get keys(): Array<[NameToken, string[]]> {
    this.#keys ??= keysPerToken(this.prepared.tokens);
    return this.#keys;
  }

  /**
   * The name's Korean and Cantonese readings, for a name in Han characters (`PreparedName.korean`,
   * `PreparedName.cantonese`), screened too.
   */
  get readings(): ScreenedName[] {
    this.#readings ??= [this.prepared.korean, this.prepared.cantonese]
      .filter((p) => p !== undefined)
      .map((p) => new ScreenedName(p));
    return this.#readings;
  }
}

/** ABD and an article joined to the name after it: ABDUL-, ABDEL-, ABDUR- before R, ABDUS- before S. */
const ABD_JOINED = /^ABD[AEIOU]?(?:L|(SH|[RSZNDT])(?=\1))(?=[A-Z]{3})/;

function keysPerToken(tokens: NameToken[], listed = false): Array<[NameToken, string[]]> {
  return tokens.map((t, i) => {
    const ks = [`t:${t.text}`];
    // A listed word is found by its first letter, as an initial (N. for NAZEM); a screened initial
    // looks it up.
    if (t.kind === 'word') {
      if (listed) ks.push(`i:${t.text[0]}`);
    } else if (t.kind === 'initial') ks.push(`i:${t.text}`);
    // A foreign name spelt in Cyrillic is also found as it reads in Latin letters (ДЖОН, JON).
    if (t.foreign) ks.push(`t:${t.foreign.text}`);
    if (t.kind === 'word') {
      // A word with an Arabic article joined to it is also found without it, and by its consonants.
      for (const w of t.joined.spellings.slice(1)) if (w !== t.text) ks.push(`t:${w}`);
      for (const sk of t.joined.skeletons.slice(1)) if (sk.length >= 3) ks.push(`s:${sk}`);
      // A skeleton of one letter is too common to find names by, except for a word written in an
      // abjad, whose short words have no other key in common with their Latin spellings (عزيز,
      // ZYZ, AZIZ; علی, LY, ALI): listed words are found by it, and only an abjad's look it up.
      if (t.skeleton.length >= 2 || (t.skeleton.length === 1 && (listed || t.abjad)))
        ks.push(`s:${t.skeleton}`);
      if (t.skeletonAlt !== t.skeleton && t.skeletonAlt.length >= 2) ks.push(`s:${t.skeletonAlt}`);
      // A Latin word also by its consonants as Hebrew letters write them (CHAIM, חיים: HM).
      if (!t.abjad)
        for (const read of hebrewReadings(t.text)) {
          const consonants = skeleton(read, true);
          if (consonants.length >= 2 && consonants !== t.skeleton) ks.push(`s:${consonants}`);
        }
      // A name in Somali spelling also by its reading in other Latin spellings (FAARAX, FARAH).
      if (!t.transliterated) {
        const somali = somaliReading(t.text);
        if (somali !== t.text) ks.push(`t:${somali}`, `s:${skeleton(somali)}`);
      }
      // ABD and the name after it written as one (ABDULKARIM, ABDURRAHMAN), also found as the two
      // words (ABD AL-KARIM).
      const abd = ABD_JOINED.exec(t.text);
      if (abd) ks.push('t:ABD', `t:${t.text.slice(abd[0].length)}`);
      if (t.loose.length >= 3) ks.push(`l:${t.loose}`);
      if (t.forms.voiced !== '') ks.push(`v:${t.forms.voiced}`);
      // A listed short word is also found as Korean romanisations read it, by a Hangul syllable.
      if (t.forms.voiced !== '' && (listed || t.korean)) {
        const korean = koreanSyllable(t.text);
        if (korean !== t.forms.voiced) ks.push(`v:${korean}`);
        const u = koreanSyllableU(t.text);
        if (u !== '' && u !== korean) ks.push(`v:${u}`);
      }
      // A listed short word is also found as Hong Kong's spellings of a Cantonese syllable agree on
      // it (TSANG, CHANG; CHOW, CHAU), by a syllable read from Han characters.
      if (t.text.length <= 6 && (listed || t.cantonese)) {
        const cantonese = cantoneseSyllable(t.text);
        if (cantonese !== t.text || t.cantonese) ks.push(`y:${cantonese}`);
      }
      if (t.phonetic[0]) ks.push(`p:${t.phonetic[0]}`);
      // A given name or patronymic in another language's form (MYKOLA, NIKOLAY; MYKOLAYOVYCH,
      // NIKOLAYEVICH), which shares no other key with it.
      const given = t.abjad ? null : givenNameOf(t.text);
      if (given !== null) ks.push(`g:${given}`);
      if (t.text.length >= 4) ks.push(`f:${t.text.slice(0, 3)}`);
      // Its first letter left out, added or changed (HAROUN, AROUN; AMADOU, HAMADOU; ZHAO, CHAO),
      // and in a longer word any one letter left out, added, changed or two swapped (BENEATHCO,
      // BENEAHCO; MALI, MADI): a listed word under itself and each spelling without one letter; a
      // screened word the list never uses looks up the same.
      if (t.text.length >= 4) ks.push(`d:${t.text}`, `d:${t.text.slice(1)}`);
      if (t.text.length >= 4)
        for (let k = 1; k < t.text.length; k++) ks.push(`d:${t.text.slice(0, k)}${t.text.slice(k + 1)}`);
    }
    // Two neighbouring words written in an abjad, written as one elsewhere (عبد القادر, ABDELKADER):
    // by their consonants.
    const after = tokens[i + 1];
    if (after && t.abjad && after.abjad && t.kind === 'word' && after.kind === 'word')
      ks.push(`s:${skeleton(t.text + after.text, true)}`);
    // Two or three Hangul syllables and one Latin word, in whichever romanisation (정은, JONGUN;
    // 룡해, RYONGHAE): a listed run of syllables under its letters read coarsely (`koreanRun`),
    // which a screened Latin word looks up; a listed Latin word under its own, which a screened
    // run looks up (two keys, so that Latin words do not find one another so).
    if (t.korean && t.kind === 'word')
      for (let n = 2; n <= 3; n++) {
        const run = tokens.slice(i, i + n);
        if (run.length < n || run.some((r) => !r.korean || r.kind !== 'word')) break;
        const key = koreanRun(run.map((r) => r.text).join(''));
        ks.push(listed ? `K:${key}` : `k:${key}`);
      }
    else if (listed && t.kind === 'word' && !t.syllable && !t.abjad && t.text.length >= 4)
      ks.push(`k:${koreanRun(t.text)}`);
    // A word in kana and a Latin word, by their consonants as kana write them (ラブロフ, RABUROFU,
    // LAVROV: `kanaConsonants`): a listed kana word under one key, which a screened Latin word looks
    // up; a listed Latin word under another, by each way kana often write it (`latinKanaKeys`:
    // VLADIMIR also as LADIMIR), which a screened kana word looks up. A screened Latin word's keys
    // for Hangul and katakana are added by the list, only if it holds such names (`otherScriptKeys`).
    if (t.kind === 'word' && t.kana) {
      const consonants = kanaConsonants(t.text);
      if (consonants.length >= 2) ks.push(listed ? `J:${consonants}` : `j:${consonants}`);
    } else if (listed && latinWord(t))
      for (const consonants of latinKanaKeys(t.text)) ks.push(`j:${consonants}`);
    // Two neighbouring words written as one (NORTH WIND, NORTHWIND), and three initials (I P C, IPC).
    const next = tokens[i + 1];
    if (next && t.kind !== 'number' && next.kind !== 'number') ks.push(`t:${t.text}${next.text}`);
    // A screened Chinese syllable in Wade-Giles also looks up its pinyin, alone and joined to the
    // next syllable (HSIAO, XIAO; HSIAO CHIANG, XIAOQIANG).
    if (!listed && t.kind === 'word' && t.text.length <= 6 && WADE_GILES.test(t.text)) {
      const readings = wadeGilesReadings(t.text);
      for (const pinyin of readings) ks.push(`t:${pinyin}`);
      if (next?.kind === 'word' && next.text.length <= 6)
        for (const pinyin of readings)
          for (const after of wadeGilesReadings(next.text)) ks.push(`t:${pinyin}${after}`);
    }
    const third = tokens[i + 2];
    if (next && third && t.kind === 'initial' && next.kind === 'initial' && third.kind === 'initial')
      ks.push(`t:${t.text}${next.text}${third.text}`);
    return [t, ks];
  });
}

/**
 * A syllable in Wade-Giles as pinyin writes it, its consonant read unaspirated and aspirated (the
 * apostrophe that told them apart is left out): CHIANG as JIANG and QIANG, PING as BING and PING.
 */
function wadeGilesReadings(syllable: string): string[] {
  const aspirated = syllable
    .replace(/^HS/, 'X')
    .replace(/^CH(?=I(?!H$))/, 'Q')
    .replace(/^(?:TS|TZ)/, 'C')
    .replace(/UNG$/, 'ONG')
    .replace(/IEN$/, 'IAN')
    .replace(/IH$/, 'I');
  return [...new Set([syllable, pinyinKey(syllable), aspirated])];
}

/**
 * Letters as the romanisations of Korean write them otherwise, read alike (an index key only; the
 * comparison is `koreanSyllable`'s): an L or R in front of I or Y left out; aspirates without their H (THAEK, TAEK), voiced and voiceless
 * consonants (CH, TS and J; K and G; T and D; P and B), L and R, and O, U, EO, EU and OO.
 */
const koreanRun = remembered((letters: string) =>
  letters
    // ㄹ at the start, which South Korea leaves out before I and Y (룡해, RYONGHAE, YONGHAE).
    .replace(/^[LR](?=[IY])/, '')
    .replace(/([TKPC])H/g, '$1')
    .replace(/EO|EU|OO|O/g, 'U')
    .replace(/TS|C/g, 'J')
    .replace(/K/g, 'G')
    .replace(/T/g, 'D')
    .replace(/P/g, 'B')
    .replace(/R/g, 'L')
    .replace(/(.)\1/g, '$1'),
);

/** A word of a Latin name, as the keys for katakana and Hangul take it. */
const latinWord = (t: NameToken) => t.kind === 'word' && !t.transliterated && !t.syllable && !t.abjad;

/**
 * A screened Latin word's keys for listed names in Hangul (`K:`, a run of syllables) and katakana
 * (`J:`), as `keysPerToken` writes them for the listed names.
 */
function otherScriptKeys(t: NameToken, hangul: boolean, kana: boolean): string[] {
  const ks: string[] = [];
  if (hangul && t.text.length >= 4) ks.push(`K:${koreanRun(t.text)}`);
  if (kana && t.text.length >= 3) for (const consonants of latinKanaKeys(t.text)) ks.push(`J:${consonants}`);
  return ks;
}

/** A name read into tokens, most recently used last: those read the most are kept (`keptName`). */
const keptNames = new RecentlyUsed<PreparedName>(10_000, { secondUse: true });
/** The prepared names `keptNames` holds: only their matches are kept by each list. */
const keptPrepared = new WeakSet<PreparedName>();

/**
 * `prepareName`, for names screened again and again (an entity's names, each time it is resolved):
 * the tokens of the 10,000 names used most recently, once a name is screened a second time, are
 * kept, and with them what each list matched (`ListIndex.match`) until the list is loaded again.
 */
export function keptName(name: string): PreparedName {
  const known = keptNames.get(name);
  if (known) return known;
  const prepared = prepareName(name);
  if (keptNames.admits(name)) {
    keptNames.set(name, prepared);
    keptPrepared.add(prepared);
  }
  return prepared;
}

/**
 * Loaded list indexes per partition and dataset, rebuilt when a newer copy is ingested. A build is
 * shared: requests arriving while a list is read into its index wait for that one build rather than
 * each starting their own.
 */
export class ListIndexCache {
  readonly #cache = new Map<string, { version: string; index: Promise<ListIndex> }>();

  /** Whether this copy of the list has its index (built, or being built). */
  has(partition: Partition, dataset: string, version: string): boolean {
    return this.#cache.get(`${partition}|${dataset}`)?.version === version;
  }

  get(
    store: Store,
    partition: Partition,
    dataset: string,
    version: string,
    options: { people?: boolean } = {},
  ): Promise<ListIndex> {
    const slot = `${partition}|${dataset}`;
    const cached = this.#cache.get(slot);
    if (cached?.version === version) return cached.index;
    const index = store.records
      .current(partition, dataset)
      .then((records) => ListIndex.build(records, options));
    this.#cache.set(slot, { version, index });
    // A build that failed (the store unreachable) is not kept: the next request tries again.
    index.catch(() => {
      if (this.#cache.get(slot)?.index === index) this.#cache.delete(slot);
    });
    return index;
  }
}
