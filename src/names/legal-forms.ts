/**
 * Legal-form words: the parts of a name that say what kind of body it is, not which one. Both name
 * comparisons drop them, but not the same ones, and each keeps its own set on purpose: the exact key
 * (`nameKey`) is stored with every name at ingest, so a word added to or taken from its set changes
 * keys already stored; the similarity's set is the one screening and search quality were measured
 * with (bench/screen.ts, bench/names.ts). The words they share are written once here.
 */

/** Company forms written in Australian names, and THE: dropped by both comparisons. */
const COMPANY_FORMS = [
  'PTY',
  'LTD',
  'LIMITED',
  'PROPRIETARY',
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
];

/**
 * The words `nameKey` drops: the company forms and a trustee's wording, so that "THE TRUSTEE FOR THE
 * SANDBOX FAMILY TRUST" has the key of "SANDBOX FAMILY TRUST". Unlike similarity, it keeps AND (the
 * key spells `&` as AND) and foreign forms.
 */
export const KEY_LEGAL_FORMS: ReadonlySet<string> = new Set([...COMPANY_FORMS, 'TRUSTEE', 'FOR', 'ATF']);

/**
 * The words similarity (screening, search) drops: the company forms, foreign forms that sanctions
 * lists carry, and the joining words OF and AND.
 */
export const SIMILARITY_LEGAL_FORMS: ReadonlySet<string> = new Set([
  ...COMPANY_FORMS,
  'LLP',
  'OF',
  'AND',
  'JSC',
  'OJSC',
  'PJSC',
  'CJSC',
  'OOO',
  'ZAO',
  'OAO',
  'GMBH',
  'AG',
  'SA',
  'BV',
]);
