/** Name comparison for screening and search: normalisation, tokens and a token-set similarity. */
import { SIMILARITY_LEGAL_FORMS } from './legal-forms.ts';

// Common transliteration variants collapse to one spelling (what screening lists teach: the same
// person appears as Mohammad, Muhammad, Mohammed…).
const VARIANTS: Record<string, string> = {
  MOHAMMAD: 'MUHAMMAD',
  MOHAMMED: 'MUHAMMAD',
  MOHAMED: 'MUHAMMAD',
  MOHAMAD: 'MUHAMMAD',
  MUHAMAD: 'MUHAMMAD',
  MUHAMMED: 'MUHAMMAD',
  AHMAD: 'AHMED',
  AHMET: 'AHMED',
  HUSSEIN: 'HUSAYN',
  HUSSAIN: 'HUSAYN',
  HUSEIN: 'HUSAYN',
  YUSUF: 'YUSUF',
  YOUSSEF: 'YUSUF',
  YOUSEF: 'YUSUF',
  ABDUL: 'ABD',
  ABDEL: 'ABD',
  ABDOUL: 'ABD',
  SERGEI: 'SERGEY',
  SERGEJ: 'SERGEY',
  ALEKSANDR: 'ALEXANDER',
  ALEKSANDER: 'ALEXANDER',
  YURI: 'YURIY',
  YURIY: 'YURIY',
  IURII: 'YURIY',
  DMITRI: 'DMITRY',
  DMITRIY: 'DMITRY',
  ANDREI: 'ANDREY',
  ALEXEI: 'ALEXEY',
  ALEKSEY: 'ALEXEY',
  MIKHAIL: 'MIKHAIL',
  MIHAIL: 'MIKHAIL',
  NIKOLAI: 'NIKOLAY',
  VIKTOR: 'VICTOR',
  EVGENY: 'YEVGENIY',
  YEVGENY: 'YEVGENIY',
  EVGENIY: 'YEVGENIY',
};

// Cyrillic to Latin, so an original-script name meets its Latin alias half way.
const CYRILLIC: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Д: 'D',
  Е: 'E',
  Ё: 'E',
  Ж: 'ZH',
  З: 'Z',
  И: 'I',
  Й: 'Y',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ф: 'F',
  Х: 'KH',
  Ц: 'TS',
  Ч: 'CH',
  Ш: 'SH',
  Щ: 'SHCH',
  Ъ: '',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'YU',
  Я: 'YA',
};

export function tokens(name: string): string[] {
  const upper = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[А-ЯЁ]/g, (c) => CYRILLIC[c] ?? c)
    .replace(/&/g, ' AND ')
    .replace(/\bP\/L\b/g, ' PL ')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (upper === '') return [];
  const out: string[] = [];
  for (const t of upper.split(' ')) {
    if (SIMILARITY_LEGAL_FORMS.has(t)) continue;
    out.push(VARIANTS[t] ?? t);
  }
  return out;
}

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aMatch = new Array<boolean>(la).fill(false);
  const bMatch = new Array<boolean>(lb).fill(false);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (bMatch[j] || a[i] !== b[j]) continue;
      aMatch[i] = true;
      bMatch[j] = true;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let k = 0;
  let transpositions = 0;
  for (let i = 0; i < la; i++) {
    if (!aMatch[i]) continue;
    while (!bMatch[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

const isNumeric = (t: string) => /\d/.test(t);

/**
 * Order-insensitive token-set similarity in 0..1: each token is paired with its best match on the
 * other side (Jaro-Winkler), both directions averaged, so extra or missing words cost. A number on
 * one side that the other lacks ("11420 CORP" against "BELLETECH CORP") caps the score low.
 */
export function nameSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const numA = a.map(isNumeric);
  const numB = b.map(isNumeric);
  const best = (xs: string[], nx: boolean[], ys: string[], ny: boolean[]) => {
    let sum = 0;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as string;
      let top = 0;
      for (let j = 0; j < ys.length; j++) {
        if (nx[i] !== ny[j]) continue;
        const y = ys[j] as string;
        const s = x === y ? 1 : nx[i] ? 0 : jaroWinkler(x, y);
        if (s > top) top = s;
        if (top === 1) break;
      }
      sum += top;
    }
    return sum / xs.length;
  };
  const score = (best(a, numA, b, numB) + best(b, numB, a, numA)) / 2;
  if (!numA.includes(true) && !numB.includes(true)) return score;
  const numbersA = a
    .filter((_, i) => numA[i])
    .sort()
    .join(' ');
  const numbersB = b
    .filter((_, i) => numB[i])
    .sort()
    .join(' ');
  return numbersA !== numbersB ? Math.min(score, 0.5) : score;
}
