import type { Db } from './db.ts';

/**
 * One account's share of its rate limit, taken from the bucket every process on the store draws
 * from (docs/architecture.md, a REST request). The bucket holds at most `perMinute` tokens and
 * refills at `perMinute` a minute, on one clock for every process: `nowMs`, or the store's own
 * (PostgreSQL's, or, for SQLite, the one machine's that holds the file). Answers the tokens granted
 * (up to `want`, whole ones) and what the bucket holds after.
 *
 * `lockWaitMs` (SQLite): how long to wait when another process holds the file's write lock (a long
 * ingest) before giving up, rather than hold the request up; the caller then counts on its own.
 */
export async function leaseTokens(
  db: Db,
  input: { accountId: string; perMinute: number; want: number; nowMs: number | null; lockWaitMs: number },
): Promise<{ granted: number; left: number }> {
  const { accountId, perMinute, want } = input;
  return db.transaction(
    async (tx) => {
      const now =
        input.nowMs ??
        (tx.engine === 'postgres'
          ? Number(
              (await tx.get<{ now: number }>('SELECT extract(epoch FROM clock_timestamp()) * 1000 AS now'))
                ?.now,
            )
          : Date.now());
      // A bucket seen for the first time is full; the row is locked for the rest of the transaction.
      await tx.run(
        'INSERT INTO rate_buckets (account_id, tokens, at_ms) VALUES (?, ?, ?) ON CONFLICT (account_id) DO NOTHING',
        [accountId, perMinute, now],
      );
      const row = await tx.get<{ tokens: number; at_ms: number }>(
        `SELECT tokens, at_ms FROM rate_buckets WHERE account_id = ?${tx.engine === 'postgres' ? ' FOR UPDATE' : ''}`,
        [accountId],
      );
      const tokens = Number(row?.tokens ?? perMinute);
      const at = Number(row?.at_ms ?? now);
      const available = Math.min(perMinute, tokens + Math.max(0, now - at) * (perMinute / 60_000));
      const granted = Math.max(0, Math.min(want, Math.floor(available)));
      const left = available - granted;
      await tx.run('UPDATE rate_buckets SET tokens = ?, at_ms = ? WHERE account_id = ?', [
        left,
        Math.max(at, now),
        accountId,
      ]);
      return { granted, left };
    },
    { lockWaitMs: input.lockWaitMs },
  );
}

export const rateBucketQueries = { lease: leaseTokens };
