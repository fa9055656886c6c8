import type { Db } from './db.ts';

export const addLiveRequests = (db: Db, accountId: string, period: string, count: number) =>
  db.run(
    `INSERT INTO usage_monthly (account_id, period, live_requests) VALUES (?, ?, ?)
     ON CONFLICT (account_id, period) DO UPDATE SET live_requests = usage_monthly.live_requests + excluded.live_requests`,
    [accountId, period, count],
  );

export const liveRequestsIn = async (db: Db, accountId: string, period: string) =>
  Number(
    (
      await db.get<{ live_requests: number }>(
        'SELECT live_requests FROM usage_monthly WHERE account_id = ? AND period = ?',
        [accountId, period],
      )
    )?.live_requests ?? 0,
  );

export const usageQueries = { addLiveRequests, liveRequestsIn };
