import { CsrfTokenResponse, LoginFormRequest } from '@vitrina/common/api/auth';
import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { CSRF_HEADER, csrfValidForRequest } from '../../http/authentication.ts';
import { CsrfError, ForbiddenError } from '../../http/errors.ts';
import { ErrorBodySchema } from '../../http/schemas.ts';
import type { WebApp } from '../../http/spa.ts';
import type { RouteModule } from '../../http/types.ts';
import { csrfTokenFor } from '../../security/session.ts';
import { revokeSession } from '../../security/sessionStore.ts';
import { apiTokenRoutes } from './apiTokens.ts';
import { clearBrowserSession, startBrowserSession } from './browserSession.ts';
import { safeNextPath } from './safeNextPath.ts';
import { signIn } from './signIn.ts';

/** A form posted by our own page; no Origin header (older browsers) passes, 'null' or another site doesn't. */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function formCsrfToken(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('csrf_token' in body)) return undefined;
  return typeof body.csrf_token === 'string' ? body.csrf_token : undefined;
}

/** Browser login and logout, API tokens and the CSRF token. */
export function authRoutes(webApp: WebApp): RouteModule {
  return async (app, ctx) => {
    app.get(
      '/login/',
      {
        config: { access: access.public() },
        schema: { hide: true, querystring: Type.Object({ next: Type.Optional(Type.String()) }) },
      },
      async (request, reply) => {
        if (request.principal) return reply.redirect(safeNextPath(request.query.next));
        return webApp.sendPage(reply);
      },
    );

    app.post(
      '/login/',
      {
        // No session exists yet to bind a CSRF token to; the origin check below stands in for it.
        config: { access: access.public(), csrfExempt: true },
        schema: {
          tags: ['Security'],
          summary: 'Browser login (form post)',
          consumes: ['application/x-www-form-urlencoded'],
          body: LoginFormRequest,
          response: { 403: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const next = safeNextPath(request.body.next);
        if (!sameOrigin(request.headers.origin, request.headers.host)) throw new ForbiddenError();
        const back = (error: string) =>
          reply.redirect(`/login/?error=${error}&next=${encodeURIComponent(next)}`);
        if (!ctx.config.signIn.passwordLogin) return back('password_disabled');
        const result = await signIn(ctx, request, request.body.username, request.body.password);
        if (result.outcome === 'rate-limited') return back('rate_limited');
        if (result.outcome === 'invalid') return back('invalid');
        await startBrowserSession(ctx, request, reply, result.user.userId, result.user.sessionVersion);
        return reply.redirect(next);
      },
    );

    // A GET changes nothing: a link or an image on another site could make one. A signed-in browser
    // gets the page that asks to confirm (it posts below); anyone else goes to the login page.
    app.get(
      '/logout/',
      { config: { access: access.public() }, schema: { hide: true } },
      async (request, reply) => {
        if (request.authMethod === 'session') return webApp.sendPage(reply);
        clearBrowserSession(ctx, reply);
        return reply.redirect('/login/');
      },
    );

    app.post(
      '/logout/',
      {
        // The token may come as the header or, from the web app's form post, as a field: checked here.
        config: { access: access.public(), csrfExempt: true },
        schema: {
          tags: ['Security'],
          summary:
            'End the caller’s session (cookie with its CSRF token, or a bearer token); redirects to login',
          // Any body or none (Fastify validates a missing body against an object schema and refuses it):
          // the web app posts the form field csrf_token, API clients send X-CSRFToken or a bearer token.
          body: Type.Unknown({ description: 'Optional form: csrf_token' }),
          response: { 400: ErrorBodySchema, 401: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        if (request.authMethod === 'session') {
          const header = request.headers[CSRF_HEADER];
          const token = formCsrfToken(request.body) ?? (typeof header === 'string' ? header : undefined);
          if (!csrfValidForRequest(request, ctx, token)) throw new CsrfError();
        }
        if (request.sessionId) await revokeSession(ctx.metastore.db, request.sessionId);
        clearBrowserSession(ctx, reply);
        return reply.redirect('/login/', 303);
      },
    );

    app.get(
      '/api/v1/security/csrf_token/',
      {
        config: { access: access.authenticated() },
        schema: {
          tags: ['Security'],
          summary: 'The CSRF token to send as X-CSRFToken with cookie-authenticated writes',
          response: { 200: CsrfTokenResponse, 401: ErrorBodySchema },
        },
      },
      // Bearer callers need no CSRF token; they get their API session's, so Superset clients work unchanged.
      async (request) => ({ result: csrfTokenFor(ctx.secretKey, { sessionId: request.sessionId ?? '' }) }),
    );

    await apiTokenRoutes(app, ctx);
  };
}
