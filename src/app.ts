import type { FastifyBaseLogger as Logger } from 'fastify';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type onRequestHookHandler,
} from 'fastify';
import type { z } from 'zod';
import packageJson from '../package.json' with { type: 'json' };
import { UsageMeter } from './accounts/usage-meter.ts';
import type { Config } from './config.ts';
import type { Caller, Ctx } from './ctx.ts';
import { dashboardPlugin } from './dashboard/plugin.ts';
import { loadSandboxSimulation } from './entities/sandbox-simulation.ts';
import { AppError, invalidInput } from './errors.ts';
import { Authenticator, refuseKeyInUrl } from './http/authenticate.ts';
import { renderDocsPage } from './http/docs-page.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  handleError,
  notFoundHandler,
} from './http/error-handler.ts';
import { type Answer, answerOnce } from './http/idempotency.ts';
import { buildOpenApi } from './http/openapi.ts';
import { type RateDecision, SharedRateLimiter } from './http/rate-limit.ts';
import { logEachRequest } from './http/request-log.ts';
import { fastifyPath, type RouteSpec, type Services } from './http/route.ts';
import { faviconRoute } from './http/routes/favicon.ts';
import { type ReadinessCheck, storeCheck } from './http/routes/health.ts';
import { ROUTES } from './http/routes/index.ts';
import { mcpRefusals } from './http/routes/mcp.ts';
import { newId } from './ids.ts';
import { createAbrClient } from './registers/abr-web/client.ts';
import { ListIndexCache } from './screen/list-index.ts';
import type { Store } from './store/store.ts';

export type AppDeps = {
  config: Config;
  store: Store;
  log: Logger;
  clock?: () => Date;
  /** The rate limiter's monotonic milliseconds (tests hold it still); `performance.now` by default. */
  monotonicNow?: () => number;
  /** The shared rate-limit buckets' clock in milliseconds (tests hold it still); the store's own by default. */
  rateLimitClock?: () => number;
  /** Checks beyond the store's that /readyz waits for (the sandbox load, for one). */
  readiness?: ReadinessCheck[];
  /** The ABR web services' address (tests point it at a loopback fake). */
  abrBaseUrl?: string;
  /** Routes beyond the product's own (an embedder's, or a test's); not in the OpenAPI document. */
  extraRoutes?: RouteSpec[];
  /** The screening lists' indexes, when the caller also keeps them current (the server does). */
  lists?: ListIndexCache;
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined;
  }
}

const BODY_LIMIT = 1024 * 1024;

export const apiVersion = packageJson.version;

export function openApiDocument() {
  return buildOpenApi(ROUTES, apiVersion);
}

