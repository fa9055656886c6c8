import type { Ctx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { recordActivity } from './activity.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

type UsersCtx = Pick<Ctx, 'store' | 'clock'>;

/** An invitation link is good for 24 hours, once (docs/decisions.md, the account dashboard). */
export const INVITATION_HOURS = 24;

/** The path an invitation token opens; the CLI and the dashboard put the server's address before it. */
export const invitationPath = (token: string) => `/dashboard/invite/${token}`;

/** An email as it is kept and compared: trimmed, lower case. */
export function normalizeEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AppError('invalid_request', `"${value.slice(0, 80)}" is not an email address.`, {
      param: 'email',
    });
  return email;
}

async function requireAccount(ctx: UsersCtx, accountId: string) {
  const account = await ctx.store.accounts.find(accountId);
  if (!account) throw new AppError('not_found', `No account ${accountId}.`, { param: 'account' });
  return account;
}

/**
 * A one-time invitation for `email` to the account; only the token's hash is stored. An email that
 * already signs in (to this account or another) is refused: sign-in names no account.
 */
export async function inviteUser({
  ctx,
  input,
}: {
  ctx: UsersCtx;
  input: { accountId: string; email: string; actor: string };
}) {
  const email = normalizeEmail(input.email);
  await requireAccount(ctx, input.accountId);
  if (await ctx.store.dashboard.findUserByEmail(email))
    throw new AppError('conflict', `${email} already has a dashboard user.`, {
      code: 'user_exists',
      param: 'email',
    });
  const token = newToken();
  const now = ctx.clock();
  const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3600_000).toISOString();
  await ctx.store.dashboard.insertInvitation({
    token_hash: hashToken(token),
    account_id: input.accountId,
    email,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
  });
  await recordActivity(ctx, {
    accountId: input.accountId,
    actor: input.actor,
    action: 'user_invited',
    detail: email,
  });
  return { email, token, path: invitationPath(token), expires_at: expiresAt };
}

export async function listUsers({ ctx, input }: { ctx: UsersCtx; input: { accountId: string } }) {
  await requireAccount(ctx, input.accountId);
  return (await ctx.store.dashboard.listUsers(input.accountId)).map((u) => ({
    id: u.id,
    email: u.email,
    created_at: u.created_at,
  }));
}

/** Removes the user from the account; their sessions end at once. */
export async function removeUser({
  ctx,
  input,
}: {
  ctx: UsersCtx;
  input: { accountId: string; email: string; actor: string };
}) {
  const email = normalizeEmail(input.email);
  await requireAccount(ctx, input.accountId);
  const user = await ctx.store.dashboard.findUserByEmail(email);
  const removed = user ? await ctx.store.dashboard.removeUser(input.accountId, user.id) : 0;
  if (!user || removed === 0)
    throw new AppError('not_found', `No user ${email} on this account.`, { param: 'email' });
  await recordActivity(ctx, {
    accountId: input.accountId,
    actor: input.actor,
    action: 'user_removed',
    detail: email,
  });
  return { email, removed: true as const };
}

/** An invitation that can still be used, or why not. */
export async function openInvitation({ ctx, input }: { ctx: UsersCtx; input: { token: string } }) {
  const invitation = await ctx.store.dashboard.findInvitation(hashToken(input.token));
  if (!invitation || invitation.used_at || invitation.expires_at <= ctx.clock().toISOString())
    throw new AppError('not_found', 'This invitation link has expired or has been used. Ask for a new one.', {
      code: 'invitation_unusable',
    });
  return invitation;
}

export function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AppError('invalid_request', `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`, {
      code: 'password_too_short',
      param: 'password',
    });
  if (password.length > 1024)
    throw new AppError('invalid_request', 'The password is longer than 1024 characters.', {
      param: 'password',
    });
}

/** The invited user chooses a password: the user is made and the invitation used, in one transaction. */
export async function acceptInvitation({
  ctx,
  input,
}: {
  ctx: UsersCtx;
  input: { token: string; password: string };
}) {
  checkPassword(input.password);
  const invitation = await openInvitation({ ctx, input });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock().toISOString();
  return ctx.store.transaction(async (tx) => {
    if ((await tx.dashboard.useInvitation(invitation.token_hash, now)) === 0)
      throw new AppError(
        'not_found',
        'This invitation link has expired or has been used. Ask for a new one.',
        {
          code: 'invitation_unusable',
        },
      );
    if (await tx.dashboard.findUserByEmail(invitation.email))
      throw new AppError('conflict', `${invitation.email} already has a dashboard user.`, {
        code: 'user_exists',
      });
    const user = {
      id: newId('usr'),
      account_id: invitation.account_id,
      email: invitation.email,
      password_hash: passwordHash,
      created_at: now,
    };
    await tx.dashboard.insertUser(user);
    await recordActivity(
      { store: tx, clock: ctx.clock },
      { accountId: user.account_id, actor: user.email, action: 'user_joined', detail: user.email },
    );
    return { id: user.id, account_id: user.account_id, email: user.email };
  });
}
