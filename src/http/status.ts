import { AppError, type ErrorType } from '../errors.ts';

/** Each error type's HTTP status: chosen here, for the HTTP layer only. */
export const STATUS_OF_TYPE: Record<ErrorType, number> = {
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
};

/**
 * An error only HTTP raises, where HTTP has a finer status than its type's (405, 406, 408, 413,
 * 414, 415, 431) for what is still an `invalid_request`.
 */
export class HttpError extends AppError {
  readonly status: number;

  constructor(
    status: number,
    type: ErrorType,
    message: string,
    options: { code?: string; param?: string } = {},
  ) {
    super(type, message, options);
    this.status = status;
  }
}

export const statusOf = (error: AppError): number =>
  error instanceof HttpError ? error.status : STATUS_OF_TYPE[error.type];
