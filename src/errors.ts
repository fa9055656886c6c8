import type { z } from 'zod';
/**
 * The closed set of error types (docs/decisions.md, error envelope), each with what it means; `code`
 * and `param` refine it. Each transport maps them once: HTTP statuses in `http/status.ts`, MCP tool
 * errors in `mcp/to-tool-result.ts`.
 */
export const ERROR_TYPES = {
  invalid_request: 'the request is malformed or fails validation',
  authentication_required: 'no API key was sent',
  invalid_api_key: 'the API key is unknown, revoked or malformed',
  forbidden: 'the key may not do this (a live key on a sandbox-only call, say)',
  not_found: 'no such resource for this account',
  conflict: 'the request conflicts with the current state (a limit reached)',
  rate_limited: 'too many requests; retry after the time given',
  internal_error: 'an unexpected failure; quote the request id',
  upstream_unavailable: 'a register or upstream service did not answer',
  service_unavailable: 'the service is not ready',
} as const;

export type ErrorType = keyof typeof ERROR_TYPES;

export type ErrorBody = {
  error: { type: ErrorType; code?: string; message: string; param?: string; request_id: string };
};

export class AppError extends Error {
  readonly type: ErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(type: ErrorType, message: string, options: { code?: string; param?: string } = {}) {
    super(message);
    this.name = 'AppError';
    this.type = type;
    this.code = options.code;
    this.param = options.param;
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
