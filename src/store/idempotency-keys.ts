import type { Partition } from '../ctx.ts';
import type { Db } from './db.ts';

/** One account's key in one partition; the key itself is never stored, only its hash. */
export type IdempotencyScope = { accountId: string; partition: Partition; keyHash: string };

/** The answer stored for a key: its status and its body as stored (sealed). */
export type StoredAnswer = { status: number; body: string };

/**
 * What a request with a key finds: the key is now its own (`claimed`, a new key or one whose holder
 * stopped without answering), the first request's answer to replay, a different request under the
 * same key, or the first request still running.
 */
export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'answered'; answer: StoredAnswer }
  | { kind: 'other_request' }
  | { kind: 'in_flight' };

type Row = { request_hash: string; status: number | null; body: string | null; locked_until: string | null };

const WHERE = 'account_id = ? AND partition = ? AND key_hash = ?';
const scopeParams = (s: IdempotencyScope) => [s.accountId, s.partition, s.keyHash];

/**
 * Claims a key for a request, in one transaction: keys older than `expiredBefore` are forgotten
 * first (everyone's, so the table holds a day of keys), then the key is inserted, or the row already
 * there says what the request gets. Times are ISO 8601 UTC strings, compared as text.
 */
export async function claimKey(
  db: Db,
  input: {
    scope: IdempotencyScope;
    requestHash: string;
    token: string;
    now: string;
    lockedUntil: string;
    expiredBefore: string;
  },
): Promise<ClaimOutcome> {
  const { scope, requestHash, token, now, lockedUntil } = input;
  return db.transaction(async (tx) => {
    await tx.run('DELETE FROM idempotency_keys WHERE created_at < ?', [input.expiredBefore]);
    // A concurrent claim of the same key waits here for the other transaction (PostgreSQL's unique
    // index; SQLite's one writer), then finds its row.
    const inserted = await tx.run(
      `INSERT INTO idempotency_keys (account_id, partition, key_hash, request_hash, created_at, claim, locked_until)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, partition, key_hash) DO NOTHING`,
      [...scopeParams(scope), requestHash, now, token, lockedUntil],
    );
    if (inserted === 1) return { kind: 'claimed' };
    const row = await tx.get<Row>(
      `SELECT request_hash, status, body, locked_until FROM idempotency_keys WHERE ${WHERE}${tx.engine === 'postgres' ? ' FOR UPDATE' : ''}`,
      scopeParams(scope),
    );
    // Released by its holder between the two statements: as good as still running, for one instant.
    if (!row) return { kind: 'in_flight' };
    if (row.request_hash !== requestHash) return { kind: 'other_request' };
    if (row.status !== null && row.body !== null)
      return { kind: 'answered', answer: { status: Number(row.status), body: row.body } };
    if (row.locked_until !== null && row.locked_until > now) return { kind: 'in_flight' };
    await tx.run(`UPDATE idempotency_keys SET claim = ?, locked_until = ? WHERE ${WHERE}`, [
      token,
      lockedUntil,
      ...scopeParams(scope),
    ]);
    return { kind: 'claimed' };
  });
}

/** Stores the answer of the request holding the claim; false when the claim has passed to another. */
export const storeAnswer = async (db: Db, scope: IdempotencyScope, token: string, answer: StoredAnswer) =>
  (await db.run(
    `UPDATE idempotency_keys SET status = ?, body = ?, claim = NULL, locked_until = NULL WHERE ${WHERE} AND claim = ?`,
    [answer.status, answer.body, ...scopeParams(scope), token],
  )) === 1;

/** Lets the key go after a request that failed: it made no change, so the key may be used again. */
export const releaseKey = (db: Db, scope: IdempotencyScope, token: string) =>
  db.run(`DELETE FROM idempotency_keys WHERE ${WHERE} AND claim = ? AND status IS NULL`, [
    ...scopeParams(scope),
    token,
  ]);

export const idempotencyKeyQueries = { claim: claimKey, storeAnswer, release: releaseKey };
