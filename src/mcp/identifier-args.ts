import { z } from 'zod';
import { AppError } from '../errors.ts';

/** What a tool's description says about identifiers sent as numbers. */
export const NUMBERS_NOTE =
  'Send ABNs and ACNs as strings. A whole JSON number is read as its digits, so an ACN that starts with 0 loses it (004028077 sent as a number arrives as 4028077 and is refused with `code: "format"`).';

/** A whole number as its decimal digits; anything else is left for the schema to refuse. */
const digitsOf = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;

/**
 * A tool's input schema that also takes its identifier arguments (`keys`: an ABN or ACN, or a list
 * of them) as whole JSON numbers: the MCP Inspector's CLI reads `--tool-arg abn=44600110236` as JSON
 * and sends a number. The REST schemas stay strings only. The listed JSON Schema is the REST one:
 * strings are the documented form.
 */
export function numbersAsDigits<S extends z.ZodType>(schema: S, keys: readonly string[]) {
  return z.preprocess((args) => {
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
    const copy: Record<string, unknown> = { ...args };
    for (const key of keys) {
      const value = copy[key];
      if (value !== undefined) copy[key] = Array.isArray(value) ? value.map(digitsOf) : digitsOf(value);
    }
    return copy;
  }, schema);
}

/**
 * A wrong-length identifier that came as a number says what may have happened: a number has no
 * leading zeros.
 */
export function withNumberHint(error: unknown, args: Record<string, unknown> | undefined): unknown {
  if (!(error instanceof AppError) || !error.param || !args) return error;
  if (error.code !== 'format' && error.code !== 'invalid_body') return error;
  const [key, index] = error.param.split('.');
  const value = args[key ?? ''];
  const sent = index === undefined ? value : Array.isArray(value) ? value[Number(index)] : undefined;
  if (digitsOf(sent) === sent) return error;
  return new AppError(
    error.type,
    `${error.message} It came as the number ${sent}, and a number has no leading zeros: send ABNs and ACNs as strings ("004028077").`,
    { code: error.code, param: error.param },
  );
}
