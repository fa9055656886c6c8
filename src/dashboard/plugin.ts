import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UsageMeter } from '../accounts/usage-meter.ts';
import type { Ctx } from '../ctx.ts';
import { AppError } from '../errors.ts';
import { registerAccountPages } from './account-pages.ts';
import { errorPage } from './pages/error.ts';
import { invitationPage, signInPage } from './pages/sign-in.ts';
import {
  checkCsrf,
  claimForm,
  cookieOptions,
  type Form,
  field,
  PRESESSION_COOKIE,
  pageUser,
  SESSION_COOKIE,
  type SignedIn,
  STATUS,
  sendPage,
} from './plumbing.ts';
import { resumeSession, SESSION_MAX_MS, sessionFor, signIn, signOut } from './sessions.ts';
import { csrfTokenFor, newToken } from './tokens.ts';
import { acceptInvitation, openInvitation } from './users.ts';
import { registerWatchPages } from './watch-pages.ts';

export type DashboardDeps = { ctx: Ctx; meter: UsageMeter };

const ASSETS = {
  'dashboard.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('./assets/dashboard.css', import.meta.url), 'utf8'),
  },
  'dashboard.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('./assets/dashboard.js', import.meta.url), 'utf8'),
  },
} as const;

/** A handler for a page or action behind sign-in; without a session it redirects to sign-in. */
export type Guarded = (
  handler: (s: SignedIn) => Promise<unknown>,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The account dashboard under /dashboard (docs/decisions.md, the account dashboard): server-rendered
 * pages, sessions in an HttpOnly cookie, a CSRF token on every form, security headers on every answer.
 * Registered in its own Fastify context: form bodies and cookies are read here only, never by /v1.
 */
export async function dashboardPlugin(app: FastifyInstance, deps: DashboardDeps) {
  const { ctx } = deps;
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.decorateRequest('dashboardSession', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = request.cookies[SESSION_COOKIE];
    request.dashboardSession = token ? await resumeSession({ ctx, input: { token } }) : null;
  });
  app.setErrorHandler((error, request, reply) => {
    const user = request.dashboardSession ? pageUser(request, request.dashboardSession) : null;
    if (error instanceof AppError) {
      return sendPage(reply, errorPage('Not done', error.message, user), STATUS[error.type] ?? 400);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return sendPage(reply, errorPage('Not done', 'The request could not be read.', user), status);
    }
    request.log.error({ err: error, request_id: request.id }, 'dashboard request failed');
    return sendPage(
      reply,
      errorPage(
        'Something went wrong',
        `Internal error. Quote request ${request.id} if you report it.`,
        user,
      ),
      500,
    );
  });
  app.setNotFoundHandler((request, reply) => {
    const user = request.dashboardSession ? pageUser(request, request.dashboardSession) : null;
    return sendPage(reply, errorPage('Not found', 'There is no such page.', user), 404);
  });

  app.get('/assets/:name', async (request, reply) => {
    const asset = ASSETS[(request.params as { name: string }).name as keyof typeof ASSETS];
    if (!asset) throw new AppError('not_found', 'There is no such file.');
    return reply.header('cache-control', 'no-cache').type(asset.type).send(asset.body);
  });

  const guarded: Guarded = (handler) => async (request, reply) => {
    const session = request.dashboardSession;
    if (!session) return reply.redirect('/dashboard/sign-in', 303);
    const form = (request.body ?? {}) as Form;
    if (request.method === 'POST') {
      checkCsrf(request.cookies[SESSION_COOKIE], form);
      await claimForm(ctx, form);
    }
    return handler({ request, reply, session, user: pageUser(request, session), ctx, form });
  };

  /** The pre-session cookie's value, set now if the browser has none. */
  const presession = (request: FastifyRequest, reply: FastifyReply) => {
    let seed = request.cookies[PRESESSION_COOKIE];
    if (!seed) {
      seed = newToken();
      reply.setCookie(PRESESSION_COOKIE, seed, cookieOptions(request));
    }
    return csrfTokenFor(seed);
  };
  const startSession = (request: FastifyRequest, reply: FastifyReply, token: string) => {
    reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, SESSION_MAX_MS / 1000));
    return reply.redirect('/dashboard', 303);
  };

  app.get('/sign-in', async (request, reply) => {
    if (request.dashboardSession) return reply.redirect('/dashboard', 303);
    return sendPage(reply, signInPage({ csrf: presession(request, reply) }));
  });
  app.post('/sign-in', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    checkCsrf(request.cookies[PRESESSION_COOKIE], form);
    const email = field(form, 'email');
    try {
      const { token } = await signIn({
        ctx,
        input: { email, password: field(form, 'password'), client: request.ip },
      });
      return startSession(request, reply, token);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const page = signInPage({
        csrf: presession(request, reply),
        email,
        notices: [{ kind: 'error', text: error.message }],
      });
      return sendPage(reply, page, STATUS[error.type] ?? 400);
    }
  });
  app.get('/invite/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const invitation = await openInvitation({ ctx, input: { token } });
    return sendPage(
      reply,
      invitationPage({ csrf: presession(request, reply), email: invitation.email, token }),
    );
  });
  app.post('/invite/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const form = (request.body ?? {}) as Form;
    checkCsrf(request.cookies[PRESESSION_COOKIE], form);
    const invitation = await openInvitation({ ctx, input: { token } });
    try {
      const user = await acceptInvitation({ ctx, input: { token, password: field(form, 'password') } });
      return startSession(request, reply, await sessionFor(ctx, user));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'password_too_short') throw error;
      const page = invitationPage({
        csrf: presession(request, reply),
        email: invitation.email,
        token,
        notices: [{ kind: 'error', text: error.message }],
      });
      return sendPage(reply, page, 400);
    }
  });
  app.post('/sign-out', async (request, reply) => {
    const session = request.dashboardSession;
    if (session) {
      checkCsrf(request.cookies[SESSION_COOKIE], (request.body ?? {}) as Form);
      await signOut({ ctx, input: { session } });
    }
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    return reply.redirect('/dashboard/sign-in', 303);
  });

  registerAccountPages(app, deps, guarded);
  registerWatchPages(app, deps, guarded);
}
