import type { KeyMode } from '../ctx.ts';
import type { Db } from './db.ts';

export type AccountRow = { id: string; name: string; created_at: string };

export type ApiKeyRow = {
  id: string;
  account_id: string;
  mode: KeyMode;
  prefix: string;
  last_four: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

const KEY_COLUMNS = 'id, account_id, mode, prefix, last_four, created_at, last_used_at, revoked_at';

export const insertAccount = (db: Db, a: AccountRow) =>
  db.run('INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)', [a.id, a.name, a.created_at]);

export const findAccount = (db: Db, id: string) =>
  db.get<AccountRow>('SELECT id, name, created_at FROM accounts WHERE id = ?', [id]);

export const countAccounts = async (db: Db) =>
  Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM accounts'))?.n ?? 0);

export const insertApiKey = (db: Db, k: ApiKeyRow & { key_hash: string }) =>
  db.run(
    `INSERT INTO api_keys (id, account_id, mode, key_hash, prefix, last_four, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [k.id, k.account_id, k.mode, k.key_hash, k.prefix, k.last_four, k.created_at],
  );

/** The authentication lookup: an active key by its hash. */
export const findActiveKeyByHash = (db: Db, keyHash: string) =>
  db.get<Pick<ApiKeyRow, 'id' | 'account_id' | 'mode'>>(
    'SELECT id, account_id, mode FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL',
    [keyHash],
  );

export const listApiKeys = (db: Db, accountId: string) =>
  db.all<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = ? ORDER BY created_at, id`, [
    accountId,
  ]);

export const findApiKey = (db: Db, accountId: string, keyId: string) =>
  db.get<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = ? AND id = ?`, [
    accountId,
    keyId,
  ]);

export const revokeApiKey = (db: Db, accountId: string, keyId: string, at: string) =>
  db.run('UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND id = ? AND revoked_at IS NULL', [
    at,
    accountId,
    keyId,
  ]);

export const touchApiKey = (db: Db, keyId: string, at: string) =>
  db.run('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)', [
    at,
    keyId,
    at,
  ]);

export const accountQueries = { insert: insertAccount, find: findAccount, count: countAccounts };
export const apiKeyQueries = {
  insert: insertApiKey,
  findActiveByHash: findActiveKeyByHash,
  list: listApiKeys,
  find: findApiKey,
  revoke: revokeApiKey,
  touch: touchApiKey,
};
