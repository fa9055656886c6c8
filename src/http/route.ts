import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UsageMeter } from '../accounts/usage-meter.ts';
import type { Caller, Ctx } from '../ctx.ts';
import type { ErrorType } from '../errors.ts';
import type { ResolveServices } from '../resolve/resolve-entity.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A documented error outcome of a route: it appears in the OpenAPI document with its example. */
export type ErrorCase = { status: number; type: ErrorType; code?: string; param?: string; message: string };

/** What the app holds for its routes beyond the per-request context. */
export type Services = ResolveServices & {
  meter: UsageMeter;
  readiness: ReadonlyArray<{ name: string; check: () => Promise<boolean> }>;
  openapiJson: string;
  docsHtml: string;
};

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteArgs<P, Q, B, A extends boolean> = {
  ctx: Ctx;
  caller: A extends true ? Caller : undefined;
  params: Input<P>;
  query: Input<Q>;
  body: Input<B>;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * One route: its wire shapes (zod), its documentation and its handler. The same object registers
 * the Fastify route, validates the request and feeds the OpenAPI document.
 */
export type RouteSpec<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends boolean = boolean,
> = {
  method: Method;
  /** OpenAPI path template, e.g. `/v1/validate/{identifier}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: A;
  /** A live key's request counts against the monthly allowance; false when the handler counts itself. */
  metered?: boolean;
  /** A POST that creates: it honours `Idempotency-Key` (`http/idempotency.ts`). */
  idempotent?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: {
    status: number;
    description: string;
    schema?: z.ZodType;
    contentType?: string;
    examples: Record<string, unknown>;
  };
  /** Other successes, without a body: `/mcp`'s 202 for a notification. */
  alsoAnswers?: ReadonlyArray<{ status: number; description: string }>;
  errors?: ErrorCase[];
  /**
   * JSON Schema for what the request's refinements and verb check but the document cannot read from
   * the zod schemas (an identifier's digits once spaces are stripped, exactly one of abn, acn or
   * name): laid over the documented body and path parameters, so that a client built from the
   * document sends what the server accepts.
   */
  requestRules?: { body?: Record<string, unknown>; params?: Record<string, Record<string, unknown>> };
  handler: (args: RouteArgs<P, Q, B, A>) => Promise<unknown>;
};

export const defineRoute = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends boolean = boolean,
>(
  spec: RouteSpec<P, Q, B, A>,
): RouteSpec => spec as unknown as RouteSpec;

/** `/v1/watch/{id}` → `/v1/watch/:id` */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Matches a concrete URL path against a template, for telling 405 from 404. */
export const pathMatcher = (path: string): RegExp =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}/?$`);
