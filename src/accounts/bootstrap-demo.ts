import type { Ctx } from '../ctx.ts';
import { createAccount } from './create-account.ts';
import { createKey } from './keys.ts';

/**
 * On the first start with an empty store: an account `demo` with one test and one live key, so a
 * new user can call the API at once. Returns the keys (shown once) or null when accounts exist.
 */
export async function bootstrapDemo({ ctx }: { ctx: Pick<Ctx, 'store' | 'clock'> }) {
  if ((await ctx.store.accounts.count()) > 0) return null;
  const account = await createAccount({ ctx, input: { name: 'demo' } });
  const test = await createKey({ ctx, input: { accountId: account.id, mode: 'test' } });
  const live = await createKey({ ctx, input: { accountId: account.id, mode: 'live' } });
  return { account, testKey: test.key, liveKey: live.key };
}
