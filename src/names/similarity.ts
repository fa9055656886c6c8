/**
 * Name similarity for resolve's name search: the names read into tokens as screening reads them
 * (name-tokens.ts: transliterated, legal forms from the one table, particles set aside), then a
 * token-set similarity.
 */
import { jaroWinkler } from './jaro-winkler.ts';
import { prepareName } from './name-tokens.ts';

export { jaroWinkler };

export function tokens(name: string): string[] {
  return prepareName(name).tokens.map((t) => t.text);
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
