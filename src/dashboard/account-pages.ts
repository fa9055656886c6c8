import type { FastifyInstance } from 'fastify';
import { getUsageHistory } from '../accounts/get-usage.ts';
import { createKey, listKeys, revokeKey, rollKey } from '../accounts/keys.ts';
import { AppError } from '../errors.ts';
import { listSources } from '../ingest/list-sources.ts';
import { listActivity, recordActivity } from './activity.ts';
import { activityPage } from './pages/activity.ts';
import { keysPage } from './pages/keys.ts';
import { overviewPage } from './pages/overview.ts';
import { registersPage } from './pages/registers.ts';
import { teamPage } from './pages/team.ts';
import type { DashboardDeps, Guarded } from './plugin.ts';
import { field, type SignedIn, sendPage } from './plumbing.ts';
import { inviteUser, listUsers, removeUser } from './users.ts';

/** Overview, API keys, Registers, Team and Activity: each calls the same verbs as the API and the CLI. */
export function registerAccountPages(app: FastifyInstance, deps: DashboardDeps, guarded: Guarded) {
  app.get(
    '/',
    guarded(async ({ reply, session, user, ctx }) => {
      const history = await getUsageHistory({
        ctx,
        input: { accountId: session.accountId, allowance: ctx.config.monthlyAllowance, meter: deps.meter },
      });
      return sendPage(reply, overviewPage(user, history));
    }),
  );

  const showKeys = async (s: SignedIn, shown: { key: string; note: string } | null) =>
    sendPage(
      s.reply,
      keysPage(s.user, await listKeys({ ctx: s.ctx, input: { accountId: s.session.accountId } }), shown),
    );
  app.get(
    '/keys',
    guarded((s) => showKeys(s, null)),
  );
  app.post(
    '/keys',
    guarded(async (s) => {
      const mode = field(s.form, 'mode');
      if (mode !== 'test' && mode !== 'live')
        throw new AppError('invalid_request', 'A key is test or live.', { param: 'mode' });
      const { key, record } = await createKey({
        ctx: s.ctx,
        input: { accountId: s.session.accountId, mode },
      });
      await recordActivity(s.ctx, {
        accountId: s.session.accountId,
        actor: s.session.email,
        action: 'key_created',
        detail: `${mode} key ${record.prefix}…${record.last_four}`,
      });
      return showKeys(s, { key, note: `New ${mode} key` });
    }),
  );
  app.post(
    '/keys/:id/roll',
    guarded(async (s) => {
      const { id } = s.request.params as { id: string };
      const { key, record } = await rollKey({
        ctx: s.ctx,
        input: { accountId: s.session.accountId, keyId: id },
      });
      await recordActivity(s.ctx, {
        accountId: s.session.accountId,
        actor: s.session.email,
        action: 'key_rolled',
        detail: `${id} replaced by ${record.prefix}…${record.last_four}`,
      });
      return showKeys(s, { key, note: `Replacement ${record.mode} key (the old one is revoked)` });
    }),
  );
  app.post(
    '/keys/:id/revoke',
    guarded(async (s) => {
      const { id } = s.request.params as { id: string };
      await revokeKey({ ctx: s.ctx, input: { accountId: s.session.accountId, keyId: id } });
      await recordActivity(s.ctx, {
        accountId: s.session.accountId,
        actor: s.session.email,
        action: 'key_revoked',
        detail: id,
      });
      return showKeys(s, null);
    }),
  );

  app.get(
    '/registers',
    guarded(async ({ reply, user, ctx }) => {
      const partitions = await Promise.all(
        (['live', 'sandbox'] as const).map(async (partition) => ({
          partition,
          sources: await listSources({ ctx, input: { partition } }),
        })),
      );
      return sendPage(reply, registersPage(user, partitions, ctx.clock()));
    }),
  );

  const showTeam = async (s: SignedIn, invitation: { email: string; link: string } | null) =>
    sendPage(
      s.reply,
      teamPage(
        s.user,
        await listUsers({ ctx: s.ctx, input: { accountId: s.session.accountId } }),
        invitation,
      ),
    );
  app.get(
    '/team',
    guarded((s) => showTeam(s, null)),
  );
  app.post(
    '/team/invite',
    guarded(async (s) => {
      const invitation = await inviteUser({
        ctx: s.ctx,
        input: { accountId: s.session.accountId, email: field(s.form, 'email'), actor: s.session.email },
      });
      const link = `${s.request.protocol}://${s.request.host}${invitation.path}`;
      return showTeam(s, { email: invitation.email, link });
    }),
  );
  app.post(
    '/team/:id/remove',
    guarded(async (s) => {
      const { id } = s.request.params as { id: string };
      const users = await listUsers({ ctx: s.ctx, input: { accountId: s.session.accountId } });
      const user = users.find((u) => u.id === id);
      if (!user) throw new AppError('not_found', 'There is no such user on this account.');
      await removeUser({
        ctx: s.ctx,
        input: { accountId: s.session.accountId, email: user.email, actor: s.session.email },
      });
      if (id === s.session.userId) return s.reply.redirect('/dashboard/sign-in', 303);
      return s.reply.redirect('/dashboard/team', 303);
    }),
  );

  app.get(
    '/activity',
    guarded(async ({ reply, session, user, ctx }) =>
      sendPage(reply, activityPage(user, await listActivity(ctx, session.accountId))),
    ),
  );
}
