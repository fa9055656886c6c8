import type { z } from 'zod';
/**
 * The closed set of error types (decisions.md, error envelope). Each maps to one HTTP status here,
 * and only here; `code` and `param` refine it.
 */
export const ERROR_TYPES = {
  invalid_request: 400,
  authentication_required: 401,
  invalid_api_key: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal_error: 500,
  upstream_unavailable: 502,
  service_unavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_TYPES;

export type ErrorBody = {
  error: { type: ErrorType; code?: string; message: string; param?: string; request_id: string };
};

export class AppError extends Error {
  readonly type: ErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;
  /** Overrides the type's status where HTTP needs a finer one (405, 413, 415) with the same type. */
  readonly status: number;

  constructor(
    type: ErrorType,
    message: string,
    options: { code?: string; param?: string; status?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.type = type;
    this.code = options.code;
    this.param = options.param;
    this.status = options.status ?? ERROR_TYPES[type];
  }

  toBody(requestId: string): ErrorBody {
    return {
      error: {
        type: this.type,
        ...(this.code === undefined ? {} : { code: this.code }),
        message: this.message,
        ...(this.param === undefined ? {} : { param: this.param }),
        request_id: requestId,
      },
    };
  }
}

/** Turns a zod failure into our envelope, naming the first offending field. */
export function invalidInput(error: z.ZodError, where: string): AppError {
  const issue = error.issues[0];
  const param = issue?.path.length ? issue.path.join('.') : undefined;
  // The field is named once: a message that already starts with it is kept as it is.
  const prefix = param && !issue?.message.startsWith(param) ? `${param}: ` : '';
  const message = issue ? `${prefix}${issue.message}` : `Invalid ${where}.`;
  // A schema can name a stable code for its own rule (`identifier_and_name`); the rest are `invalid_<where>`.
  const custom =
    issue && 'params' in issue ? (issue.params as { code?: string } | undefined)?.code : undefined;
  return new AppError('invalid_request', message, {
    code: custom ?? `invalid_${where}`,
    ...(param ? { param } : {}),
  });
}
