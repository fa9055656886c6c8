import type { CallerCtx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { storedTime } from '../events/event-clock.ts';
import { validateIdentifier } from '../identifiers/validate-identifier.ts';
import { newId } from '../ids.ts';
import type { SubscriptionRow, WatchedEntity } from '../store/subscriptions.ts';
import {
  type CreateWatchRequest,
  MAX_ENTITIES,
  type Subscription,
  type UpdateWatchRequest,
} from './schemas.ts';
import { generateSecret, sealSecret } from './secrets.ts';
import { checkWebhookUrl } from './ssrf-guard.ts';

type WatchCtx = Pick<CallerCtx, 'store' | 'caller' | 'clock' | 'config'>;

/** Entities as ABNs (11 digits) or ACNs (9), check digits validated, spaces stripped, duplicates folded. */
function parseEntities(values: string[]): WatchedEntity[] {
  const seen = new Map<string, WatchedEntity>();
  values.forEach((value, i) => {
    const v = validateIdentifier(value);
    if (!v.valid) {
      throw new AppError(
        'invalid_request',
        v.reason === 'format'
          ? `entities[${i}]: "${value}" is not an ABN (11 digits) or ACN (9 digits).`
          : `entities[${i}]: ${v.normalized} is not a valid ${v.identifier_type.toUpperCase()}: its check digit does not match.`,
        { code: v.reason, param: `entities.${i}` },
      );
    }
    seen.set(v.normalized, { identifier: v.normalized, id_type: v.identifier_type });
  });
  return [...seen.values()];
}

async function guardUrl(ctx: WatchCtx, url: string) {
  const check = await checkWebhookUrl(url, { allowPrivate: ctx.config.allowPrivateWebhooks });
  if (!check.ok)
    throw new AppError('invalid_request', check.reason, { code: 'webhook_url', param: 'webhook_url' });
}

const present = (row: SubscriptionRow, entities: WatchedEntity[]): Subscription => ({
  id: row.id,
  account_id: row.account_id,
  events: JSON.parse(row.events),
  webhook_url: row.webhook_url,
  status: row.status,
  entities,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * Subscriptions an account may hold in one partition: each can watch up to MAX_ENTITIES entities, and
 * every one of them is a webhook per event, so the number is bounded like the entities are.
 */
export const MAX_SUBSCRIPTIONS = 100;

export async function createSubscription({ ctx, input }: { ctx: WatchCtx; input: CreateWatchRequest }) {
  const entities = parseEntities(input.entities);
  await guardUrl(ctx, input.webhook_url);
  const secret = generateSecret();
  const now = ctx.clock().toISOString();
  const row: SubscriptionRow = {
    id: newId('wsub'),
    account_id: ctx.caller.accountId,
    partition: ctx.caller.partition,
    events: JSON.stringify([...new Set(input.events)]),
    webhook_url: input.webhook_url,
    status: 'active',
    secret: sealSecret(secret, ctx.config.secretKey),
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await ctx.store.transaction(async (tx) => {
    if ((await tx.subscriptions.count(row.account_id, row.partition)) >= MAX_SUBSCRIPTIONS) {
      throw new AppError(
        'conflict',
        `This account already has ${MAX_SUBSCRIPTIONS} subscriptions with ${ctx.caller.mode} keys, the most it can hold. Add entities to one of them (up to ${MAX_ENTITIES} each) or delete one first.`,
        { code: 'subscription_limit' },
      );
    }
    await tx.subscriptions.insert(row);
    await tx.subscriptions.replaceEntities(row.id, row.partition, entities);
  });
  // The secret is returned here and at roll only; no other response ever carries it.
  return { subscription: present(row, entities), secret };
}

const scopeOf = (ctx: WatchCtx, id: string) => ({
  id,
  accountId: ctx.caller.accountId,
  partition: ctx.caller.partition,
});
const notFound = (id: string) =>
  new AppError('not_found', `No subscription ${id} for this account.`, { param: 'id' });

async function requireSubscription(ctx: WatchCtx, id: string) {
  const row = await ctx.store.subscriptions.find(ctx.caller.accountId, ctx.caller.partition, id);
  if (!row) throw notFound(id);
  return row;
}

export async function getSubscription({ ctx, input }: { ctx: WatchCtx; input: { id: string } }) {
  const row = await requireSubscription(ctx, input.id);
  return {
    subscription: present(row, (await ctx.store.subscriptions.entitiesOf([row.id])).get(row.id) ?? []),
  };
}

export async function listWatches({
  ctx,
  input,
}: {
  ctx: WatchCtx;
  input: { limit: number; cursor?: string };
}) {
  let after: { created_at: string; id: string } | null = null;
  if (input.cursor) {
    const [created_at, id] = Buffer.from(input.cursor, 'base64url').toString('utf8').split('|');
    if (!created_at || !id)
      throw new AppError('invalid_request', 'cursor is not one this API returned.', { param: 'cursor' });
    after = { created_at, id };
  }
  const rows = await ctx.store.subscriptions.list(
    ctx.caller.accountId,
    ctx.caller.partition,
    after,
    input.limit + 1,
  );
  const page = rows.slice(0, input.limit);
  const entities = await ctx.store.subscriptions.entitiesOf(page.map((r) => r.id));
  const last = page[page.length - 1];
  return {
    data: page.map((r) => present(r, entities.get(r.id) ?? [])),
    next_cursor:
      rows.length > input.limit && last
        ? Buffer.from(`${last.created_at}|${last.id}`).toString('base64url')
        : null,
  };
}

export async function updateWatch({
  ctx,
  input,
}: {
  ctx: WatchCtx;
  input: UpdateWatchRequest & { id: string };
}) {
  const row = await requireSubscription(ctx, input.id);
  const entities = input.entities ? parseEntities(input.entities) : undefined;
  if (input.webhook_url) await guardUrl(ctx, input.webhook_url);
  const now = ctx.clock().toISOString();
  await ctx.store.transaction(async (tx) => {
    const changed = await tx.subscriptions.update(scopeOf(ctx, row.id), {
      events: input.events ? JSON.stringify([...new Set(input.events)]) : undefined,
      webhook_url: input.webhook_url,
      status: input.status,
      updated_at: now,
    });
    if (changed === 0) throw notFound(row.id);
    if (entities) await tx.subscriptions.replaceEntities(row.id, row.partition, entities);
    if (input.status && input.status !== row.status) {
      await tx.deliveries.setPaused(row.id, input.status === 'paused', storedTime(ctx.clock()));
    }
  });
  return getSubscription({ ctx, input: { id: row.id } });
}

export async function deleteWatch({ ctx, input }: { ctx: WatchCtx; input: { id: string } }) {
  const row = await requireSubscription(ctx, input.id);
  const now = ctx.clock().toISOString();
  await ctx.store.transaction(async (tx) => {
    if ((await tx.subscriptions.update(scopeOf(ctx, row.id), { deleted_at: now, updated_at: now })) === 0) {
      throw notFound(row.id);
    }
    await tx.subscriptions.removeEntities(row.id);
    await tx.deliveries.stop(row.id, 'subscription deleted before delivery');
  });
  return { id: row.id, deleted: true as const };
}

/** A new secret; the previous one stops signing at once (the next attempt uses the new one). */
export async function rollSecret({ ctx, input }: { ctx: WatchCtx; input: { id: string } }) {
  const row = await requireSubscription(ctx, input.id);
  const secret = generateSecret();
  const changed = await ctx.store.subscriptions.update(scopeOf(ctx, row.id), {
    secret: sealSecret(secret, ctx.config.secretKey),
    updated_at: ctx.clock().toISOString(),
  });
  if (changed === 0) throw notFound(row.id);
  return { secret };
}
