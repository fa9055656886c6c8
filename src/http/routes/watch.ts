import { z } from 'zod';
import { EVENT_TYPES } from '../../events/types.ts';
import { listChanges } from '../../watch/list-changes.ts';
import { triggerSandboxEvent } from '../../watch/sandbox-event.ts';
import {
  ChangesQuery,
  CreateWatchRequest,
  CreateWatchResponse,
  ListWatchQuery,
  MAX_ENTITIES,
  Subscription,
  UpdateWatchRequest,
  WatchIdParams,
  WatchList,
  WatchSecret,
} from '../../watch/schemas.ts';
import {
  createSubscription,
  deleteWatch,
  getSubscription,
  listWatches,
  MAX_SUBSCRIPTIONS,
  rollSecret,
  updateWatch,
} from '../../watch/subscriptions.ts';
import { identifierPattern } from '../json-schema.ts';
import { defineRoute, type ErrorCase } from '../route.ts';

const example: z.infer<typeof Subscription> = {
  id: 'wsub_4fGv2LrK9QpXa7TnYc3WmB',
  account_id: 'acct_9sPq2ZrT4kLmN8vXw1YbCd',
  events: ['deregistration', 'name_change'],
  webhook_url: 'https://hooks.example.com.au/aevs',
  status: 'active',
  entities: [{ identifier: '44600110236', id_type: 'abn' }],
  created_at: '2026-11-22T23:10:00.000Z',
  updated_at: '2026-11-22T23:10:00.000Z',
};
/** An ABN or ACN, as `validateIdentifier` reads it: 11 or 9 digits once whitespace is stripped. */
const ABN_OR_ACN = { pattern: identifierPattern(11, 9) };
const entitiesRule = { properties: { entities: { items: ABN_OR_ACN } } };
const entityErrors: ErrorCase[] = [
  {
    status: 400,
    type: 'invalid_request',
    code: 'checksum',
    param: 'entities.0',
    message: 'entities[0]: 44600110237 is not a valid ABN: its check digit does not match.',
  },
  {
    status: 400,
    type: 'invalid_request',
    code: 'webhook_url',
    param: 'webhook_url',
    message: 'webhook_url host hooks.internal.example must resolve to public addresses only, and does not',
  },
];
const notFound: ErrorCase = {
  status: 404,
  type: 'not_found',
  param: 'id',
  message: 'No subscription wsub_… for this account.',
};

