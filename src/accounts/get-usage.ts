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
