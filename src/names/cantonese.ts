/**
 * Han characters read in Cantonese, as Hong Kong spells its people's names (docs/screening.md):
 * 李嘉誠 is LI JIA CHENG in Mandarin, which any-ascii writes, and LEE KA SHING in Hong Kong. Each
 * character's Cantonese reading comes from the `to-jyutping` package (Jyutping, the Linguistic
 * Society of Hong Kong's romanisation: lei5 gaa1 sing4), then is spelt as the Hong Kong Government
 * spells names (`hongKongSpelling`).
 */
import { createRequire } from 'node:module';
import anyAscii from 'any-ascii';
import { remembered } from './remembered.ts';

type ToJyutping = { getJyutpingList: (text: string) => Array<[string, string | null]> };
const requireCjs = createRequire(import.meta.url);
let library: ToJyutping | undefined;
/**
 * The `to-jyutping` package, loaded at the first name in Han characters: a process that never sees
 * one is spared its tables.
 */
const toJyutping = (): ToJyutping =>
  (library ??= requireCjs('to-jyutping').default ?? requireCjs('to-jyutping'));

/**
 * A Chinese company's legal form (有限公司, 股份有限公司, 公司) and Japan's 株式会社, read as any-ascii
 * reads them, in Mandarin, as the table of legal forms knows them.
 */
const LEGAL_FORM = /(股份有限公司|有限[责責]任公司|有限公司|株式会社|公司)/u;
const HAN_RUN = /(\p{Script=Han}+)/u;
const HAN = /\p{Script=Han}/u;

/**
 * Family names read otherwise than the character's everyday reading: 曾 as ZANG (TSANG), not CANG
 * (once); 區 as AU, not KEOI (a district); 單 as SIN, not DAAN (single). Only the first character of
 * a word of two to four, without a legal form (a person's name: 區域有限公司 is AU WIK's KEOI WIK).
 */
const FAMILY_NAME_READINGS: Record<string, string> = {
  曾: 'zang1',
  區: 'au1',
  区: 'au1',
  單: 'sin6',
  单: 'sin6',
};

/**
 * Characters whose Jyutping AN Hong Kong spells UN in names, as it does no other (振 ZAN, CHUN:
 * Leung Chun-ying; 燊 SAN, SUN), where 陳 CAN is always CHAN.
 */
const SPELT_UN: Record<string, string> = {
  振: 'CHUN',
  震: 'CHUN',
  津: 'CHUN',
  臻: 'CHUN',
  珍: 'CHUN',
  真: 'CHUN',
  燊: 'SUN',
};

export type CantoneseSegment = { text: string; cantonese: boolean };

/**
 * A word with its runs of Han characters written as Hong Kong spells them, a syllable to each
 * character, each capitalised (`LeeKaShing`), as segments read in Cantonese; its legal form and
 * anything else as any-ascii writes it, as segments of their own.
 */
export function cantoneseSegments(word: string): CantoneseSegment[] {
  const text = word.normalize('NFKC');
  const person = !LEGAL_FORM.test(text) && /^\p{Script=Han}{2,4}$/u.test(text);
  const out: CantoneseSegment[] = [];
  for (const piece of text.split(LEGAL_FORM)) {
    if (piece === '') continue;
    if (LEGAL_FORM.test(piece)) {
      out.push({ text: anyAscii(piece), cantonese: false });
      continue;
    }
    for (const run of piece.split(HAN_RUN)) {
      if (run === '') continue;
      if (!HAN.test(run)) {
        out.push({ text: anyAscii(run), cantonese: false });
        continue;
      }
      const syllables = toJyutping()
        .getJyutpingList(run)
        .map(([character, jyutping], k) => {
          const reading = (person && k === 0 && FAMILY_NAME_READINGS[character]) || jyutping;
          if (!reading) return anyAscii(character);
          const spelt = SPELT_UN[character] ?? hongKongSpelling(reading);
          return spelt.charAt(0) + spelt.slice(1).toLowerCase();
        });
      out.push({ text: syllables.join(''), cantonese: true });
    }
  }
  return out;
}

const INITIALS: Record<string, string> = {
  b: 'P',
  p: 'P',
  m: 'M',
  f: 'F',
  d: 'T',
  t: 'T',
  n: 'N',
  l: 'L',
  g: 'K',
  k: 'K',
  ng: 'NG',
  h: 'H',
  gw: 'KW',
  kw: 'KW',
  w: 'W',
  z: 'CH',
  c: 'CH',
  s: 'S',
  j: 'Y',
};

