/**
 * A matching key for exact name comparison across registers: case, punctuation, diacritics, `&`/AND,
 * legal-form words and word order do not matter. "LEDGER, SAM" and "Sam Ledger" share a key, and so do
 * "SANDBOX NORTHERN TRADING COMPANY" and "Sandbox Northern Trading Co Pty. Ltd.".
 * Fuzzy search and screening (with typos, transliteration) build on the names, not on this key.
 */
import { KEY_LEGAL_FORMS } from './legal-forms.ts';

// Most register names are plain ASCII: they skip Unicode decomposition, the costliest step here.
const ASCII = /^[\x20-\x7e]*$/;

export function nameKey(name: string): string {
  if (ASCII.test(name)) return asciiNameKey(name.toUpperCase());
  const tokens = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/\bP\/L\b/g, ' PL ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((t) => t !== '' && !KEY_LEGAL_FORMS.has(t));
  return [...new Set(tokens)].sort().join(' ');
}

const isAlnum = (c: number) => (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
// A regular-expression word character (`\w`): `_` joins words for `\b`, though it separates tokens.
const isWord = (c: number) => isAlnum(c) || c === 95;

/**
 * The same key for printable ASCII (upper-cased), in one pass instead of four regular expressions:
 * ingest computes it for every name of every register. Tokens are runs of letters and digits; `&`
 * is the token AND; a `P/L` standing alone (as `\bP/L\b` finds it) is the legal form PL, dropped.
 */
function asciiNameKey(upper: string): string {
  const tokens: string[] = [];
  const n = upper.length;
  let i = 0;
  while (i < n) {
    const c = upper.charCodeAt(i);
    if (isAlnum(c)) {
      if (
        c === 80 &&
        upper.charCodeAt(i + 1) === 47 &&
        upper.charCodeAt(i + 2) === 76 &&
        (i === 0 || !isWord(upper.charCodeAt(i - 1))) &&
        !isWord(upper.charCodeAt(i + 3))
      ) {
        i += 3;
        continue;
      }
      const start = i;
      while (i < n && isAlnum(upper.charCodeAt(i))) i++;
      const token = upper.slice(start, i);
      if (!KEY_LEGAL_FORMS.has(token)) tokens.push(token);
      continue;
    }
    if (c === 38) tokens.push('AND');
    i++;
  }
  tokens.sort();
  let key = '';
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as string;
    if (k > 0 && token === tokens[k - 1]) continue;
    key = key === '' ? token : `${key} ${token}`;
  }
  return key;
}
