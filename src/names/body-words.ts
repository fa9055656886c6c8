/**
 * Words that say what kind of body a name belongs to, not which one (docs/screening.md): a group,
 * an association, a network, a foundation, a front, a trading or industrial one. Other names of the same body add or leave them
 * out (`Sanabil Association for Relief` and `Sanabil for Relief`; `Muhammad Jamal Network` and
 * `Muhammad Jamal Group`), so one left over when the other name has nothing left counts for little.
 * A legal form's single word inside a name (`MSP Kala Naft Co. Tehran`) counts the same way.
 */
import { LEGAL_FORM_SPELLINGS, ONLY_AT_THE_END } from './legal-forms.ts';

const KINDS_OF_BODY = [
  'AGENCY',
  'ASSOCIATION',
  'BATTALION',
  'BRANCH',
  'BRIGADE',
  'BRIGADES',
  'BUREAU',
  'CENTER',
  'CENTRE',
  'COMMITTEE',
  'COMPLEX',
  'CORPS',
  'ENTERPRISE',
  'ENTERPRISES',
  'ESTABLISHMENT',
  'EXPORT',
  'FIRM',
  'FOUNDATION',
  'FRONT',
  'GENERAL',
  'GROUP',
  'GROUPE',
  'GRUPO',
  'HOLDING',
  'HOLDINGS',
  'IMPORT',
  'INDUSTRIAL',
  'INDUSTRIES',
  'INDUSTRY',
  'INSTITUTE',
  'INSTITUTION',
  'INTERNATIONAL',
  'MANUFACTURING',
  'MOVEMENT',
  'NETWORK',
  'ORGANISATION',
  'ORGANIZATION',
  'PRIVATE',
  'SERVICE',
  'SERVICES',
  'SOCIETY',
  'TRADING',
];

export const BODY_WORDS: ReadonlySet<string> = new Set([
  ...KINDS_OF_BODY,
  // Forms of one word; not those taken only at a name's end, which in front are an acronym (`APS
  // Group`).
  ...LEGAL_FORM_SPELLINGS.filter(
    (f) =>
      f.tokens.length === 1 && (f.tokens[0] ?? '').length >= 2 && !ONLY_AT_THE_END.has(f.tokens[0] ?? ''),
  ).map((f) => f.tokens[0] as string),
]);
