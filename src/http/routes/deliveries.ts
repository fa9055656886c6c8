import { z } from 'zod';
import { listDeliveries, resendDelivery } from '../../watch/deliveries.ts';
import {
  DeliveryEntry,
  DeliveryList,
  DeliveryParams,
  ListWatchQuery,
  WatchIdParams,
} from '../../watch/schemas.ts';
import { defineRoute, type ErrorCase } from '../route.ts';

const example: DeliveryEntry = {
  event_id: 'evt_7YhQ2mKd9LxR4pWn1TbVz3',
  type: 'name_change',
  payload: '{"type":"name_change","timestamp":"2026-11-22T23:12:00.000000Z","data":{"abn":"44600110236"}}',
  created_at: '2026-11-22T23:12:00.000001Z',
  subscription_id: 'wsub_4fGv2LrK9QpXa7TnYc3WmB',
  delivery_status: 'failed',
  response_code: 500,
  attempts: 9,
  entity: { abn: '44600110236', acn: '600110236' },
  next_attempt_at: null,
};
const noSubscription: ErrorCase = {
  status: 404,
  type: 'not_found',
  param: 'id',
  message: 'No subscription wsub_… for this account.',
};

export const deliveryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/watch/{id}/deliveries',
    operationId: 'listDeliveries',
    summary: "A subscription's deliveries, newest first",
    description:
      'Each entry as in the changes feed (`GET /v1/entity/{id}/changes`), with its entity and when a pending delivery is next attempted. Pass `next_cursor` as `cursor` for the next (older) page; it is null on the final page.',
    tag: 'Watch',
    auth: true,
    params: WatchIdParams,
    query: ListWatchQuery,
    response: {
      status: 200,
      description: 'A page of deliveries.',
      schema: DeliveryList,
      examples: { list: { data: [example], next_cursor: null } },
    },
    errors: [
      {
        status: 400,
        type: 'invalid_request',
        param: 'cursor',
        message: 'cursor is not one this API returned.',
      },
      noSubscription,
    ],
    handler: async ({ ctx, caller, params, query }) =>
      listDeliveries({ ctx: { ...ctx, caller }, input: { id: params.id, ...query } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/watch/{id}/deliveries/{event_id}/resend',
    operationId: 'resendDelivery',
    summary: 'Attempt a failed delivery again, now',
    description:
      'One new attempt, due at once, with the same `webhook-id` (the `event_id`) and body, signed with the current secret. Should it fail as well, the delivery is `failed` again. On a paused subscription the delivery waits, `paused`, until it is resumed.',
    tag: 'Watch',
    auth: true,
    params: DeliveryParams,
    response: {
      status: 200,
      description: 'The delivery, now pending (or paused).',
      schema: z.object({ delivery: DeliveryEntry }),
      examples: {
        resent: {
          delivery: {
            ...example,
            delivery_status: 'pending',
            next_attempt_at: '2026-11-23T08:00:00.000000Z',
          },
        },
      },
    },
    errors: [
      noSubscription,
      {
        status: 404,
        type: 'not_found',
        param: 'event_id',
        message: 'No delivery evt_… for subscription wsub_….',
      },
      {
        status: 409,
        type: 'conflict',
        code: 'not_failed',
        param: 'event_id',
        message: 'Delivery evt_… is delivered: only a failed delivery can be resent.',
      },
    ],
    handler: async ({ ctx, caller, params }) =>
      resendDelivery({ ctx: { ...ctx, caller }, input: { id: params.id, eventId: params.event_id } }),
  }),
];
