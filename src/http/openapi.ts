import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_PARAMETER, IDEMPOTENT_REPLAYED_HEADER } from './idempotency.ts';
import { type Components, jsonSchema, withRules } from './json-schema.ts';
import type { ErrorCase, RouteSpec } from './route.ts';
import { ErrorEnvelope } from './schemas.ts';
import { STATUS_OF_TYPE } from './status.ts';

type JsonObject = Record<string, unknown>;

/** Errors every route can answer, documented on each so a client sees the whole picture per call. */
const commonErrors = (route: RouteSpec): ErrorCase[] => [
  {
    status: 400,
    type: 'invalid_request',
    code: 'key_in_url',
    param: 'api_key',
    message:
      'API keys must not be sent in the URL. Send them in the Authorization header as "Bearer <key>", and roll any key that was exposed.',
  },
  ...(route.idempotent ? IDEMPOTENCY_ERRORS : []),
  ...(route.body
    ? ([
        {
          status: 400,
          type: 'invalid_request',
          code: 'invalid_json',
          message: 'The request body is not valid JSON.',
        },
        {
          status: 413,
          type: 'invalid_request',
          code: 'body_too_large',
          message: 'The request body is larger than 1 MiB.',
        },
        {
          status: 415,
          type: 'invalid_request',
          code: 'unsupported_media_type',
          message: 'Send the request body as JSON with Content-Type: application/json.',
        },
      ] satisfies ErrorCase[])
    : []),
  ...(route.auth
    ? ([
        {
          status: 401,
          type: 'authentication_required',
          message: 'Send your API key in the Authorization header: "Bearer <key>".',
        },
        {
          status: 401,
          type: 'invalid_api_key',
          message: 'The API key is not valid. It may have been revoked or rolled.',
        },
        {
          status: 429,
          type: 'rate_limited',
          message: 'Too many requests for this account. Retry after the number of seconds in Retry-After.',
        },
        {
          status: 503,
          type: 'service_unavailable',
          code: 'store_unavailable',
          message: 'The store cannot be reached right now. Retry shortly.',
        },
      ] satisfies ErrorCase[])
    : []),
  {
    status: 500,
    type: 'internal_error',
    message: 'Internal error. Quote the request id if you contact support.',
  },
];

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Missing or invalid API key',
  403: 'Forbidden for this key',
  404: 'Not found',
  406: 'Not acceptable',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported media type',
  429: 'Rate limited',
  500: 'Internal error',
  502: 'Upstream register unavailable',
  503: 'Service unavailable',
};

/** One line per route tag, for the reference's sections. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Resolve: 'An ABN, ACN or name to one canonical record, every field with its source and date.',
  Screen: 'Sanctions and banned lists: `review`, `no_match` or `unavailable`, never a clearance.',
  Watch: "Subscriptions to entities' change events: signed webhooks, and polling.",
  Validate: 'ABN and ACN check digits, offline.',
  Registers: 'Which public registers are loaded for your key, and as of when.',
  Sandbox: 'The synthetic sandbox of test keys: its scenarios and synthetic change events.',
  Account: "The caller's own account.",
  MCP: 'The same functions as tools for AI agents (Model Context Protocol).',
  Health: 'Liveness and readiness, without a key.',
  Reference: 'This document and its web page, without a key.',
};

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests per minute for the account.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the bucket now.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the bucket is full again.', schema: { type: 'integer' } },
};
const REQUEST_ID_HEADER = {
  'Request-Id': { description: 'Unique per request (`req_…`).', schema: { type: 'string' } },
};

function parameters(
  components: Components,
  schema: z.ZodType | undefined,
  where: 'path' | 'query',
  rules: Record<string, JsonObject> = {},
): JsonObject[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !field.safeParse(undefined).success,
    ...(field.description ? { description: field.description } : {}),
    schema: withRules(jsonSchema(components, field, 'input'), rules[name]),
  }));
}

function errorResponses(cases: ErrorCase[], auth: boolean): Record<string, JsonObject> {
  const byStatus = new Map<number, ErrorCase[]>();
  for (const c of cases) byStatus.set(c.status, [...(byStatus.get(c.status) ?? []), c]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: STATUS_TEXT[status] ?? 'Error',
        headers: {
          ...REQUEST_ID_HEADER,
          ...(status === 429 || status === 503
            ? { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } }
            : {}),
          ...(status === 401
            ? {
                'WWW-Authenticate': {
                  description:
                    'The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key.',
                  schema: { type: 'string' },
                },
              }
            : {}),
          ...(auth && status !== 401 ? RATE_HEADERS : {}),
        },
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            examples: Object.fromEntries(
              list.map((c) => [
                c.code ?? c.type,
                {
                  value: {
                    error: {
                      type: c.type,
                      ...(c.code ? { code: c.code } : {}),
                      message: c.message,
                      ...(c.param ? { param: c.param } : {}),
                      request_id: 'req_3kTMd9PqWn0cXb7YhRsV2a',
                    },
                  },
                },
              ]),
            ),
          },
        },
      },
    ]),
  );
}

function operation(route: RouteSpec, components: Components): JsonObject {
  const { response } = route;
  const headers = { ...REQUEST_ID_HEADER, ...(route.auth ? RATE_HEADERS : {}) };
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: route.auth ? [{ bearerAuth: [] }] : [],
    parameters: [
      ...parameters(components, route.params, 'path', route.requestRules?.params),
      ...parameters(components, route.query, 'query'),
      ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: withRules(jsonSchema(components, route.body, 'input'), route.requestRules?.body),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(response.status)]: {
        description: response.description,
        headers: route.idempotent ? { ...headers, ...IDEMPOTENT_REPLAYED_HEADER } : headers,
        content: {
          [response.contentType ?? 'application/json']: {
            ...(response.schema ? { schema: jsonSchema(components, response.schema, 'output') } : {}),
            examples: Object.fromEntries(
              Object.entries(response.examples).map(([k, value]) => [k, { value }]),
            ),
          },
        },
      },
      ...Object.fromEntries(
        (route.alsoAnswers ?? []).map(({ status, description }) => [
          String(status),
          { description, headers },
        ]),
      ),
      ...errorResponses([...(route.errors ?? []), ...commonErrors(route)], route.auth),
    },
  };
}

/** The OpenAPI 3.1 document, generated from the same route specs and zod schemas that serve requests. */
export function buildOpenApi(routes: readonly RouteSpec[], version: string): JsonObject {
  const components: Components = {};
  jsonSchema(components, ErrorEnvelope, 'output');
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route, components) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'aevs: Australian Entity Verification Service',
      version,
      license: { name: packageJson.license, identifier: packageJson.license },
      description:
        'One canonical record per Australian business, joined across the public registers, with provenance on every field. Authenticate with `Authorization: Bearer <key>`: `svc_sk_test_` keys see the synthetic sandbox, `svc_sk_live_` keys see real register data. Every error uses one envelope; its `type` is one of: ' +
        Object.entries(STATUS_OF_TYPE)
          .map(([type, status]) => `\`${type}\` (${status})`)
          .join(', ') +
        '.',
    },
    servers: [{ url: 'http://127.0.0.1:8080' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({
      name,
      ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
    })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'svc_sk_test_… or svc_sk_live_…' },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
