import { z } from 'zod';

/** An ABN or ACN as a request field: the digits, with any spaces stripped. */
export const digits = (kind: 'ABN' | 'ACN', length: number) =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .refine(
      (v) => new RegExp(`^\\d{${length}}$`).test(v),
      `An ${kind} is ${length} digits; spaces are allowed, nothing else.`,
    );

/**
 * Resolve and screen take exactly one of an ABN, an ACN or a name: two is 400 `identifier_and_name`
 * (naming the last one sent), none is 400 `missing_query`.
 */
export const exactlyOneQuery =
  (message: string) =>
  (
    v: { abn?: string | undefined; acn?: string | undefined; name?: string | undefined },
    ctx: z.RefinementCtx,
  ) => {
    const given = (['abn', 'acn', 'name'] as const).filter((k) => v[k] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: given.length > 1 ? [given[given.length - 1] ?? 'name'] : [],
        message,
        params: { code: given.length > 1 ? 'identifier_and_name' : 'missing_query' },
      });
    }
  };
