/**
 * Two names compared as aligned tokens (docs/screening.md): each token of one name is paired with at
 * most one of the other (or a word with the run of words it joins: NORTHWIND and NORTH WIND, JP and
 * J P), the closest pairs first, then words left over on both sides that are merely alike, for part of
 * their weight. The score weighs each token by how distinctive it is in the list:
 * what aligns counts for the name, what is left over counts against it, strongly when both names
 * have something left (a different patronymic, family name or distinctive word), less when only one
 * does, and not at all for a person's middle name or patronymic missing on one side. A number left
 * over on either side, or numbers that differ, keep the score below any threshold.
 */

import { BODY_WORDS } from './body-words.ts';
import { cantoneseAgrees } from './cantonese.ts';
import {
  compareTokens,
  editDistance,
  pinyinKey,
  type TokenAgreement,
  type TokenMatch,
  WADE_GILES,
} from './compare-tokens.ts';
import { LEGAL_FORM_SPELLINGS } from './legal-forms.ts';
import { koreanSyllable, koreanSyllableU, type NameToken, type PreparedName } from './name-tokens.ts';

export type AlignedTokens = {
  /** The screened name's token(s), as read (transliterated, upper case). */
  screened: string;
  /** The listed name's token(s). */
  listed: string;
  how: TokenAgreement;
  score: number;
};

export type NameComparison = {
  score: number;
  aligned: AlignedTokens[];
  /** Tokens of either name that nothing in the other matched. */
  unmatched: { screened: string[]; listed: string[] };
  /** Legal forms of either name, by kind; they weigh only when both have one and no kind agrees. */
  legalForms: { screened: string[]; listed: string[] };
};

/** How distinctive a token is in the list: 1 for a rare one, less for a common one. */
export type TokenWeight = (token: NameToken) => number;

/** A score at or above this needs a person's review: screening's `review` and the list events. */
export const REVIEW_THRESHOLD = 0.88;

/** Both names have something left over that the other lacks: it weighs as both tokens. */
const CONFLICT = 2;
/**
 * Only one name has something left over: for a person, half its weight (a name given in part); for
 * an organisation, all of it (a word added, `Banco X Chile`, names another body).
 */
const EXTRA_PERSON = 0.5;
const EXTRA_BODY = 1;
/**
 * A person's name given with fewer of its parts: every part of one name aligned, in order, at least
 * two of them words, and the other has more after them (a second family name, a tribe, a nisba):
 * a fifth of their weight, so a rare given and family name carry it and common ones do not.
 */
const EXTRA_PERSON_PART = 0.2;
/**
 * The aligned weight a name given in part needs: more than one common name (`Muhammad Abdallah`
 * says too little about which Muhammad Abdallah).
 */
const PART_NAME = 1.2;
/** A word saying what kind of body it is (body-words.ts), when the other name has nothing left. */
const EXTRA_BODY_WORD = 0.2;
/** An initial says little about who is named. */
const INITIAL_WEIGHT = 0.35;
/** Names whose numbers differ (or one has a number the other lacks) score at most this. */
const NUMBER_CAP = 0.6;
/** Legal forms of different kinds on both sides. */
const OTHER_FORM = 0.95;
const MIN_PAIR = 0.85;
/** A name with a legal form against a listed person scores at most this (so never `review`). */
export const NOT_A_PERSON = 0.7;

/**
 * A word Hong Kong could write for one Cantonese syllable (MING, YEUNG, SZE, NG): an English given
 * name is not one (PETER, JOHN, CARRIE), though a few are (JOE, TOM).
 */
const CANTONESE_SYLLABLE =
  /^(?:(?:[TC]?SZE?|NG|M)|(?:CH|TS|SH|KW|NG|[BPMFDTNLGKHWZCSJY])?(?:[AEIOU]{1,3}|Y)(?:NG|[NMPTKRHWY])?)$/;

type Option = { q: number[]; c: number[]; score: number; how: TokenAgreement };

/** A name's letters and digits alone must be this long to be the same name written with other word breaks. */
export const MIN_COMPACT = 8;
/** Two names whose letters and digits are the same, in the same order, but whose words break elsewhere. */
const SAME_LETTERS = 0.97;

/**
 * Two names compared token by token (docs/screening.md); a name written in Han characters also in
 * its Korean and Cantonese readings (`PreparedName.korean`, `PreparedName.cantonese`), the closest
 * reading counting. Two names in Han characters are not compared in Cantonese: they agree in it as
 * they agree in Mandarin.
 */
