import type { Ctx, KeyMode } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { ApiKeyRow } from '../store/accounts.ts';
import type { Store } from '../store/store.ts';
import { generateApiKey, quotable } from './api-key.ts';

type AdminCtx = Pick<Ctx, 'store' | 'clock'>;

async function requireAccount(store: Store, accountId: string) {
  const account = await store.accounts.find(accountId);
  if (!account) throw new AppError('not_found', `No account ${quotable(accountId)}.`, { param: 'account' });
  return account;
}

async function insertNewKey(store: Store, accountId: string, mode: KeyMode, now: Date) {
  const generated = generateApiKey(mode);
  const row: ApiKeyRow = {
    id: newId('key'),
    account_id: accountId,
    mode,
    prefix: generated.prefix,
    last_four: generated.lastFour,
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await store.apiKeys.insert({ ...row, key_hash: generated.hash });
  return { key: generated.key, record: row };
}

/** Creates a key and returns it in full: the only time it is ever visible. */
export async function createKey({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { accountId: string; mode: KeyMode };
}) {
  await requireAccount(ctx.store, input.accountId);
  return insertNewKey(ctx.store, input.accountId, input.mode, ctx.clock());
}

export async function listKeys({ ctx, input }: { ctx: AdminCtx; input: { accountId: string } }) {
  await requireAccount(ctx.store, input.accountId);
  return ctx.store.apiKeys.list(input.accountId);
}

async function requireActiveKey(store: Store, accountId: string, keyId: string) {
  const key = await store.apiKeys.find(accountId, keyId);
  if (!key)
    throw new AppError('not_found', `No key ${quotable(keyId)} on account ${quotable(accountId)}.`, {
      param: 'key',
    });
  if (key.revoked_at)
    throw new AppError('conflict', `Key ${keyId} was revoked at ${key.revoked_at}.`, { param: 'key' });
  return key;
}

/** Revokes the key at once and issues a new one of the same mode, in one transaction. */
export async function rollKey({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { accountId: string; keyId: string };
}) {
  return ctx.store.transaction(async (store) => {
    const old = await requireActiveKey(store, input.accountId, input.keyId);
    const now = ctx.clock();
    await store.apiKeys.revoke(input.accountId, input.keyId, now.toISOString());
    return insertNewKey(store, input.accountId, old.mode, now);
  });
}

export async function revokeKey({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { accountId: string; keyId: string };
}) {
  return ctx.store.transaction(async (store) => {
    await requireActiveKey(store, input.accountId, input.keyId);
    const at = ctx.clock().toISOString();
    await store.apiKeys.revoke(input.accountId, input.keyId, at);
    return { id: input.keyId, revoked_at: at };
  });
}
