import type { FastifyInstance } from 'fastify';
import type { KeyMode } from '../ctx.ts';
import { AppError } from '../errors.ts';
import type { EventType } from '../events/types.ts';
import { listDeliveries, resendDelivery } from '../watch/deliveries.ts';
import { triggerSandboxEvent } from '../watch/sandbox-event.ts';
import { CreateWatchRequest, type Subscription } from '../watch/schemas.ts';
import {
  createSubscription,
  deleteWatch,
  getSubscription,
  listWatches,
  rollSecret,
  updateWatch,
} from '../watch/subscriptions.ts';
import { recordActivity } from './activity.ts';
import { type WatchForm, watchesPage, watchPage } from './pages/watches.ts';
import type { DashboardDeps, Guarded } from './plugin.ts';
import { callerFor, field, fields, type SignedIn, STATUS, sendPage } from './plumbing.ts';

const MODES: readonly KeyMode[] = ['test', 'live'];

/** Watches and a subscription's page: the same verbs as /v1/watch, with the user's account as the caller. */
export function registerWatchPages(app: FastifyInstance, _deps: DashboardDeps, guarded: Guarded) {
  const watchCtx = (s: SignedIn, mode: KeyMode) => ({ ...s.ctx, caller: callerFor(s.session, mode) });
  const log = (s: SignedIn, action: Parameters<typeof recordActivity>[1]['action'], detail: string) =>
    recordActivity(s.ctx, { accountId: s.session.accountId, actor: s.session.email, action, detail });

  const allWatches = async (s: SignedIn, mode: KeyMode) => {
    const out: Subscription[] = [];
    let cursor: string | undefined;
    do {
      const page = await listWatches({
        ctx: watchCtx(s, mode),
        input: { limit: 200, ...(cursor ? { cursor } : {}) },
      });
      out.push(...page.data);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return out;
  };
  const showWatches = async (
    s: SignedIn,
    created: { subscription: Subscription; secret: string } | null,
    form: WatchForm | null,
    error: AppError | null,
  ) =>
    sendPage(
      s.reply,
      watchesPage(
        s.user,
        { test: await allWatches(s, 'test'), live: await allWatches(s, 'live') },
        created,
        form,
        error ? [{ kind: 'error', text: error.message }] : [],
      ),
      error ? (STATUS[error.type] ?? 400) : 200,
    );

  app.get(
    '/watches',
    guarded((s) => showWatches(s, null, null, null)),
  );
  app.post(
    '/watches',
    guarded(async (s) => {
      const form: WatchForm = {
        mode: field(s.form, 'mode') === 'live' ? 'live' : 'test',
        entities: field(s.form, 'entities'),
        events: fields(s.form, 'events'),
        webhook_url: field(s.form, 'webhook_url').trim(),
      };
      const parsed = CreateWatchRequest.safeParse({
        entities: form.entities.split(/[\s,;]+/).filter(Boolean),
        events: form.events,
        webhook_url: form.webhook_url,
      });
      if (!parsed.success) {
        const message = parsed.error.issues.map((i) => i.message).join('; ');
        return showWatches(s, null, form, new AppError('invalid_request', message));
      }
      try {
        const created = await createSubscription({ ctx: watchCtx(s, form.mode), input: parsed.data });
        await log(s, 'subscription_created', `${created.subscription.id} (${form.mode})`);
        return showWatches(s, created, null, null);
      } catch (error) {
        if (error instanceof AppError) return showWatches(s, null, form, error);
        throw error;
      }
    }),
  );

  /** The subscription in whichever mode holds it; another account's is not found, like a missing one. */
  const findWatch = async (s: SignedIn) => {
    const { id } = s.request.params as { id: string };
    for (const mode of MODES) {
      try {
        const { subscription } = await getSubscription({ ctx: watchCtx(s, mode), input: { id } });
        return { subscription, mode };
      } catch (error) {
        if (!(error instanceof AppError) || error.type !== 'not_found') throw error;
      }
    }
    throw new AppError('not_found', 'There is no such subscription on this account.');
  };
  const showWatch = async (s: SignedIn, shownSecret: string | null, notice: string | null = null) => {
    const watch = await findWatch(s);
    const { data } = await listDeliveries({
      ctx: watchCtx(s, watch.mode),
      input: { id: watch.subscription.id, limit: 50 },
    });
    return sendPage(
      s.reply,
      watchPage(s.user, watch, data, shownSecret, notice ? [{ kind: 'info', text: notice }] : []),
    );
  };
  const back = (s: SignedIn, id: string) => s.reply.redirect(`/dashboard/watches/${id}`, 303);

  app.get(
    '/watches/:id',
    guarded((s) => showWatch(s, null)),
  );
  for (const [path, status] of [
    ['pause', 'paused'],
    ['resume', 'active'],
  ] as const) {
    app.post(
      `/watches/:id/${path}`,
      guarded(async (s) => {
        const { subscription, mode } = await findWatch(s);
        await updateWatch({ ctx: watchCtx(s, mode), input: { id: subscription.id, status } });
        await log(
          s,
          'subscription_changed',
          `${subscription.id} ${status === 'paused' ? 'paused' : 'resumed'}`,
        );
        return back(s, subscription.id);
      }),
    );
  }
  app.post(
    '/watches/:id/roll-secret',
    guarded(async (s) => {
      const { subscription, mode } = await findWatch(s);
      const { secret } = await rollSecret({ ctx: watchCtx(s, mode), input: { id: subscription.id } });
      await log(s, 'secret_rolled', subscription.id);
      return showWatch(s, secret);
    }),
  );
  app.post(
    '/watches/:id/delete',
    guarded(async (s) => {
      const { subscription, mode } = await findWatch(s);
      await deleteWatch({ ctx: watchCtx(s, mode), input: { id: subscription.id } });
      await log(s, 'subscription_deleted', subscription.id);
      return s.reply.redirect('/dashboard/watches', 303);
    }),
  );
  app.post(
    '/watches/:id/test-event',
    guarded(async (s) => {
      const { subscription, mode } = await findWatch(s);
      const [entity] = subscription.entities;
      const [type] = subscription.events;
      if (mode !== 'test' || !entity || !type)
        throw new AppError('forbidden', 'Test events are for test-mode subscriptions.');
      const sent = await triggerSandboxEvent({
        ctx: watchCtx(s, 'test'),
        input: { identifier: entity.identifier, type: type as EventType },
      });
      return showWatch(
        s,
        null,
        `A ${type} event for ${entity.identifier} was queued (${sent.deliveries} deliveries).`,
      );
    }),
  );
  app.post(
    '/watches/:id/deliveries/:eventId/resend',
    guarded(async (s) => {
      const { subscription, mode } = await findWatch(s);
      const { eventId } = s.request.params as { eventId: string };
      await resendDelivery({ ctx: watchCtx(s, mode), input: { id: subscription.id, eventId } });
      await log(s, 'delivery_resent', `${eventId} of ${subscription.id}`);
      return back(s, subscription.id);
    }),
  );
}