export function compareNames(
  query: PreparedName,
  listed: PreparedName,
  options: { weight?: TokenWeight; person?: boolean } = {},
): NameComparison {
  let best = compareReadings(query, listed, options);
  if (!query.korean && !listed.korean && !query.cantonese && !listed.cantonese) return best;
  for (const [q, l] of [
    [query.korean, listed],
    [query, listed.korean],
    [query.korean, listed.korean],
    [query.cantonese, listed],
    [query, listed.cantonese],
  ] as const) {
    if (!q || !l) continue;
    const other = compareReadings(q, l, options);
    if (other.score > best.score) best = other;
  }
  return best;
}

function compareReadings(
  query: PreparedName,
  listed: PreparedName,
  options: { weight?: TokenWeight; person?: boolean },
): NameComparison {
  const compared = options.person
    ? alignWords(query, listed, options)
    : alignWords(asBody(query), asBody(listed), options);
  // Words joined or split anywhere, however many (`THEEAGLES L L C`, `THE EAGLES L.L.C.`; `COMPA NIA`,
  // `COMPANIA`), where the alignment of words cannot pair them up.
  if (
    compared.score < SAME_LETTERS &&
    query.compact.length >= MIN_COMPACT &&
    query.compact === listed.compact
  )
    return {
      score: SAME_LETTERS,
      aligned: [
        {
          screened: query.tokens.map((t) => t.text).join(' '),
          listed: listed.tokens.map((t) => t.text).join(' '),
          how: 'joined',
          score: SAME_LETTERS,
        },
      ],
      unmatched: { screened: [], listed: [] },
      legalForms: compared.legalForms,
    };
  return compared;
}

/** Legal forms of two letters, spelt as initials or as one word (`S A`, `SA`, `AG`), by those letters. */
const TWO_LETTER_FORMS = new Map(
  LEGAL_FORM_SPELLINGS.filter((f) => f.tokens.join('').length === 2).map((f) => [f.tokens.join(''), f.kind]),
);

/**
 * Legal forms that only an organisation's name is read with, at its end: the Turkish anonim sirketi
 * and Czech and Slovak akciova spolecnost (`A.S.`, `a.s.`, `AS`), and the Gulf's `Est.`, which at
 * the end of a person's name are initials (`Rajesh A.S.`) or a name (`Ali Hassan As`).
 */
const ORGANISATIONS_LAST_FORMS: ReadonlyMap<string, string> = new Map([
  ['AS', 'JSC'],
  ['EST', 'EST'],
]);

/**
 * Legal forms written as one word of three or four letters (`PJSC`, `ZAO`, `OOO`, `LTD`), by their
 * letters: written in initials (`P.J.S.C.`) at an organisation's end, they are that form.
 */
const INITIALS_FORMS = new Map(
  LEGAL_FORM_SPELLINGS.filter((f) => f.tokens.length === 1 && /^[A-Z]{3,4}$/.test(f.tokens[0] as string)).map(
    (f) => [f.tokens[0] as string, f.kind],
  ),
);

/**
 * An organisation's name: two initials in front of its one word that spell a legal form (`S.A.
 * Credisa`) are that form, and so are `A.S.` or `AS` at its end (`Veltrona A.S.`), and three or four
 * initials at either end spelling a form written as one word (`P.J.S.C.`, `Z.A.O.`, `O.O.O.`). Read
 * without knowing whose name it is, they are a person's initials (`S.A. Qelbi`, `Petrov P. A. O.`,
 * name-tokens.ts), as they stay when the other party is a person.
 */
