import { z } from 'zod';
import { digits, exactlyOneQuery } from '../identifiers/schemas.ts';

export const ScreenRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'name must not be empty')
      .max(200, 'name is at most 200 characters')
      .optional()
      .describe(
        'A name to screen as given: an organisation or a person ("Given Family" or "FAMILY, Given").',
      ),
    abn: digits('ABN', 11)
      .optional()
      .describe('11 digits; spaces are stripped. Screens every name the entity is known by.'),
    acn: digits('ACN', 9)
      .optional()
      .describe('9 digits; spaces are stripped. Screens every name the entity is known by.'),
    entity_type: z
      .enum(['organisation', 'individual'])
      .optional()
      .describe('Compare only with list entries of this kind.'),
    date_of_birth: z
      .string()
      .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'date_of_birth is YYYY, YYYY-MM or YYYY-MM-DD')
      .optional()
      .describe(
        "An individual's date of birth (YYYY, YYYY-MM or YYYY-MM-DD): each match says whether the listed one is consistent with it. No match is dropped because of it.",
      ),
  })
  .strict()
  .superRefine(exactlyOneQuery('Send exactly one of name, abn or acn.'));
export type ScreenRequest = z.output<typeof ScreenRequest>;

export const SCREEN_STATUS = ['review', 'no_match', 'unavailable'] as const;
export type ScreenStatus = (typeof SCREEN_STATUS)[number];

const AlignedTokens = z
  .object({
    screened: z
      .string()
      .describe("The screened name's token(s), as read: transliterated to Latin letters, upper case."),
    listed: z.string().describe("The listed name's token(s) it aligned with."),
    how: z
      .enum([
        'exact',
        'number',
        'transliterated',
        'spelling',
        'phonetic',
        'typo',
        'initial',
        'abbreviation',
        'joined',
        'given_name',
      ])
      .describe(
        '`exact`; `number` (3, THREE, 1ST, FIRST); `transliterated` (from another script, by its consonants); `spelling` (a Latin spelling variant: HASAN, HASSAN); `phonetic` (sounds alike); `typo` (one or two letters); `initial` (J, JOHN); `abbreviation` (a word of an organisation name written in part: SERV, SERVICE; SHPG, SHIPPING); `joined` (NORTHWIND, NORTH WIND; ALTIKRITI, AL-TIKRITI; or the whole name, its letters the same with its words broken elsewhere: THEEAGLES L L C, THE EAGLES L.L.C.); `given_name` (one given name as another language writes it, MYKOLA, NIKOLAY, MIKALAI; JOSEPH, YOSEF, YUSUF; or the patronymics made from it, MYKOLAYOVYCH, NIKOLAYEVICH). Words alike without agreeing in any of these ways are not paired (SOKOLOV, SOKOLOVSKY).',
      ),
    score: z.number().describe('How closely they agree, 0 to 1.'),
  })
  .meta({ id: 'AlignedTokens' });

const Explanation = z
  .object({
    listed_name: z.string().describe('The listed name (primary or alias) that matched best.'),
    aligned: z
      .array(AlignedTokens)
      .describe('Which tokens of the screened name aligned with which of the listed name, and how.'),
    unmatched: z
      .object({ screened: z.array(z.string()), listed: z.array(z.string()) })
      .describe('Tokens on either side that nothing aligned with: they count against the match.'),
    legal_forms: z
      .object({ screened: z.array(z.string()), listed: z.array(z.string()) })
      .describe(
        'Legal forms found on either side, by kind (`LLC` covers LLC, OOO, GmbH, S.R.L., Limited…): set aside, not compared as words.',
      ),
  })
  .meta({ id: 'MatchExplanation' });

const Match = z.object({
  name: z.string().describe('The screened name that matched.'),
  reference: z.string().describe('The list entry: DFAT reference, ASIC document number or ACN.'),
  score: z.number().describe('The match score, 0 to 1; `review` from 0.88 (docs/screening.md).'),
  explanation: Explanation.optional().describe('How the names aligned; absent for a match by ACN.'),
  matched_on: z
    .string()
    .describe('Which list name matched and how: `primary`, `alias`, `alias_weak`, `original_script`, `acn`.'),
  list_entry: z.object({
    name: z.string(),
    type: z.string().nullable(),
    listing: z.string().nullable(),
    date_of_birth: z
      .string()
      .nullable()
      .describe(
        "The list's date of birth for the entry, as the list writes it (free text on the DFAT list).",
      ),
  }),
  date_of_birth_check: z
    .enum(['consistent', 'inconsistent', 'unknown'])
    .optional()
    .describe(
      'Only when `date_of_birth` was given: how it compares with the listed one (`unknown` when the list gives none). The match stays either way.',
    ),
});

const ListResult = z.object({
  status: z.enum(SCREEN_STATUS),
  matches: z.array(Match),
  checked_as_of: z.string().nullable(),
  note: z.string(),
});

export const ScreenResponse = z
  .object({
    query: z.record(z.string(), z.unknown()),
    screened_names: z.array(z.string()),
    overall: z
      .enum(SCREEN_STATUS)
      .describe('`review` if any list says review; else `unavailable` if any is; else `no_match`.'),
    results: z.object({
      dfat_sanctions: ListResult,
      asic_banned_org: ListResult,
      asic_banned_person: ListResult,
    }),
    disclaimer: z.string(),
  })
  .meta({ id: 'ScreenResponse' });
export type ScreenResponse = z.infer<typeof ScreenResponse>;
export type ListResult = z.infer<typeof ListResult>;

export const SCREEN_DISCLAIMER =
  'Screening compares names with the lists as loaded, on the date shown. review means a person must look at the match; no_match means no listed name came close enough, and is not a clearance; unavailable means the list was not checked.';
