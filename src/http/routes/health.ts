import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Store } from '../../store/store.ts';
import { defineRoute } from '../route.ts';

/** A named readiness check; the server is ready when every one passes. */
export type ReadinessCheck = { name: string; check: () => Promise<boolean> };

export const storeCheck = (store: Store): ReadinessCheck => ({ name: 'store', check: () => store.ping() });

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/healthz',
  operationId: 'health',
  summary: 'Liveness: the process is up',
  tag: 'Health',
  auth: false,
  response: {
    status: 200,
    description: 'The process answers.',
    schema: z.object({ status: z.literal('ok') }),
    examples: { ok: { status: 'ok' } },
  },
  handler: async () => ({ status: 'ok' }),
});

export const readyRoute = defineRoute({
  method: 'GET',
  path: '/readyz',
  operationId: 'ready',
  summary: 'Readiness: the store is reachable and start-up loading is done',
  tag: 'Health',
  auth: false,
  response: {
    status: 200,
    description: 'Every check passed.',
    schema: z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.literal('ok')) }),
    examples: { ready: { status: 'ready', checks: { store: 'ok' } } },
  },
  errors: [{ status: 503, type: 'service_unavailable', code: 'not_ready', message: 'Not ready: store.' }],
  handler: async ({ services }) => {
    const results = await Promise.all(
      services.readiness.map(async (c) => [c.name, await c.check().catch(() => false)] as const),
    );
    const failing = results.filter(([, ok]) => !ok).map(([name]) => name);
    if (failing.length > 0) {
      throw new AppError('service_unavailable', `Not ready: ${failing.join(', ')}.`, { code: 'not_ready' });
    }
    return { status: 'ready', checks: Object.fromEntries(results.map(([name]) => [name, 'ok'])) };
  },
});
