import type { Ctx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { recordActivity } from './activity.ts';
import { UNKNOWN_USER_HASH, verifyPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

type SessionCtx = Pick<Ctx, 'store' | 'clock'>;

// docs/decisions.md, the account dashboard: sessions and sign-in throttling.
const HOUR = 3600_000;
export const SESSION_IDLE_MS = 12 * HOUR;
export const SESSION_MAX_MS = 7 * 24 * HOUR;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_CLIENT = 20;
/** A session's last use is written at most this often, not on every page. */
const TOUCH_EVERY_MS = 60_000;

export type Session = { tokenHash: string; userId: string; accountId: string; email: string };

export const WRONG_CREDENTIALS = 'The email or password is not right.';

async function startSession(ctx: SessionCtx, user: { id: string; account_id: string }) {
  const token = newToken();
  const now = ctx.clock();
  await ctx.store.dashboard.insertSession({
    token_hash: hashToken(token),
    user_id: user.id,
    account_id: user.account_id,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
  });
  return token;
}

/** A session for a user just made (from an invitation). */
export const sessionFor = (ctx: SessionCtx, user: { id: string; account_id: string }) =>
  startSession(ctx, user);

/**
 * Sign-in by email and password. A wrong email and a wrong password get the same answer (and take as
 * long: an unknown email is checked against a hash no password matches). After 5 failures for an
 * email, or 20 from a client address, within 15 minutes, every attempt is refused until the oldest
 * counted failure is 15 minutes old, the right password included.
 */
export async function signIn({
  ctx,
  input,
}: {
  ctx: SessionCtx;
  input: { email: string; password: string; client: string };
}) {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const now = ctx.clock();
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const failures = await ctx.store.dashboard.countSignInFailures(email, input.client, since);
  if (failures.email >= MAX_FAILURES_PER_EMAIL || failures.client >= MAX_FAILURES_PER_CLIENT) {
    const oldest = await ctx.store.dashboard.oldestSignInFailure(email, input.client, since);
    const waitMs = oldest ? Date.parse(oldest) + THROTTLE_WINDOW_MS - now.getTime() : THROTTLE_WINDOW_MS;
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new AppError(
      'rate_limited',
      `Too many failed sign-ins. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { code: 'sign_in_throttled' },
    );
  }
  const user = await ctx.store.dashboard.findUserByEmail(email);
  const matches = await verifyPassword(input.password, user?.password_hash ?? UNKNOWN_USER_HASH);
  if (!user || !matches) {
    await ctx.store.dashboard.recordSignInFailure(email, input.client, now.toISOString());
    if (user)
      await recordActivity(ctx, {
        accountId: user.account_id,
        actor: user.email,
        action: 'sign_in_failed',
        detail: `from ${input.client}`,
      });
    throw new AppError('invalid_request', WRONG_CREDENTIALS, { code: 'wrong_credentials' });
  }
  const token = await startSession(ctx, user);
  // A sign-in is rare enough to tidy up at: what no longer counts is dropped.
  await ctx.store.dashboard.prune(now.toISOString(), {
    failuresBefore: since,
    formsBefore: new Date(now.getTime() - SESSION_MAX_MS).toISOString(),
  });
  await recordActivity(ctx, {
    accountId: user.account_id,
    actor: user.email,
    action: 'signed_in',
    detail: `from ${input.client}`,
  });
  return { token, user: { id: user.id, account_id: user.account_id, email: user.email } };
}

/** The session a cookie names, while it lasts: not idle 12 hours, not older than 7 days, its user not removed. */
export async function resumeSession({
  ctx,
  input,
}: {
  ctx: SessionCtx;
  input: { token: string };
}): Promise<Session | null> {
  const tokenHash = hashToken(input.token);
  const row = await ctx.store.dashboard.findSession(tokenHash);
  if (!row) return null;
  const now = ctx.clock().getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (now - lastSeen >= SESSION_IDLE_MS || now >= Date.parse(row.expires_at)) {
    await ctx.store.dashboard.deleteSession(tokenHash);
    return null;
  }
  if (now - lastSeen >= TOUCH_EVERY_MS)
    await ctx.store.dashboard.touchSession(tokenHash, new Date(now).toISOString());
  return { tokenHash, userId: row.user_id, accountId: row.account_id, email: row.email };
}

export async function signOut({ ctx, input }: { ctx: SessionCtx; input: { session: Session } }) {
  await ctx.store.dashboard.deleteSession(input.session.tokenHash);
  await recordActivity(ctx, {
    accountId: input.session.accountId,
    actor: input.session.email,
    action: 'signed_out',
    detail: '',
  });
}
