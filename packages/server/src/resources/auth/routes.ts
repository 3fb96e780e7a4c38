import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { NotAuthorizedError } from '../../http/errors.ts';
import { ErrorBodySchema } from '../../http/schemas.ts';
import type { WebApp } from '../../http/spa.ts';
import type { RouteModule } from '../../http/types.ts';
import {
  csrfTokenFor,
  decodeSession,
  encodeSession,
  newSession,
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
} from '../../security/session.ts';
import { issueToken, verifyToken } from '../../security/tokens.ts';
import { authenticate } from './authenticate.ts';
import { loginAttempts } from './loginAttempts.ts';
import { safeNextPath } from './safeNextPath.ts';

/** A form posted by our own page; no Origin header (older browsers) passes, 'null' or another site doesn't. */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Browser login and logout, API tokens and the CSRF token. */
export function authRoutes(webApp: WebApp): RouteModule {
  return (app, ctx) => {
    const attempts = loginAttempts(ctx);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: 'auto' as const,
      maxAge: SESSION_MAX_AGE_SECONDS,
    };

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
          body: Type.Object({
            username: Type.String({ maxLength: 256 }),
            password: Type.String({ maxLength: 1024 }),
            next: Type.Optional(Type.String({ maxLength: 2048 })),
          }),
        },
      },
      async (request, reply) => {
        const next = safeNextPath(request.body.next);
        if (!sameOrigin(request.headers.origin, request.headers.host)) {
          return reply.code(403).send({ message: 'Forbidden' });
        }
        const back = (error: string) =>
          reply.redirect(`/login/?error=${error}&next=${encodeURIComponent(next)}`);
        try {
          await attempts.assertAllowed(request.ip);
        } catch {
          return back('rate_limited');
        }
        const userId = await authenticate(ctx, request.body.username, request.body.password);
        if (userId === null) {
          await attempts.recordFailure(request.ip);
          return back('invalid');
        }
        reply.setCookie(SESSION_COOKIE, encodeSession(ctx.secretKey, newSession(userId)), cookieOptions);
        return reply.redirect(next);
      },
    );

    app.get(
      '/logout/',
      { config: { access: access.public() }, schema: { hide: true } },
      async (_request, reply) => {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.redirect('/login/');
      },
    );

    app.post(
      '/api/v1/security/login',
      {
        config: { access: access.public(), csrfExempt: true },
        schema: {
          tags: ['Security'],
          summary: 'Exchange a username and password for API tokens',
          body: Type.Object({
            username: Type.String({ maxLength: 256 }),
            password: Type.String({ maxLength: 1024 }),
            provider: Type.Optional(Type.Union([Type.Literal('db')])),
            refresh: Type.Optional(Type.Boolean()),
          }),
          response: {
            200: Type.Object({ access_token: Type.String(), refresh_token: Type.Optional(Type.String()) }),
            401: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        await attempts.assertAllowed(request.ip);
        const userId = await authenticate(ctx, request.body.username, request.body.password);
        if (userId === null) {
          await attempts.recordFailure(request.ip);
          throw new NotAuthorizedError();
        }
        const accessToken = await issueToken(ctx.secretKey, userId, 'access', true);
        if (!request.body.refresh) return { access_token: accessToken };
        return {
          access_token: accessToken,
          refresh_token: await issueToken(ctx.secretKey, userId, 'refresh', false),
        };
      },
    );

    app.post(
      '/api/v1/security/refresh',
      {
        config: { access: access.public(), csrfExempt: true, bearerIsRefreshToken: true },
        schema: {
          tags: ['Security'],
          summary: 'A new access token for a refresh token (Authorization: Bearer <refresh_token>)',
          response: { 200: Type.Object({ access_token: Type.String() }), 401: ErrorBodySchema },
        },
      },
      async (request) => {
        const header = request.headers.authorization;
        const userId = header?.startsWith('Bearer ')
          ? await verifyToken(ctx.secretKey, header.slice('Bearer '.length).trim(), 'refresh')
          : null;
        if (userId === null) throw new NotAuthorizedError();
        const active = await ctx.metastore.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .where('active', '=', 1)
          .executeTakeFirst();
        if (!active) throw new NotAuthorizedError();
        return { access_token: await issueToken(ctx.secretKey, userId, 'access', false) };
      },
    );

    app.get(
      '/api/v1/security/csrf_token/',
      {
        config: { access: access.authenticated() },
        schema: {
          tags: ['Security'],
          summary: 'The CSRF token to send as X-CSRFToken with cookie-authenticated writes',
          response: { 200: Type.Object({ result: Type.String() }), 401: ErrorBodySchema },
        },
      },
      async (request) => {
        const session = decodeSession(ctx.secretKey, request.cookies[SESSION_COOKIE]);
        // Bearer callers need no CSRF token; they get a stable one so Superset clients work unchanged.
        const bound = session ?? {
          userId: request.principal?.id ?? 0,
          nonce: `bearer:${request.principal?.id}`,
          issuedAt: 0,
        };
        return { result: csrfTokenFor(ctx.secretKey, bound) };
      },
    );
  };
}
