import type { FastifyInstance, FastifyRequest, FastifyBaseLogger as Logger } from 'fastify';
import pino from 'pino';
import { redactUrl } from './authenticate.ts';

export type RequestLine = {
  requestId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  accountId: string | undefined;
};

type PinoInternals = Record<symbol, unknown>;

/**
 * The one JSON line written per request, exactly as `log.info({...}, 'request')` would write it, but
 * serialised by hand into the logger's own destination: it runs on every request, and pino's generic
 * path costs more than the rest of a validate call. Only the URL can hold arbitrary text, so only it
 * goes through JSON.stringify (after the API-key redaction).
 */
export function requestLogger(log: Logger): (line: RequestLine) => void {
  const internals = log as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym] as { write?: (chunk: string) => unknown } | undefined;
  const bindings = internals[pino.symbols.chindingsSym];
  if (typeof stream?.write !== 'function' || typeof bindings !== 'string') {
    // Not a plain pino logger (a test double, say): take the generic path.
    return (line) =>
      log.info(
        {
          request_id: line.requestId,
          method: line.method,
          url: redactUrl(line.url),
          status: line.status,
          ms: line.ms,
          account_id: line.accountId,
        },
        'request',
      );
  }
  const write = stream.write.bind(stream);
  const levels = log as unknown as pino.Logger;
  return (line) => {
    if (!levels.isLevelEnabled('info')) return;
    const account = line.accountId === undefined ? '' : `,"account_id":"${line.accountId}"`;
    write(
      `{"level":30,"time":${Date.now()}${bindings},"request_id":"${line.requestId}","method":"${line.method}","url":${JSON.stringify(redactUrl(line.url))},"status":${line.status},"ms":${line.ms}${account},"msg":"request"}\n`,
    );
  };
}

/** Writes the request line when each response has gone out (the app's, and the benchmark's floor). */
export function logEachRequest(
  app: FastifyInstance,
  log: Logger,
  accountOf: (request: FastifyRequest) => string | undefined,
): void {
  const logRequest = requestLogger(log);
  app.addHook('onResponse', (request, reply, done) => {
    logRequest({
      requestId: request.id,
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      accountId: accountOf(request),
    });
    done();
  });
}