function asBody(name: PreparedName): PreparedName {
  const tokens = name.tokens;
  for (const n of [4, 3]) {
    if (tokens.length <= n) continue;
    // At the end, after anything (`M.T.S. P.J.S.C.`); in front, before a word (`P.J.S.C. Gazprom`).
    for (const [run, rest, front] of [
      [tokens.slice(-n), tokens.slice(0, -n), false],
      [tokens.slice(0, n), tokens.slice(n), true],
    ] as const) {
      if (!run.every((t) => t.kind === 'initial' && t.text.length === 1)) continue;
      const kind = INITIALS_FORMS.get(run.map((t) => t.text).join(''));
      if (kind !== undefined && (!front || rest.some((t) => t.kind !== 'initial')))
        return withForm(name, [...rest], kind, run.map((t) => t.text).join(' '));
    }
  }
  const [first, second] = tokens;
  if (tokens.length === 3 && first?.text.length === 1 && second?.text.length === 1) {
    const kind = TWO_LETTER_FORMS.get(first.text + second.text);
    if (kind !== undefined) return withForm(name, tokens.slice(2), kind, `${first.text} ${second.text}`);
  }
  const last = tokens.at(-1);
  const before = tokens.at(-2);
  if (last && before && tokens.length >= 3 && last.text.length === 1 && before.text.length === 1) {
    const kind = ORGANISATIONS_LAST_FORMS.get(before.text + last.text);
    if (kind !== undefined) return withForm(name, tokens.slice(0, -2), kind, `${before.text} ${last.text}`);
  }
  if (last && tokens.length >= 2 && last.kind === 'word') {
    const kind = ORGANISATIONS_LAST_FORMS.get(last.text);
    if (kind !== undefined) return withForm(name, tokens.slice(0, -1), kind, last.text);
  }
  return name;
}

function withForm(name: PreparedName, tokens: NameToken[], kind: string, text: string): PreparedName {
  return {
    ...name,
    tokens,
    legalForms: name.legalForms.includes(kind) ? name.legalForms : [...name.legalForms, kind],
    legalFormText: [...name.legalFormText, text],
  };
}

