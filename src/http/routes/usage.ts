import { z } from 'zod';
import { getUsage } from '../../accounts/get-usage.ts';
import { defineRoute } from '../route.ts';

export const UsageResponse = z
  .object({
    period: z.string().describe('The calendar month, UTC: `YYYY-MM`.'),
    live_requests: z
      .number()
      .int()
      .describe('Requests made with live keys this month. Test keys count nothing.'),
    allowance: z
      .number()
      .int()
      .describe('The monthly plan allowance. A soft cap: exceeding it never blocks a request.'),
    remaining: z.number().int().describe('Allowance less live requests, never below zero.'),
  })
  .meta({ id: 'Usage' });

export const usageRoute = defineRoute({
  method: 'GET',
  path: '/v1/usage',
  operationId: 'getUsage',
  summary: "The caller's account usage this month",
  description:
    'Live-key requests counted against the plan allowance for the calendar month (UTC). The allowance is a soft cap: exceeding it never blocks a request.',
  tag: 'Account',
  auth: true,
  response: {
    status: 200,
    description: "The caller's own account.",
    schema: UsageResponse,
    examples: { usage: { period: '2026-11', live_requests: 1234, allowance: 10000, remaining: 8766 } },
  },
  handler: async ({ ctx, caller, services }) =>
    getUsage({
      ctx,
      input: { accountId: caller.accountId, allowance: ctx.config.monthlyAllowance, meter: services.meter },
    }),
});