export const watchRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/watch',
    operationId: 'createWatch',
    summary: 'Watch entities: a subscription and its signing secret',
    description: `Entities are ABNs (11 digits) or ACNs (9 digits), check digits validated, duplicates folded; at most ${MAX_ENTITIES}. Events from: ${EVENT_TYPES.join(', ')}. The webhook URL must be https and must not resolve to a private, loopback or link-local address. An account holds at most ${MAX_SUBSCRIPTIONS} subscriptions per partition (test or live keys), paused ones included. The \`secret\` is shown once; roll it to get a new one.`,
    tag: 'Watch',
    auth: true,
    idempotent: true,
    body: CreateWatchRequest,
    response: {
      status: 201,
      description: 'Created.',
      schema: CreateWatchResponse,
      examples: { created: { subscription: example, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } },
    },
    errors: [
      ...entityErrors,
      {
        status: 409,
        type: 'conflict',
        code: 'subscription_limit',
        message: `This account already has ${MAX_SUBSCRIPTIONS} subscriptions with live keys, the most it can hold. Add entities to one of them (up to ${MAX_ENTITIES} each) or delete one first.`,
      },
    ],
    requestRules: { body: entitiesRule },
    handler: async ({ ctx, caller, body }) => createSubscription({ ctx: { ...ctx, caller }, input: body }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/watch',
    operationId: 'listWatches',
    summary: "The account's subscriptions (never a secret)",
    tag: 'Watch',
    auth: true,
    query: ListWatchQuery,
    response: {
      status: 200,
      description: 'Oldest first; pass `next_cursor` as `cursor` for the next page.',
      schema: WatchList,
      examples: { list: { data: [example], next_cursor: null } },
    },
    errors: [
      {
        status: 400,
        type: 'invalid_request',
        code: 'invalid_query',
        param: 'limit',
        message: 'limit: Too big: expected number to be <=200',
      },
      {
        status: 400,
        type: 'invalid_request',
        param: 'cursor',
        message: 'cursor is not one this API returned.',
      },
    ],
    handler: async ({ ctx, caller, query }) => listWatches({ ctx: { ...ctx, caller }, input: query }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/watch/{id}',
    operationId: 'getWatch',
    summary: 'One subscription (never its secret)',
    tag: 'Watch',
    auth: true,
    params: WatchIdParams,
    response: {
      status: 200,
      description: 'The subscription.',
      schema: z.object({ subscription: Subscription }),
      examples: { one: { subscription: example } },
    },
    errors: [notFound],
    handler: async ({ ctx, caller, params }) => getSubscription({ ctx: { ...ctx, caller }, input: params }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/watch/{id}',
    operationId: 'updateWatch',
    summary: 'Change entities, events, the URL, or pause and resume',
    description:
      'Send only the fields to change. `status` moves between `active` and `paused`; a paused subscription records its events (readable by polling, status `paused`) without sending them.',
    tag: 'Watch',
    auth: true,
    params: WatchIdParams,
    body: UpdateWatchRequest,
    response: {
      status: 200,
      description: 'The updated subscription.',
      schema: z.object({ subscription: Subscription }),
      examples: { paused: { subscription: { ...example, status: 'paused' } } },
    },
    errors: [
      ...entityErrors,
      {
        status: 400,
        type: 'invalid_request',
        code: 'invalid_body',
        message: 'send at least one of entities, events, webhook_url, status',
      },
      notFound,
    ],
    // The schema's refinement: an empty patch is refused.
    requestRules: { body: { ...entitiesRule, minProperties: 1 } },
    handler: async ({ ctx, caller, params, body }) =>
      updateWatch({ ctx: { ...ctx, caller }, input: { ...body, id: params.id } }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/watch/{id}',
    operationId: 'deleteWatch',
    summary: 'Remove a subscription and its watched entities',
    description: 'Undelivered events stop (polling shows them as `failed`, with the reason).',
    tag: 'Watch',
    auth: true,
    params: WatchIdParams,
    response: {
      status: 200,
      description: 'Deleted.',
      schema: z.object({ id: z.string(), deleted: z.literal(true) }),
      examples: { deleted: { id: example.id, deleted: true } },
    },
    errors: [notFound],
    handler: async ({ ctx, caller, params }) => deleteWatch({ ctx: { ...ctx, caller }, input: params }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/watch/{id}/roll',
    operationId: 'rollWatchSecret',
    summary: 'A new signing secret; the previous one stops at once',
    tag: 'Watch',
    auth: true,
    params: WatchIdParams,
    response: {
      status: 200,
      description: 'The new secret, shown once.',
      schema: z.object({ secret: WatchSecret }),
      examples: { rolled: { secret: 'whsec_9Hq2n4Ltm1Y0ZkP5xWc8RvBe6uAa3DsF' } },
    },
    errors: [notFound],
    handler: async ({ ctx, caller, params }) => rollSecret({ ctx: { ...ctx, caller }, input: params }),
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/entity/{id}/changes',
    operationId: 'listChanges',
    summary: 'Poll the change events of a watched entity',
    description:
      'Every delivery of your subscriptions for the entity (by ABN or ACN), strictly after `since`, oldest first, with its delivery status. Pass `next_cursor` as `since` for the next page; it is null on the final page.',
    tag: 'Watch',
    auth: true,
    params: z.object({ id: z.string().describe('The watched ABN or ACN.') }),
    query: ChangesQuery,
    response: {
      status: 200,
      description: 'A page of changes.',
      schema: z.object({
        changes: z.array(
          z.object({
            event_id: z.string(),
            type: z.enum(EVENT_TYPES),
            payload: z.string().describe('The exact JSON body that was, or would be, delivered.'),
            created_at: z.string(),
            subscription_id: z.string(),
            delivery_status: z.enum(['pending', 'delivered', 'failed', 'paused']),
            response_code: z.number().int().nullable(),
            attempts: z.number().int(),
          }),
        ),
        next_cursor: z.string().nullable(),
      }),
      examples: { empty: { changes: [], next_cursor: null } },
    },
    errors: [
      {
        status: 400,
        type: 'invalid_request',
        code: 'invalid_query',
        param: 'since',
        message: 'since is required (an ISO-8601 timestamp)',
      },
      {
        status: 400,
        type: 'invalid_request',
        code: 'checksum',
        param: 'id',
        message: '44600110237 is not a valid ABN or ACN.',
      },
    ],
    requestRules: { params: { id: ABN_OR_ACN } },
    handler: async ({ ctx, caller, params, query }) =>
      listChanges({ ctx: { ...ctx, caller }, input: { id: params.id, ...query } }),
  }),
];

export const sandboxEventRoute = defineRoute({
  method: 'POST',
  path: '/v1/sandbox/events',
  operationId: 'sandboxEvent',
  summary: 'Make a synthetic change event for a sandbox entity (test keys only)',
  description:
    'The event is delivered to your matching subscriptions exactly as a real change would be. Live keys get 403.',
  tag: 'Sandbox',
  auth: true,
  idempotent: true,
  body: z.object({ identifier: z.string(), type: z.enum(EVENT_TYPES) }).strict(),
  response: {
    status: 201,
    description: 'The event and how many deliveries it queued.',
    schema: z.object({
      type: z.enum(EVENT_TYPES),
      entity: z.object({ abn: z.string().nullable(), acn: z.string().nullable(), name: z.string() }),
      deliveries: z.number().int(),
      event_ids: z
        .array(z.string())
        .describe('One per delivery: its webhook-id, and the event_id polling shows.'),
    }),
    examples: {
      created: {
        type: 'name_change',
        entity: { abn: '44600110236', acn: '600110236', name: 'SANDBOX ACTIVE HOLDINGS PTY LTD' },
        deliveries: 1,
        event_ids: ['evt_7YhQ2mKd9LxR4pWn1TbVz3'],
      },
    },
  },
  errors: [
    {
      status: 403,
      type: 'forbidden',
      code: 'test_key_required',
      message: 'Sandbox events are for test keys (svc_sk_test_…).',
    },
    {
      status: 400,
      type: 'invalid_request',
      code: 'format',
      param: 'identifier',
      message: '4460011023 is not a valid ABN or ACN.',
    },
    {
      status: 404,
      type: 'not_found',
      param: 'identifier',
      message: '51824753556 is not a sandbox entity; see GET /v1/sandbox/scenarios.',
    },
  ],
  requestRules: { body: { properties: { identifier: ABN_OR_ACN } } },
  handler: async ({ ctx, caller, body }) => triggerSandboxEvent({ ctx: { ...ctx, caller }, input: body }),
});