/** The names compared word by word: each word aligned with its closest counterpart, or left over. */
function alignWords(
  query: PreparedName,
  listed: PreparedName,
  options: { weight?: TokenWeight; person?: boolean },
): NameComparison {
  const Q = query.tokens;
  const C = listed.tokens;
  const legalForms = { screened: query.legalForms, listed: listed.legalForms };
  if (Q.length === 0 || C.length === 0)
    return {
      score: 0,
      aligned: [],
      unmatched: { screened: Q.map((t) => t.text), listed: C.map((t) => t.text) },
      legalForms,
    };
  const weigh = (t: NameToken) => (t.kind === 'initial' ? INITIAL_WEIGHT : (options.weight?.(t) ?? 1));

  const optionsFound: Option[] = [];
  for (let i = 0; i < Q.length; i++)
    for (let j = 0; j < C.length; j++) {
      const m = closest(Q[i] as NameToken, C[j] as NameToken, options.person === true);
      if (m && m.score >= MIN_PAIR) optionsFound.push({ q: [i], c: [j], score: m.score, how: m.how });
    }
  joined(Q, C, false, optionsFound);
  joined(C, Q, true, optionsFound);
  // The closest pairs first; at equal closeness, the one covering more tokens, then the one whose
  // words stand nearer the same place in both names (NOUR ... NOURI: each with its own).
  const apart = (o: Option) => Math.abs(place(o.q, Q.length) - place(o.c, C.length));
  optionsFound.sort(
    (a, b) => b.score - a.score || b.q.length + b.c.length - (a.q.length + a.c.length) || apart(a) - apart(b),
  );

  const usedQ = new Array<boolean>(Q.length).fill(false);
  const usedC = new Array<boolean>(C.length).fill(false);
  const aligned: AlignedTokens[] = [];
  let alignedWeight = 0;
  let matchedWeight = 0;
  const chosen: Option[] = [];
  const take = (found: Option[]) => {
    for (const o of found) {
      if (o.q.some((i) => usedQ[i]) || o.c.some((j) => usedC[j])) continue;
      chosen.push(o);
      for (const i of o.q) usedQ[i] = true;
      for (const j of o.c) usedC[j] = true;
      const w = o.c.reduce((sum, j) => sum + weigh(C[j] as NameToken), 0);
      alignedWeight += w;
      matchedWeight += w * o.score;
      aligned.push({
        screened: o.q.map((i) => Q[i]?.text).join(' '),
        listed: o.c.map((j) => C[j]?.text).join(' '),
        how: o.how,
        score: o.score,
      });
    }
  };
  // Words left over on both sides that agree in none of those ways are not paired however alike
  // they look (docs/screening.md, words merely alike): SOKOLOV and SOKOLOVSKY, VALENTINOVICH and
  // VASILYEVICH, SUNRISE and SUNSET name others.
  take(optionsFound);
  // Aligned words in the same order on both sides (as given names, middle names and family names
  // are): only then is a word between them a middle name.
  const inOrder = chosen
    .map((o) => [o.q[0] as number, o.c[0] as number] as const)
    .sort((a, b) => a[0] - b[0])
    .every(([, c], k, all) => k === 0 || c > (all[k - 1] as readonly [number, number])[1]);
  // Words left in front of the first aligned one, other than titles, on either side.
  const front = (tokens: NameToken[], used: boolean[]) =>
    tokens.some((t, i) => i < used.indexOf(true) && !t.title && !t.acronym);
  const frontQ = front(Q, usedQ);
  const frontC = front(C, usedC);
  const left = (tokens: NameToken[], used: boolean[], otherFront: boolean) => {
    let weight = 0;
    let middle = 0;
    let numbers = 0;
    let bodyWords = 0;
    let trailing = 0;
    let patronymics = 0;
    const first = used.indexOf(true);
    const last = used.lastIndexOf(true);
    tokens.forEach((t, i) => {
      // An acronym of its own name's words adds nothing to them; a title in front of a person's
      // names says nothing about which person is named, unless the other name has another word
      // in its place (`Muhammad Barzan …` and `Ali Barzan …` are brothers).
      if (
        used[i] ||
        t.acronym ||
        (t.title && options.person && i < first && !otherFront) ||
        (t.vesselPrefix && !options.person && i < first)
      )
        return;
      const w = weigh(t);
      weight += w;
      if (i > first && i < last) middle += w;
      if (i > last) trailing += w;
      if (t.kind === 'number') numbers++;
      if (BODY_WORDS.has(t.text)) bodyWords += w;
      if (PATRONYMIC.test(t.text)) patronymics += w;
    });
    return { weight, middle, numbers, bodyWords, trailing, patronymics };
  };
  const lq = left(Q, usedQ, frontC);
  const lc = left(C, usedC, frontQ);
  const conflict = Math.min(lq.weight, lc.weight);
  const larger = lq.weight >= lc.weight ? lq : lc;
  let extra = larger.weight - conflict;
  // A person's name read from Han characters in Cantonese is a whole name, to which no syllable is
  // missing or added (張偉 is not CHEUNG MING WAI nor CHEUNG WAI MING; 陳大文 is not CHAN TAI).
  const whole = lq.weight === 0 ? Q : C;
  const han = options.person === true && (Q.every((t) => t.cantonese) || C.every((t) => t.cantonese));
  // A person's middle name or patronymic missing on one side counts for nothing; a patronymic in
  // whatever order the names are given (`Usmanov Alisher Burkhanovich`, the family name first).
  if (options.person && aligned.length >= 2 && !han)
    extra -= Math.min(extra, inOrder ? Math.max(larger.middle, larger.patronymics) : larger.patronymics);
  let extraWeight = extra * (options.person ? EXTRA_PERSON : EXTRA_BODY);
  if (conflict === 0 && extra > 0) {
    // Only parts after the last aligned one: a given name in front of the same names is another
    // person's (a son's name before his father's and family's).
    const words = chosen.filter((o) => o.how !== 'initial').length;
    if (han) {
      // But Hong Kong adds an English given name, in any place (`Leslie Cheung Kwok-wing`, `LEE, Ka
      // Chiu John`): one word left over that is no Cantonese syllable, the name read from Han
      // characters all aligned, costs little.
      const other = whole === Q ? C.filter((_, j) => !usedC[j]) : Q.filter((_, i) => !usedQ[i]);
      const [added] = other;
      if (
        words >= 2 &&
        whole.every((t) => t.cantonese) &&
        other.length === 1 &&
        added?.kind === 'word' &&
        !CANTONESE_SYLLABLE.test(added.text)
      )
        extraWeight = extra * EXTRA_PERSON_PART;
    } else if (
      options.person &&
      words >= 2 &&
      inOrder &&
      larger.trailing >= extra &&
      alignedWeight >= PART_NAME &&
      // A given name and patronymic without the family name say who the father was, not who
      // (`Vladimir Vladimirovich`).
      !endsInPatronymic(lq.weight === 0 ? Q : C, lq.weight === 0 ? usedQ : usedC)
    )
      extraWeight = extra * EXTRA_PERSON_PART;
    else if (!options.person) {
      const bodyWords = Math.min(extra, larger.bodyWords);
      extraWeight = (extra - bodyWords) * EXTRA_BODY + bodyWords * EXTRA_BODY_WORD;
    }
  }
  let score = alignedWeight === 0 ? 0 : matchedWeight / (alignedWeight + CONFLICT * conflict + extraWeight);
  if (lq.numbers > 0 || lc.numbers > 0) score = Math.min(score, NUMBER_CAP);
  if (
    query.legalForms.length > 0 &&
    listed.legalForms.length > 0 &&
    !query.legalForms.some((k) => listed.legalForms.includes(k))
  )
    score *= OTHER_FORM;
  // A name with a legal form is an organisation's, not a listed person's.
  // Unless the listed person's name ends in the same word (KIM SA, KHUN SA: a name's syllable
  // that reads as S.A.).
  if (options.person && query.legalForms.length > 0 && !sameForms(query, listed)) score *= NOT_A_PERSON;
  return {
    score,
    aligned,
    unmatched: {
      screened: Q.filter((_, i) => !usedQ[i]).map((t) => t.text),
      listed: C.filter((_, j) => !usedC[j]).map((t) => t.text),
    },
    legalForms,
  };
}

