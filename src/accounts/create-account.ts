import type { Ctx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { AccountRow } from '../store/accounts.ts';

export async function createAccount({
  ctx,
  input,
}: {
  ctx: Pick<Ctx, 'store' | 'clock'>;
  input: { name: string };
}): Promise<AccountRow> {
  const name = input.name.trim();
  if (name === '' || name.length > 200) {
    throw new AppError('invalid_request', 'An account name is 1 to 200 characters.', { param: 'name' });
  }
  const account = { id: newId('acct'), name, created_at: ctx.clock().toISOString() };
  await ctx.store.accounts.insert(account);
  return account;
}
