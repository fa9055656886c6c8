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