/** Whether two names have the same legal forms, each written as one word of two letters (SA, AG). */
export function sameForms(a: PreparedName, b: PreparedName): boolean {
  return (
    a.legalFormText.length > 0 &&
    a.legalFormText.every((f) => /^[A-Z]{2}$/.test(f) && b.legalFormText.includes(f))
  );
}

/**
 * The names an assimilated article joins in South Asian and Arabic compound names (ZAKIUR RAHMAN,
 * SHAMSUN NAHAR, BADRUT TAMAM): only before one of them is -UR, -US, -UN, -UD, -UT, -UZ an article
 * (MANSUR RASHID is not MANS; MARKUS, TIMUR, YUNUS are names).
 */
const ARTICLE_NOUNS = new Set([
  'RAHMAN',
  'REHMAN',
  'RAHIM',
  'RAHEEM',
  'RAUF',
  'RAZZAQ',
  'RASHEED',
  'RAB',
  'RABB',
  'SALAM',
  'SALAAM',
  'SAMAD',
  'SATTAR',
  'SHAMS',
  'SUBHAN',
  'NISA',
  'NISSA',
  'NAHAR',
  'NABI',
  'NOOR',
  'NUR',
  'DIN',
  'DEEN',
  'DAULA',
  'DAWLA',
  'TAHIR',
  'TAMAM',
  'TAWAB',
  'ZAMAN',
  'ZAHIR',
]);

/** A patronymic's endings: Russian, Ukrainian, Belarusian (-OVICH, -YOVYCH, -AVICH, -OVNA, -IVNA), Turkic (-OGLU, -KYZY, -ULY, -QIZI). */
const PATRONYMIC = /(?:[OEA]V[IY]CH|[EI]VNA|OVNA|YICH|OGLU|OGLY|KYZY|QIZI|ULY)$/;

/** Whether the last of a name's aligned tokens is a patronymic. */
function endsInPatronymic(tokens: NameToken[], used: boolean[]): boolean {
  const last = used.lastIndexOf(true);
  return last >= 0 && PATRONYMIC.test((tokens[last] as NameToken).text);
}

/** Where words stand in a name of `n` words, from 0 (first) to 1 (last). */
const place = (at: number[], n: number) =>
  n <= 1 ? 0.5 : ((at[0] as number) + (at[at.length - 1] as number)) / 2 / (n - 1);

/**
 * How two tokens agree, also with an Arabic article joined to the front of either left out
 * (ALHARAMAYN and HARAMAIN, ANNOUR and NOUR).
 */
function closest(a: NameToken, b: NameToken, person: boolean): TokenMatch | null {
  let best = compareTokens(a, b);
  if (best?.how === 'exact') return best;
  // An organisation's word written in part (SERV., SERVICE; TRANS, TRANSPORTATION; SHPG, SHIPPING);
  // not a person's (ALI is not ALIABADI).
  if (!best && !person && (abbreviates(a, b) || abbreviates(b, a)))
    return { score: 0.88, how: 'abbreviation' };
  for (const [x, y] of [
    [a.joined.bare, b],
    [a, b.joined.bare],
  ] as const) {
    if (!x || !y) continue;
    const m = compareTokens(x, y);
    if (m && (!best || m.score * 0.98 > best.score)) best = { score: m.score * 0.98, how: 'joined' };
  }
  // A foreign name spelt in Cyrillic (ДЖОН, JOHN; ХО, HO).
  for (const [x, y] of [
    [a.foreign, b],
    [a, b.foreign],
  ] as const) {
    if (!x || !y) continue;
    const m = compareTokens(x, y);
    const score = Math.min(m?.score ?? 0, 0.95);
    if (m && (!best || score > best.score)) best = { score, how: 'transliterated' };
  }
  return best;
}

