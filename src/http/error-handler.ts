import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { bearerChallenge } from './authenticate.ts';
import { type Method, pathMatcher } from './route.ts';
import { HttpError, statusOf } from './status.ts';

/** Fastify's own request errors, turned into our envelope with a stable code. */
const FASTIFY_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is empty but Content-Type is application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: 'The request body is larger than 1 MiB.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON with Content-Type: application/json.',
  },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', message: 'A path parameter is too long.' },
  FST_ERR_BAD_URL: { code: 'bad_url', message: 'The URL is not correctly percent-encoded.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_content_length',
    message: 'The Content-Length header does not match the body.',
  },
};

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const e = error as Partial<FastifyError>;
  // A body that fails to parse as JSON surfaces as a SyntaxError with Fastify's 400.
  const known = e.code ? FASTIFY_ERRORS[e.code] : undefined;
  if (known)
    return new HttpError(e.statusCode ?? 400, 'invalid_request', known.message, { code: known.code });
  if (
    e.statusCode &&
    e.statusCode >= 400 &&
    e.statusCode < 500 &&
    e.statusCode !== 401 &&
    e.statusCode !== 404
  ) {
    return new HttpError(e.statusCode, 'invalid_request', 'The request could not be read.');
  }
  return undefined;
}

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError) {
    const status = statusOf(appError);
    if (status === 401) reply.header('www-authenticate', bearerChallenge(appError));
    if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '1');
    // A store or a start-up that is not ready yet: worth trying again in a few seconds.
    if (status === 503) reply.header('retry-after', reply.getHeader('retry-after') ?? '5');
    return reply.status(status).send(appError.toBody(request.id));
  }
  // Unknown failures keep their detail in the log only: driver and parser messages can carry SQL,
  // paths or secrets (docs/architecture.md, errors).
  request.log.error({ err: error, request_id: request.id }, 'unhandled error');
  const internal = new AppError(
    'internal_error',
    'Internal error. Quote the request id if you contact support.',
  );
  return reply.status(500).send(internal.toBody(request.id));
}

/** Errors the router raises before any hook runs (a bad or over-long URL). */
export function frameworkErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  reply.header('request-id', request.id);
  return handleError(error, request, reply);
}

/** What Node's HTTP parser refuses before a request exists, by its error code. */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message: 'The request took too long to arrive.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The request headers are larger than the server accepts.',
  },
};

/**
 * A connection whose bytes are not an HTTP request Node can parse: answered in the error envelope
 * with a Request-Id, then closed. Logged by its code only: the parser's error carries the raw bytes
 * received, Authorization header included.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || {
    status: 400,
    code: 'malformed_request',
    message: 'The request is not valid HTTP/1.1.',
  };
  const requestId = newId('req');
  this.log.debug({ request_id: requestId, code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(
      new HttpError(known.status, 'invalid_request', known.message, { code: known.code }).toBody(requestId),
    );
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nRequest-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Unknown path → 404; known path, other method → 405 with `Allow`. */
export function notFoundHandler(routes: ReadonlyArray<{ method: Method; path: string }>) {
  const templates = routes.map((r) => ({ method: r.method, match: pathMatcher(r.path) }));
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = templates.filter((t) => t.match.test(path)).map((t) => t.method);
    if (allowed.length > 0) {
      if (allowed.includes('GET')) allowed.push('HEAD' as Method);
      reply.header('allow', [...new Set(allowed)].join(', '));
      const error = new HttpError(405, 'invalid_request', `${request.method} is not allowed on ${path}.`, {
        code: 'method_not_allowed',
      });
      return reply.status(405).send(error.toBody(request.id));
    }
    const error = new AppError('not_found', `No route ${request.method} ${path}. See /v1/openapi.json.`, {
      code: 'route_not_found',
    });
    return reply.status(404).send(error.toBody(request.id));
  };
}
