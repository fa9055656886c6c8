import type { CallerCtx } from '../ctx.ts';
import { type UsageMeter, usagePeriod } from './usage-meter.ts';

export type Usage = { period: string; live_requests: number; allowance: number; remaining: number };

/**
 * The plan allowance is a soft cap (docs/decisions.md, contract summary §8): exceeding it never blocks a request, it only
 * shows here. `remaining` stops at zero.
 */
export async function getUsage({
  ctx,
  input,
}: {
  ctx: Pick<CallerCtx, 'store' | 'clock'>;
  input: { accountId: string; allowance: number; meter?: UsageMeter };
}): Promise<Usage> {
  const period = usagePeriod(ctx.clock());
  const stored = await ctx.store.usage.liveRequestsIn(input.accountId, period);
  const live_requests = stored + (input.meter?.pending(input.accountId, period) ?? 0);
  return {
    period,
    live_requests,
    allowance: input.allowance,
    remaining: Math.max(0, input.allowance - live_requests),
  };
}

/** The months from eleven before `period` to `period` itself: `2025-12` … `2026-11`. */
function lastTwelveMonths(period: string): string[] {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (11 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/**
 * This month's usage with its live requests per day (every day so far, zeros included), and the last
 * 12 months: what the dashboard's overview shows. Counts not yet flushed by this process are in this
 * month's total and today's figure.
 */
export async function getUsageHistory({
  ctx,
  input,
}: {
  ctx: Pick<CallerCtx, 'store' | 'clock'>;
  input: { accountId: string; allowance: number; meter?: UsageMeter };
}) {
  const now = ctx.clock();
  const current = await getUsage({ ctx, input });
  const today = now.toISOString().slice(0, 10);
  const stored = new Map(
    (await ctx.store.usage.liveRequestsByDay(input.accountId, current.period)).map((d) => [
      d.day,
      Number(d.live_requests),
    ]),
  );
  const pending = input.meter?.pending(input.accountId, current.period) ?? 0;
  const days = Array.from({ length: now.getUTCDate() }, (_, i) => {
    const day = `${current.period}-${String(i + 1).padStart(2, '0')}`;
    return { day, live_requests: (stored.get(day) ?? 0) + (day === today ? pending : 0) };
  });
  const periods = lastTwelveMonths(current.period);
  const monthly = new Map(
    (await ctx.store.usage.liveRequestsByMonth(input.accountId, periods[0] ?? current.period)).map((m) => [
      m.period,
      Number(m.live_requests),
    ]),
  );
  const months = periods.map((period) => ({
    period,
    live_requests: period === current.period ? current.live_requests : (monthly.get(period) ?? 0),
  }));
  return { current, days, months };
}
