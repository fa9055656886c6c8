import type { Db } from './db.ts';

/** Live requests made on a day (`YYYY-MM-DD`, UTC): counted for its month and for the day. */
export async function addLiveRequests(db: Db, accountId: string, day: string, count: number) {
  await db.run(
    `INSERT INTO usage_monthly (account_id, period, live_requests) VALUES (?, ?, ?)
     ON CONFLICT (account_id, period) DO UPDATE SET live_requests = usage_monthly.live_requests + excluded.live_requests`,
    [accountId, day.slice(0, 7), count],
  );
  await db.run(
    `INSERT INTO usage_daily (account_id, day, live_requests) VALUES (?, ?, ?)
     ON CONFLICT (account_id, day) DO UPDATE SET live_requests = usage_daily.live_requests + excluded.live_requests`,
    [accountId, day, count],
  );
}

/** The month's live requests per day, for the days that had any. */
export const liveRequestsByDay = (db: Db, accountId: string, period: string) =>
  db.all<{ day: string; live_requests: number }>(
    'SELECT day, live_requests FROM usage_daily WHERE account_id = ? AND day >= ? AND day < ? ORDER BY day',
    [accountId, `${period}-01`, `${period}-99`],
  );

/** The months from `fromPeriod` on, for the months that had any. */
export const liveRequestsByMonth = (db: Db, accountId: string, fromPeriod: string) =>
  db.all<{ period: string; live_requests: number }>(
    'SELECT period, live_requests FROM usage_monthly WHERE account_id = ? AND period >= ? ORDER BY period',
    [accountId, fromPeriod],
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

export const usageQueries = { addLiveRequests, liveRequestsIn, liveRequestsByDay, liveRequestsByMonth };