/** Builds the whole HTTP service without listening; `main.ts` listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    loggerInstance: deps.log,
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request (it costs more than the rest of a validate call): the lines we
    // write name the request id themselves.
    childLoggerFactory: (logger) => logger,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Behind a reverse proxy (AEVS_TRUST_PROXY=1): the client's address and scheme from X-Forwarded-*.
    trustProxy: deps.config.trustProxy,
  });

  // Bodies are JSON only: without Fastify's plain-text parser, text/plain is a 415 like any other type.
  app.removeContentTypeParser('text/plain');
  // Many clients send Content-Type: application/json on every request: an empty body is then no
  // body (a route that needs one says so), not malformed JSON. Anything else is Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  // An outage is logged when it begins and when it ends; the requests in between answer 503.
  deps.store.onAvailability(({ reachable, error }) => {
    if (reachable) deps.log.info('the store answers again');
    else deps.log.error({ err: error }, 'the store cannot be reached: requests that need it answer 503');
  });
  const authenticator = new Authenticator(deps.store);
  const limiter = new SharedRateLimiter(deps.config.rateLimitPerMinute, deps.store.rateBuckets.lease, {
    ...(deps.monotonicNow ? { now: deps.monotonicNow } : {}),
    ...(deps.rateLimitClock ? { wallNow: deps.rateLimitClock } : {}),
    // An SQLite file another process is writing to (a long ingest) is waited for a moment only: the
    // process then counts on its own for a few seconds instead of holding the request up.
    lockWaitMs: 250,
  });
  const meter = new UsageMeter(deps.store, deps.log);
  meter.start();
  const openapi = openApiDocument();
  const services: Services = {
    meter,
    lists: deps.lists ?? new ListIndexCache(),
    simulation: loadSandboxSimulation(),
    abr: deps.config.abrGuid
      ? createAbrClient({
          guid: deps.config.abrGuid,
          ...((deps.abrBaseUrl ?? deps.config.abrBaseUrl)
            ? { baseUrl: deps.abrBaseUrl ?? deps.config.abrBaseUrl }
            : {}),
        })
      : undefined,
    readiness: [storeCheck(deps.store), ...(deps.readiness ?? [])],
    openapiJson: JSON.stringify(openapi),
    docsHtml: renderDocsPage(openapi),
  };

  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('request-id', request.id);
    try {
      refuseKeyInUrl(request.url, request.query as Record<string, unknown>);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  logEachRequest(app, deps.log, (request) => request.caller?.accountId);
  // preClose runs before any onClose hook, so the store (closed on close by the server) is still open.
  app.addHook('preClose', async () => {
    await meter.stop();
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(notFoundHandler(ROUTES));

  // Admits an authenticated caller: rate limit, then usage. Calls `done` with the refusal, if any.
  const admit = (
    caller: Caller,
    request: FastifyRequest,
    reply: FastifyReply,
    metered: boolean,
    done: (error?: Error) => void,
  ): void => {
    request.caller = caller;
    const decision = limiter.take(caller.accountId);
    // Synchronous while the process holds tokens of the account's shared bucket: no promise then.
    if (decision instanceof Promise) decision.then((d) => done(decide(caller, reply, metered, d)), done);
    else done(decide(caller, reply, metered, decision));
  };
  const decide = (
    caller: Caller,
    reply: FastifyReply,
    metered: boolean,
    decision: RateDecision,
  ): AppError | undefined => {
    reply.headers({
      'ratelimit-limit': decision.limit,
      'ratelimit-remaining': decision.remaining,
      'ratelimit-reset': decision.reset,
    });
    if (!decision.allowed) {
      reply.header('retry-after', decision.retryAfter);
      return new AppError(
        'rate_limited',
        `Too many requests for this account: the limit is ${decision.limit} a minute. Retry after ${decision.retryAfter} s.`,
      );
    }
    if (metered) meter.record(caller, clock());
    else meter.touch(caller, clock());
    return undefined;
  };
  // Callback-style hooks: a cached key is admitted without a promise on the request path.
  const authenticateWith =
    (metered: boolean): onRequestHookHandler =>
    (request, reply, done) => {
      let caller: Caller | Promise<Caller>;
      try {
        caller = authenticator.authenticate(request.headers.authorization);
      } catch (error) {
        return done(error as Error);
      }
      if (caller instanceof Promise) caller.then((c) => admit(c, request, reply, metered, done), done);
      else admit(caller, request, reply, metered, done);
    };
  const authenticate = { metered: authenticateWith(true), unmetered: authenticateWith(false) };

  for (const route of [...ROUTES, ...mcpRefusals, faviconRoute, ...(deps.extraRoutes ?? [])])
    registerRoute(app, route, { deps, clock, services, authenticate });
  // The account dashboard: its own context (cookies, form bodies, headers), outside /v1, no API key.
  await app.register(dashboardPlugin, {
    prefix: '/dashboard',
    ctx: { store: deps.store, clock, log: deps.log, config: deps.config },
    meter,
  });
  return app;
}

function registerRoute(
  app: FastifyInstance,
  route: RouteSpec,
  env: {
    deps: AppDeps;
    clock: () => Date;
    services: Services;
    authenticate: { metered: onRequestHookHandler; unmetered: onRequestHookHandler };
  },
) {
  app.route({
    method: route.method,
    url: fastifyPath(route.path),
    ...(route.auth
      ? { onRequest: route.metered === false ? env.authenticate.unmetered : env.authenticate.metered }
      : {}),
    handler: async (request, reply) => {
      const parse = (schema: z.ZodType | undefined, value: unknown, where: string) => {
        if (!schema) return undefined;
        const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
        if (!result.success) throw invalidInput(result.error, where);
        return result.data;
      };
      const ctx: Ctx = { store: env.deps.store, clock: env.clock, log: request.log, config: env.deps.config };
      const args = {
        ctx,
        caller: request.caller as never,
        params: parse(route.params, request.params, 'path') as never,
        query: parse(route.query, request.query, 'query') as never,
        body: parse(route.body, request.body, 'body') as never,
        services: env.services,
        request,
        reply,
      };
      const key = route.idempotent ? request.headers['idempotency-key'] : undefined;
      const answer: Answer =
        key === undefined || !request.caller
          ? { result: await route.handler(args) }
          : await answerOnce({
              store: ctx.store,
              clock: ctx.clock,
              log: ctx.log,
              secretKey: ctx.config.secretKey,
              caller: request.caller,
              key: String(key),
              request: { method: route.method, path: route.path, body: request.body },
              status: route.response.status,
              onInUse: () => reply.header('retry-after', '1'),
              run: () => route.handler(args),
            });
      if ('replay' in answer) {
        return reply
          .status(answer.replay.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(answer.replay.body);
      }
      if (reply.sent) return reply;
      return reply.status(route.response.status).send(answer.result);
    },
  });
}
