/**
 * A matching key for exact name comparison across registers: case, punctuation, diacritics, `&`/AND,
 * legal-form words and word order do not matter. "LEDGER, SAM" and "Sam Ledger" share a key, and so do
 * "SANDBOX NORTHERN TRADING COMPANY" and "Sandbox Northern Trading Co Pty. Ltd.".
 * Fuzzy search and screening (with typos, transliteration) build on the names, not on this key.
 */
const LEGAL_FORMS = new Set([
  'PTY',
  'LTD',
  'LIMITED',
  'PROPRIETARY',
  'P/L',
  'PL',
  'INC',
  'INCORPORATED',
  'CO',
  'COMPANY',
  'CORP',
  'CORPORATION',
  'LLC',
  'NL',
  'THE',
  'TRUSTEE',
  'FOR',
  'ATF',
]);

// Most register names are plain ASCII: they skip Unicode decomposition, the costliest step here.
const ASCII = /^[\x20-\x7e]*$/;

export function nameKey(name: string): string {
  const folded = ASCII.test(name) ? name : name.normalize('NFKD').replace(/\p{M}/gu, '');
  const tokens = folded
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/\bP\/L\b/g, ' PL ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((t) => t !== '' && !LEGAL_FORMS.has(t));
  return [...new Set(tokens)].sort().join(' ');
}
