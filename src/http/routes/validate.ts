import { z } from 'zod';
import { FORMAT_MESSAGE, ValidateResponse, validationBody } from '../../identifiers/validation.ts';
import { identifierPattern } from '../json-schema.ts';
import { defineRoute } from '../route.ts';

export const ValidateParams = z.object({
  identifier: z.string().describe('An ABN (11 digits) or ACN (9 digits); spaces are allowed and stripped.'),
});

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
  // What a 200 needs; anything else is the 400 `format` above, which says so.
  requestRules: { params: { identifier: { pattern: identifierPattern(11, 9) } } },
  handler: async ({ params }) => validationBody(params.identifier),
});
