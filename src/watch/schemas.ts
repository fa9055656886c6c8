import { z } from 'zod';
import { EVENT_TYPES } from '../events/types.ts';

/** A documented ceiling, so one subscription's fan-out stays bounded. */
export const MAX_ENTITIES = 1000;

const Entities = z
  .array(z.string().describe('An ABN (11 digits) or an ACN (9 digits); spaces are stripped.'))
  .min(1, 'entities needs at least one ABN or ACN')
  .max(
    MAX_ENTITIES,
    `at most ${MAX_ENTITIES} entities per subscription; split larger portfolios across subscriptions`,
  )
  .describe(`The entities to watch, at least one and at most ${MAX_ENTITIES}; duplicates are folded.`);
const Events = z
  .array(z.enum(EVENT_TYPES))
  .min(1, 'events needs at least one event type')
  .describe('The event types to be told about, at least one.');
const WebhookUrl = z
  .string()
  .url('webhook_url must be an absolute URL')
  .max(2048)
  .describe(
    'Where the signed webhooks are POSTed: https, and not a private, loopback or link-local address.',
  );

export const CreateWatchRequest = z
  .object({ entities: Entities, events: Events, webhook_url: WebhookUrl })
  .strict();
export type CreateWatchRequest = z.infer<typeof CreateWatchRequest>;

export const UpdateWatchRequest = z
  .object({
    entities: Entities.optional(),
    events: Events.optional(),
    webhook_url: WebhookUrl.optional(),
    status: z
      .enum(['active', 'paused'])
      .optional()
      .describe('`paused` records events (readable by polling) without sending them.'),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'send at least one of entities, events, webhook_url, status');
export type UpdateWatchRequest = z.infer<typeof UpdateWatchRequest>;

export const Subscription = z
  .object({
    id: z.string().describe('`wsub_…`'),
    account_id: z.string(),
    events: z.array(z.enum(EVENT_TYPES)),
    webhook_url: z.string(),
    status: z.enum(['active', 'paused']),
    entities: z.array(z.object({ identifier: z.string(), id_type: z.enum(['abn', 'acn']) })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const WatchSecret = z.string().describe('`whsec_` + base64 of 32 random bytes; shown only here.');
export const CreateWatchResponse = z.object({ subscription: Subscription, secret: WatchSecret });
export const WatchList = z.object({ data: z.array(Subscription), next_cursor: z.string().nullable() });

export const WatchIdParams = z.object({ id: z.string().describe('The subscription id, `wsub_…`.') });
export const ListWatchQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().optional().describe('`next_cursor` from the previous page.'),
});

// A zone is required (Z or ±hh:mm): a bare local time would be read in the server's time zone.
const ISO_WITH_ZONE = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const realDate = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

export const ChangesQuery = z.object({
  since: z.string({ error: 'since is required (an ISO-8601 timestamp)' }).refine((v) => {
    const m = ISO_WITH_ZONE.exec(v);
    return m?.[1] !== undefined && realDate(m[1]) && !Number.isNaN(Date.parse(v));
  }, 'since must be an ISO-8601 timestamp with a time zone, e.g. 1970-01-01T00:00:00Z'),
  limit: z.coerce.number().int().min(1, 'limit is 1 to 200').max(200, 'limit is 1 to 200').default(50),
});

export const DeliveryEntry = z
  .object({
    event_id: z.string().describe("The delivery's id: its `webhook-id`, the same on every attempt."),
    type: z.enum(EVENT_TYPES),
    payload: z.string().describe('The exact JSON body that was, or would be, delivered.'),
    created_at: z.string(),
    subscription_id: z.string(),
    delivery_status: z.enum(['pending', 'delivered', 'failed', 'paused']),
    response_code: z.number().int().nullable().describe("The last attempt's HTTP status, if it got one."),
    attempts: z.number().int(),
    entity: z.object({ abn: z.string().nullable(), acn: z.string().nullable() }),
    next_attempt_at: z.string().nullable().describe("When a pending delivery's next attempt is due."),
  })
  .meta({ id: 'Delivery' });
export type DeliveryEntry = z.infer<typeof DeliveryEntry>;
export const DeliveryList = z.object({ data: z.array(DeliveryEntry), next_cursor: z.string().nullable() });
export const DeliveryParams = z.object({
  id: z.string().describe('The subscription id, `wsub_…`.'),
  event_id: z.string().describe("The delivery's `event_id` (its `webhook-id`), `evt_…`."),
});