/**
 * A word of one name written as two or three neighbouring words of the other (NORTHWIND, NORTH
 * WIND; JP, J P; a transliterated خير الله and KHAYRALLAH, by their consonants), or with an Arabic
 * article joined to it (ALTIKRITI, AL-TIKRITI; ABDUL, عبد ال…): an option covering them all.
 */
function joined(words: NameToken[], runs: NameToken[], swapped: boolean, out: Option[]) {
  const push = (i: number, run: number[], score: number) =>
    out.push(swapped ? { q: run, c: [i], score, how: 'joined' } : { q: [i], c: run, score, how: 'joined' });
  // Whether the other name has a syllable only Wade-Giles writes (most names have none).
  const wadeGiles = runs.some((r) => r.kind === 'word' && r.text.length <= 6 && WADE_GILES.test(r.text));
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as NameToken;
    if (w.kind === 'number' || w.text.length < 2) continue;
    const { spellings, front, before } = w.joined;
    const longest = w.text.length + 1;
    for (let j = 0; j < runs.length; j++) {
      const r0 = runs[j] as NameToken;
      if (front && r0.text === front) push(i, [j], 0.95);
      if (
        before &&
        (r0.text === before.text || (r0.abjad && r0.skeleton === before.skeleton)) &&
        (before.next === undefined || ARTICLE_NOUNS.has(words[i + 1]?.text ?? ''))
      )
        push(i, [j], 0.93);
      const abjad = w.abjad || r0.abjad;
      // Chinese syllables apart in Wade-Giles against pinyin written as one word (TSE TUNG, ZEDONG);
      // Hangul syllables apart against one word in another romanisation (정은, JEONG EUN, JONGUN;
      // 룡해, RYONGHAE; 봉주, PONGJU); syllables read in Cantonese against one word spelling them as
      // Hong Kong does (嘉誠, KA SING, KASHING): each part the syllable so spelt.
      const syllables = syllableRuns(w, r0, abjad, wadeGiles);
      if (syllables)
        for (let n = 2; n <= syllables.most; n++) {
          const run = runs.slice(j, j + n);
          if (run.length < n || run.some((r) => !syllables.member(r))) break;
          if (
            (syllables.needs === undefined || run.some(syllables.needs)) &&
            splitsIntoSyllables(
              w.text,
              run.map((r) => r.text),
              syllables.same,
            )
          )
            push(
              i,
              run.map((_, k) => j + k),
              0.9,
            );
        }
      if (!abjad && !spellings.some((sp) => sp[0] === r0.text[0])) continue;
      let text = r0.text;
      let consonants = r0.skeleton;
      // An abjad's words read as Persian and Urdu read them too (فیض الله, FAIZULLAH).
      let persian = r0.skeletonAlt;
      // Up to three words; up to five syllables of a script written without spaces (Han, kana,
      // Hangul: 托纳维克, TUO NA WEI KE, TUONAWEIKE).
      const most = r0.syllable ? 5 : 3;
      for (let k = j + 1; k < Math.min(runs.length, j + most); k++) {
        const r = runs[k] as NameToken;
        if (r.kind === 'number' || (k >= j + 3 && !r.syllable)) break;
        text += r.text;
        consonants += r.skeleton;
        persian += r.skeletonAlt;
        if (text.length > longest && !abjad) break;
        const run = Array.from({ length: k - j + 1 }, (_, n) => j + n);
        if (spellings.includes(text)) push(i, run, 0.95);
        else if (
          w.text.length >= 8 &&
          Math.abs(text.length - w.text.length) <= 1 &&
          editDistance(text, w.text, 1) <= 1
        )
          push(i, run, 0.9);
        // Spelt otherwise, the consonants the same and as long within a letter (ABDUL QADIR,
        // ABDELKADER; not NUR ALI, NURALLAH).
        else if (
          !abjad &&
          w.text.length >= 8 &&
          Math.abs(text.length - w.text.length) <= 1 &&
          consonants === w.skeleton &&
          text[0] === w.text[0]
        )
          push(i, run, 0.9);
        else if (
          abjad &&
          consonants.length >= 3 &&
          (w.joined.skeletons.includes(consonants) ||
            w.joined.skeletons.includes(persian) ||
            // The abjad's word in its Persian reading (محمدرضا, MOHAMMAD REZA: ض as Z).
            (w.abjad && w.skeletonAlt === consonants))
        )
          // As close as the word's part before an article (ABD of ABDUL), so that at equal closeness
          // the run covering the whole word is taken (شهيد خيل, SHAHIDKHEL: not شهيد alone).
          push(i, run, 0.93);
      }
    }
  }
}

