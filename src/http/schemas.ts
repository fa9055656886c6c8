import { z } from 'zod';
import { ERROR_TYPES, type ErrorType } from '../errors.ts';

export const ErrorEnvelope = z
  .object({
    error: z.object({
      type: z.enum(Object.keys(ERROR_TYPES) as [ErrorType, ...ErrorType[]]),
      code: z.string().optional().describe('A finer reason within the type, e.g. `format`.'),
      message: z.string().describe('For a person; do not parse it.'),
      param: z.string().optional().describe('The request field the error is about.'),
      request_id: z.string().describe('Also in the `Request-Id` header; quote it when asking for help.'),
    }),
  })
  .meta({ id: 'Error' });
