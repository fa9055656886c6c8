import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { ValidateResponse, validationBody } from '../../identifiers/validation.ts';
import { NUMBERS_NOTE, numbersAsDigits } from '../identifier-args.ts';
import { defineTool, type ToolSpec } from '../tool.ts';

const KINDS = {
  abn: { label: 'ABN', digits: 11, other: 'acn' },
  acn: { label: 'ACN', digits: 9, other: 'abn' },
} as const;

/** `validate_abn` and `validate_acn`: GET /v1/validate/{identifier}, held to the one kind. */
function validateTool(kind: keyof typeof KINDS): ToolSpec {
  const { label, digits, other } = KINDS[kind];
  return defineTool({
    name: `validate_${kind}`,
    title: `Validate an ${label} offline`,
    description: [
      `Check an ${label}'s format and check digit offline, without consulting any register. \`${kind}\` is ${digits} digits; spaces are allowed and stripped.`,
      NUMBERS_NOTE,
      `\`valid: false\` with \`reason: "checksum"\` means the number is mistyped or invented. \`valid: true\` only means the number is well formed: it does not say the ${label} is registered or active (use resolve_entity for that). A wrong length or a non-digit is an error with \`code: "format"\`.`,
    ].join('\n\n'),
    input: numbersAsDigits(
      z
        .object({ [kind]: z.string().describe(`The ${label}: ${digits} digits; spaces are stripped.`) })
        .strict(),
      [kind],
    ),
    output: ValidateResponse,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ input }) => {
      const value = (input as Record<string, string>)[kind] ?? '';
      let body: ValidateResponse;
      try {
        body = validationBody(value);
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError(error.type, error.message, { code: 'format', param: kind });
        throw error;
      }
      if (body.identifier_type !== kind) {
        throw new AppError(
          'invalid_request',
          `${body.normalized} has ${body.normalized.length} digits: that is an ${KINDS[other].label}, not an ${label}. Use validate_${other}.`,
          { code: 'format', param: kind },
        );
      }
      return body;
    },
  });
}

export const validateAbnTool = validateTool('abn');
export const validateAcnTool = validateTool('acn');