/**
 * Which runs of syllables starting at `r0` may be `w` written as one word, and how a piece of it
 * agrees with a syllable: Wade-Giles syllables (two or three, one of them Wade-Giles's own) against
 * pinyin, Hangul or Cantonese syllables (two to five) against a Latin word; null for none.
 */
function syllableRuns(
  w: NameToken,
  r0: NameToken,
  abjad: boolean,
  wadeGiles: boolean,
): {
  most: number;
  member: (r: NameToken) => boolean;
  needs?: (r: NameToken) => boolean;
  same: (piece: string, syllable: string) => boolean;
} | null {
  if (r0.korean || r0.cantonese) {
    if (w.korean || w.cantonese || w.syllable || w.kind !== 'word' || w.text.length > 18) return null;
    return {
      most: 5,
      member: (r) => (r0.korean ? r.korean === true : r.cantonese === true) && r.kind === 'word',
      same: r0.korean ? sameKorean : sameCantonese,
    };
  }
  if (!wadeGiles || abjad || w.text.length > 18) return null;
  return {
    most: 3,
    member: (r) => r.kind === 'word' && r.text.length <= 6,
    needs: (r) => WADE_GILES.test(r.text),
    same: samePinyin,
  };
}

/** Whether `word` is `syllables` written together, each piece agreeing with its syllable by `same`. */
function splitsIntoSyllables(
  word: string,
  syllables: readonly string[],
  same: (piece: string, syllable: string) => boolean,
): boolean {
  const [first, ...rest] = syllables;
  if (first === undefined) return word === '';
  for (let n = 1; n <= Math.min(6, word.length - rest.length); n++) {
    const piece = word.slice(0, n);
    if ((piece === first || same(piece, first)) && splitsIntoSyllables(word.slice(n), rest, same))
      return true;
  }
  return false;
}

/** A Latin piece and a Chinese syllable, as pinyin or Wade-Giles writes it. */
const samePinyin = (piece: string, syllable: string) => pinyinKey(piece) === pinyinKey(syllable);

/** A Latin piece and a Hangul syllable, as Korean is romanised (`koreanSyllable`). */
function sameKorean(piece: string, syllable: string): boolean {
  const [k, u, p] = [koreanSyllable(syllable), koreanSyllableU(syllable), koreanSyllable(piece)];
  return p === k || (u !== '' && p === u) || koreanSyllableU(piece) === k;
}

/** A Latin piece and a syllable read in Cantonese, as Hong Kong spells it (`cantoneseAgrees`). */
const sameCantonese = (piece: string, syllable: string) => cantoneseAgrees(syllable, piece);

/**
 * A word written in part: the other word's first three letters or more, three letters or more short
 * of it (SERV, SERVICE), two only of an English ending (TRADE, TRADERS; not PEGAS, PEGASUS), or its
 * consonants in order from its first letter (SHPG, SHIPPING).
 */
function abbreviates(short: NameToken, long: NameToken): boolean {
  const s = short.text;
  const l = long.text;
  if (short.kind !== 'word' || long.kind !== 'word' || s.length < 3 || l.length < s.length + 2) return false;
  // Two letters short only of an English ending (TRADE, TRADERS; not PEGAS, PEGASUS).
  if (l.startsWith(s)) return l.length > s.length + 2 || /^(?:RS|ES|ED|ER|AL)$/.test(l.slice(s.length));
  if (s[0] !== l[0] || /[AEIOU]/.test(s.slice(1)) || s.length < 4) return false;
  let at = 1;
  for (const c of s.slice(1)) {
    at = l.indexOf(c, at) + 1;
    if (at === 0) return false;
  }
  return true;
}
