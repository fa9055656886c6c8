import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { validateIdentifier } from '../../identifiers/validate-identifier.ts';
import { defineRoute } from '../route.ts';

export const ValidateParams = z.object({
  identifier: z.string().describe('An ABN (11 digits) or ACN (9 digits); spaces are allowed and stripped.'),
});

export const ValidateResponse = z
  .object({
    identifier_type: z
      .enum(['abn', 'acn'])
      .describe('Inferred from the length: 11 digits `abn`, 9 digits `acn`.'),
    input: z.string().describe('The identifier as supplied.'),
    normalized: z.string().describe('The identifier with whitespace removed.'),
    valid: z.boolean().describe('True when the check digit is correct.'),
    reason: z
      .enum(['format', 'checksum'])
      .optional()
      .describe(
        'Only when `valid` is false. A 200 carries `checksum`; wrong length or characters is a 400 `format`.',
      ),
  })
  .meta({ id: 'Validation' });
export type ValidateResponse = z.infer<typeof ValidateResponse>;

export const FORMAT_MESSAGE = 'An ABN is 11 digits and an ACN is 9 digits; spaces are allowed, nothing else.';

/** The REST shape of an offline validation; a wrong length or character is a 400 (decisions.md). */
export function validationBody(identifier: string): ValidateResponse {
  const result = validateIdentifier(identifier);
  if (!('identifier_type' in result)) {
    throw new AppError('invalid_request', FORMAT_MESSAGE, { code: 'format', param: 'identifier' });
  }
  const { identifier_type, input, normalized, valid } = result;
  return { identifier_type, input, normalized, valid, ...(result.valid ? {} : { reason: result.reason }) };
}

export const validateRoute = defineRoute({
  method: 'GET',
  path: '/v1/validate/{identifier}',
  operationId: 'validateIdentifier',
  summary: 'Validate an ABN or ACN offline',
  description:
    'Checks the format and check digit of an ABN or ACN without consulting any register. A well-formed identifier with a wrong check digit is a 200 with `valid: false` and `reason: "checksum"`; it is not an error.',
  tag: 'Validate',
  auth: true,
  params: ValidateParams,
  response: {
    status: 200,
    description: 'The identifier is well formed; `valid` says whether its check digit is correct.',
    schema: ValidateResponse,
    examples: {
      valid_abn: {
        identifier_type: 'abn',
        input: '49 004 028 077',
        normalized: '49004028077',
        valid: true,
      },
      valid_acn: { identifier_type: 'acn', input: '004028077', normalized: '004028077', valid: true },
      checksum: {
        identifier_type: 'abn',
        input: '51 824 753 565',
        normalized: '51824753565',
        valid: false,
        reason: 'checksum',
      },
    },
  },
  errors: [
    { status: 400, type: 'invalid_request', code: 'format', param: 'identifier', message: FORMAT_MESSAGE },
  ],
  handler: async ({ params }) => validationBody(params.identifier),
});
