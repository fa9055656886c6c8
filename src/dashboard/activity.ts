import type { Ctx } from '../ctx.ts';
import { newId } from '../ids.ts';
import type { Store } from '../store/store.ts';

/** What the activity log names (docs/decisions.md, the account dashboard): never a key or a secret. */
export type ActivityAction =
  | 'signed_in'
  | 'sign_in_failed'
  | 'signed_out'
  | 'key_created'
  | 'key_rolled'
  | 'key_revoked'
  | 'subscription_created'
  | 'subscription_changed'
  | 'subscription_deleted'
  | 'secret_rolled'
  | 'delivery_resent'
  | 'user_invited'
  | 'user_removed'
  | 'user_joined';

export async function recordActivity(
  ctx: { store: Store; clock: Ctx['clock'] },
  entry: { accountId: string; actor: string; action: ActivityAction; detail: string },
) {
  await ctx.store.activity.insert({
    id: newId('act'),
    account_id: entry.accountId,
    actor: entry.actor,
    action: entry.action,
    detail: entry.detail,
    at: ctx.clock().toISOString(),
  });
}

export const listActivity = (ctx: { store: Store }, accountId: string, limit = 200) =>
  ctx.store.activity.list(accountId, limit);
