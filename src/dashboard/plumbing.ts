import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, Ctx, KeyMode } from '../ctx.ts';
import { partitionOf } from '../ctx.ts';
import { AppError } from '../errors.ts';
import type { SafeHtml } from './html.ts';
import type { PageUser } from './pages/layout.ts';
import type { Session } from './sessions.ts';
import { csrfTokenFor, csrfTokenMatches, hashToken } from './tokens.ts';

// How a dashboard request is read and answered (docs/decisions.md, the account dashboard).

export const SESSION_COOKIE = 'aevs_session';
/** Before sign-in, the sign-in and invitation forms' CSRF tokens are tied to this cookie instead. */
export const PRESESSION_COOKIE = 'aevs_presession';

declare module 'fastify' {
  interface FastifyRequest {
    dashboardSession: Session | null;
  }
}

export type Form = Record<string, string | string[] | undefined>;

/** Everything a signed-in handler gets. */
export type SignedIn = {
  request: FastifyRequest;
  reply: FastifyReply;
  session: Session;
  user: PageUser;
  ctx: Ctx;
  form: Form;
};

export const sendPage = (reply: FastifyReply, page: SafeHtml, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').send(page.value);

export const cookieOptions = (request: FastifyRequest, maxAgeSeconds?: number) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/dashboard',
  secure: request.protocol === 'https',
  ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
});

export const pageUser = (request: FastifyRequest, session: Session): PageUser => ({
  email: session.email,
  csrf: csrfTokenFor(request.cookies[SESSION_COOKIE] ?? ''),
});

/** A form field as one string (the first, if sent more than once). */
export const field = (form: Form, name: string): string => {
  const value = form[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};
/** A form field as every value sent (checkboxes). */
export const fields = (form: Form, name: string): string[] => {
  const value = form[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

export const forbiddenCsrf = () =>
  new AppError('forbidden', 'The form had no valid security token. Reload the page and try again.', {
    code: 'csrf',
  });

/** The CSRF token sent with a form matches the one tied to `seed` (the session or pre-session cookie). */
export function checkCsrf(seed: string | undefined, form: Form) {
  if (!seed || !csrfTokenMatches(seed, field(form, '_csrf'))) throw forbiddenCsrf();
}

/**
 * A form's one-time token: the second time the same form arrives (a double click, a reload of the
 * answer) nothing is done again.
 */
export async function claimForm(ctx: Ctx, form: Form) {
  const token = field(form, '_form');
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token))
    throw new AppError('invalid_request', 'The form is incomplete. Reload the page and try again.', {
      code: 'form_token',
    });
  if ((await ctx.store.dashboard.claimFormSubmission(hashToken(token), ctx.clock().toISOString())) === 0)
    throw new AppError(
      'conflict',
      'This form was already submitted, so nothing was done again. Nothing shown once is shown again.',
      { code: 'form_resubmitted' },
    );
}

/** The verbs' caller for the signed-in user, in a mode: the same scoping as an API key's. */
export const callerFor = (session: Session, mode: KeyMode): Caller => ({
  accountId: session.accountId,
  keyId: `dashboard:${session.userId}`,
  mode,
  partition: partitionOf(mode),
});

/** Statuses for the error types the dashboard meets. */
export const STATUS: Record<string, number> = {
  invalid_request: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  upstream_unavailable: 502,
  service_unavailable: 503,
};