/** Jyutping's finals as Hong Kong spells them (AA as A, OENG as EUNG, EOI as UI, YU as U, UN as OON). */
const FINALS: Record<string, string> = {
  aa: 'A',
  aai: 'AI',
  aau: 'AU',
  aam: 'AM',
  aan: 'AN',
  aang: 'ANG',
  aap: 'AP',
  aat: 'AT',
  aak: 'AK',
  ai: 'AI',
  au: 'AU',
  am: 'AM',
  an: 'AN',
  ang: 'ANG',
  ap: 'AP',
  at: 'AT',
  ak: 'AK',
  e: 'E',
  ei: 'EI',
  eu: 'EU',
  em: 'EM',
  eng: 'ENG',
  ep: 'EP',
  ek: 'EK',
  i: 'I',
  iu: 'IU',
  im: 'IM',
  in: 'IN',
  ing: 'ING',
  ip: 'IP',
  it: 'IT',
  ik: 'IK',
  o: 'O',
  oi: 'OI',
  ou: 'O',
  on: 'ON',
  ong: 'ONG',
  ot: 'OT',
  ok: 'OK',
  u: 'U',
  ui: 'UI',
  un: 'OON',
  ung: 'UNG',
  ut: 'OOT',
  uk: 'UK',
  oe: 'OE',
  oeng: 'EUNG',
  oek: 'EUK',
  eoi: 'UI',
  eon: 'UN',
  eot: 'UT',
  yu: 'U',
  yun: 'UEN',
  yut: 'UET',
  m: 'M',
  ng: 'NG',
};

const JYUTPING = /^(gw|kw|ng|[bpmfdtnlgkhwzcsj])?([a-z]*)[1-6]?$/;

/**
 * One Jyutping syllable as the Hong Kong Government spells names: B, D, G as P, T, K; Z and C as
 * CH; J as Y; the finals as `FINALS` writes them; SI as SZE, ZI and CI as CHI, LEI as LEE (李),
 * S as SH before U and EU (書 SHU, 信 SHUN); a syllable of M or NG alone (吳 NG) as it is.
 */
export function hongKongSpelling(jyutping: string): string {
  const parsed = JYUTPING.exec(jyutping);
  if (!parsed) return jyutping.toUpperCase();
  let [, initial = '', final = ''] = parsed;
  if (final === '') [initial, final] = ['', initial];
  if (initial === 's' && final === 'i') return 'SZE';
  if ((initial === 'z' || initial === 'c') && final === 'i') return 'CHI';
  if (initial === 'l' && final === 'ei') return 'LEE';
  const spelt = FINALS[final] ?? final.toUpperCase();
  const start = initial === 's' && /^(?:yu|eo)/.test(final) ? 'SH' : (INITIALS[initial] ?? '');
  return start + spelt;
}

/** A syllable read in Cantonese and a Latin word spelling it as Hong Kong does (`cantoneseSyllable`). */
export function cantoneseAgrees(reading: string, latin: string): boolean {
  return cantoneseSyllable(latin) === cantoneseSyllable(reading);
}

/**
 * A syllable as Hong Kong's (and Macau's) spellings of one Cantonese syllable agree on it, compared
 * with a syllable read from Han characters (`NameToken.cantonese`): TS and CH (曾 TSANG, 張 CHEUNG),
 * TSZ and CHI, SZE and SI, SH and S, KU and KW before A or O (郭 KUOK, KWOK), KWU and KU (官 KWUN,
 * KOON), YI and I (葉 YIP, IP) at the start; OO as U (潘 POON, PUN); a final EE, EI or I alike (李
 * LEE, LEI, LI); OW as AU (周 CHOW, CHAU), OY and AY as OI and AI (蔡 CHOY, CHOI); EONG as EUNG
 * (梁 LEONG, LEUNG); an R or H after a final vowel (娥 NGOR, NGO; 華 WAH, WA) and LAW as LO (羅).
 * Nothing looser: a syllable's vowels tell its characters apart (張 CHEUNG is not 鍾 CHUNG, 俊 CHUN
 * not 全 CHUEN nor 陳 CHAN).
 */
export const cantoneseSyllable = remembered((syllable: string) =>
  syllable
    .replace(/^SZE?$/, 'SI')
    .replace(/^[TC]SZ$/, 'CHI')
    .replace(/^T[SZ]/, 'CH')
    .replace(/^SH/, 'S')
    .replace(/^KWU/, 'KU')
    .replace(/^KU(?=[AO])/, 'KW')
    .replace(/^Y(?=I)/, '')
    .replace(/OO/g, 'U')
    .replace(/EONG$/, 'EUNG')
    .replace(/(?:EE|EI)$/, 'I')
    .replace(/(?<=[AEIOU])[RH]$/, '')
    .replace(/AW$/, 'O')
    .replace(/OW$/, 'AU')
    .replace(/(?<=[AO])Y$/, 'I'),
);
