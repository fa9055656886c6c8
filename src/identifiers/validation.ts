import { z } from 'zod';
import { AppError } from '../errors.ts';
import { validateIdentifier } from './validate-identifier.ts';

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

/**
 * GET /v1/validate and the validate tools: an offline validation's answer; a wrong length or
 * character is an `invalid_request` with code `format` (docs/decisions.md, error envelope).
 */
export function validationBody(identifier: string): ValidateResponse {
  const result = validateIdentifier(identifier);
  if (!('identifier_type' in result)) {
    throw new AppError('invalid_request', FORMAT_MESSAGE, { code: 'format', param: 'identifier' });
  }
  const { identifier_type, input, normalized, valid } = result;
  return { identifier_type, input, normalized, valid, ...(result.valid ? {} : { reason: result.reason }) };
}
