import type { FastifyRequest, RouteOptions } from 'fastify';
import { liveSession, userPrincipal, verifiedToken } from '../security/authCache.ts';
import { loadGuestPrincipal } from '../security/guestPrincipal.ts';
import { verifyGuestToken } from '../security/guestToken.ts';
import { hasPermission } from '../security/principal.ts';
import { RENDER_TOKEN_HEADER } from '../security/renderPass.ts';
import { csrfTokenValid, decodeSession, SESSION_COOKIE } from '../security/session.ts';
import { touchSession } from '../security/sessionStore.ts';
import { guestTokenOfRequest } from './beaconGuestToken.ts';
import { CsrfError, ForbiddenError, NotAuthorizedError } from './errors.ts';
import type { App, AppContext } from './types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Header names as Superset's clients send them. */
export const CSRF_HEADER = 'x-csrftoken';
/** Embedded dashboards and their guest tokens (Superset's flag of the same name). */
export const EMBEDDED_FLAG = 'EMBEDDED_SUPERSET';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its options, for the test that walks them all. */
    declaredRoutes: RouteOptions[];
  }
  interface FastifyRequest {
    /**
     * The caller's session (`user_sessions` row): the browser session of the cookie or the API session of
     * the bearer token; null when anonymous. CSRF tokens and async event channels are bound to it.
     */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Writes a cookie session may make without a CSRF token (as Superset exempts chart data). */
    csrfExempt?: boolean;
    /** The bearer token is a refresh token the handler checks itself (`/security/refresh`). */
    bearerIsRefreshToken?: boolean;
    /** The bearer token is the operator's VITRINA_METRICS_TOKEN, which the handler checks (`/metrics`). */
    bearerIsMetricsToken?: boolean;
    /** A POST that only reads (chart data): a screenshot's render pass may make it. */
    readOnlyPost?: boolean;
  }
}

/**
 * Resolves the caller (a screenshot's render pass, a bearer token, then the session cookie), checks
 * CSRF for cookie sessions, then enforces the route's declared access.
 */
export function registerAuthentication(app: App, ctx: AppContext): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('authMethod', null);
  app.decorateRequest('sessionId', null);

  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  // Checked once all plugins have added their routes, so a route can't slip through undeclared.
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => !route.config?.access);
    if (undeclared.length) {
      const names = undeclared.map((route) => `${String(route.method)} ${route.url}`).join(', ');
      throw new Error(`Routes without config.access: ${names}`);
    }
  });
  app.decorate('declaredRoutes', routes);

  // preValidation: after the body is parsed, before it is validated, so anonymous callers get 401
  // rather than a schema error that would reveal the route's shape.
  app.addHook('preValidation', async (request) => {
    await identify(request, ctx);
    // The not-found handler answers everyone the same way.
    if (request.is404) return;
    const declared = request.routeOptions.config.access;
    if (!declared) throw new ForbiddenError();

    if (
      request.authMethod === 'session' &&
      !SAFE_METHODS.has(request.method) &&
      !request.routeOptions.config.csrfExempt
    ) {
      const token = request.headers[CSRF_HEADER];
      if (!csrfValidForRequest(request, ctx, typeof token === 'string' ? token : undefined)) {
        throw new CsrfError();
      }
    }

    // A render pass only reads, whatever its user may otherwise do (security/renderPass.ts).
    if (
      request.authMethod === 'render' &&
      !SAFE_METHODS.has(request.method) &&
      !request.routeOptions.config.readOnlyPost
    ) {
      throw new ForbiddenError();
    }

    if (declared.kind === 'public') return;
    const principal = request.principal;
    if (!principal) throw new NotAuthorizedError();
    if (declared.kind === 'permission' && !hasPermission(principal, declared.permission, declared.view)) {
      throw new ForbiddenError();
    }
  });
}

/** The CSRF check of a cookie session, for routes that take the token from elsewhere (a form field). */
export function csrfValidForRequest(
  request: FastifyRequest,
  ctx: AppContext,
  token: string | undefined,
): boolean {
  return (
    request.authMethod === 'session' &&
    request.sessionId !== null &&
    csrfTokenValid(ctx.secretKey, { sessionId: request.sessionId }, token)
  );
}

/**
 * Bearer token first, then the session cookie. Either names a session that must still be live in the
 * metastore (not ended, not expired, of the user's current version, user active): one lookup by key,
 * kept in process for at most a second and dropped at once when those tables change anywhere
 * (security/authCache.ts). A bad or ended bearer token is an error; a bad or ended cookie is treated
 * as no cookie.
 */
async function identify(request: FastifyRequest, ctx: AppContext): Promise<void> {
  const { db } = ctx.metastore;
  // Other servers' changes that the bus has not pushed here yet (none to read without Redis).
  await ctx.metastore.changes.catchUp();
  const renderToken = request.headers[RENDER_TOKEN_HEADER];
  if (typeof renderToken === 'string') {
    const claims = await verifiedToken(ctx, renderToken, 'render');
    const session = claims && (await liveSession(ctx, db, claims.sessionId, claims.userId));
    if (!claims || session?.kind !== 'render') throw new NotAuthorizedError();
    request.principal = await userPrincipal(ctx, db, claims.userId);
    if (!request.principal) throw new NotAuthorizedError();
    request.authMethod = 'render';
    request.sessionId = session.id;
    return;
  }
  const authorization = request.headers.authorization;
  const { bearerIsRefreshToken, bearerIsMetricsToken } = request.routeOptions.config;
  if (authorization?.startsWith('Bearer ') && !bearerIsRefreshToken && !bearerIsMetricsToken) {
    const claims = await verifiedToken(ctx, authorization.slice('Bearer '.length).trim(), 'access');
    const session = claims && (await liveSession(ctx, db, claims.sessionId, claims.userId));
    if (!claims || !session) throw new NotAuthorizedError();
    request.principal = await userPrincipal(ctx, db, claims.userId);
    if (!request.principal) throw new NotAuthorizedError();
    request.authMethod = 'bearer';
    request.sessionId = session.id;
    await touchSession(db, session, request.ip);
    return;
  }
  const cookie = decodeSession(ctx.secretKey, request.cookies[SESSION_COOKIE]);
  const session = cookie && (await liveSession(ctx, db, cookie.sessionId, cookie.userId));
  if (cookie && session) {
    request.principal = await userPrincipal(ctx, db, cookie.userId);
    if (request.principal) {
      request.authMethod = 'session';
      request.sessionId = session.id;
      await touchSession(db, session, request.ip);
      return;
    }
  }
  await identifyGuest(request, ctx);
}

/**
 * A caller with no session or bearer token may be an embedded dashboard's guest (Superset's
 * `X-GuestToken`); only while embedding is on. A token that does not verify leaves the caller anonymous.
 */
async function identifyGuest(request: FastifyRequest, ctx: AppContext): Promise<void> {
  if (ctx.config.featureFlags[EMBEDDED_FLAG] !== true) return;
  const token = guestTokenOfRequest(request);
  if (!token) return;
  const claims = await verifyGuestToken(ctx.config.guestTokens, ctx.secretKey, token);
  if (!claims) return;
  request.principal = await loadGuestPrincipal(ctx.metastore.db, ctx.config.guestTokens, claims, token);
  request.authMethod = 'guest';
}
