import type { FastifyRequest, RouteOptions } from 'fastify';
import { hasPermission, loadPrincipal } from '../security/principal.ts';
import { csrfTokenValid, decodeSession, SESSION_COOKIE } from '../security/session.ts';
import { verifyToken } from '../security/tokens.ts';
import { CsrfError, ForbiddenError, NotAuthorizedError } from './errors.ts';
import type { App, AppContext } from './types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Header names as Superset's clients send them. */
export const CSRF_HEADER = 'x-csrftoken';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its options, for the test that walks them all. */
    declaredRoutes: RouteOptions[];
  }
  interface FastifyContextConfig {
    /** Writes a cookie session may make without a CSRF token (as Superset exempts chart data). */
    csrfExempt?: boolean;
    /** The bearer token is a refresh token the handler checks itself (`/security/refresh`). */
    bearerIsRefreshToken?: boolean;
  }
}

/**
 * Resolves the caller (bearer token first, then the session cookie), checks CSRF for cookie
 * sessions, then enforces the route's declared access.
 */
export function registerAuthentication(app: App, ctx: AppContext): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('authMethod', null);

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
      const session = decodeSession(ctx.secretKey, request.cookies[SESSION_COOKIE]);
      const token = request.headers[CSRF_HEADER];
      if (
        !session ||
        !csrfTokenValid(ctx.secretKey, session, typeof token === 'string' ? token : undefined)
      ) {
        throw new CsrfError();
      }
    }

    if (declared.kind === 'public') return;
    const principal = request.principal;
    if (!principal) throw new NotAuthorizedError();
    if (declared.kind === 'permission' && !hasPermission(principal, declared.permission, declared.view)) {
      throw new ForbiddenError();
    }
  });
}

async function identify(request: FastifyRequest, ctx: AppContext): Promise<void> {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ') && !request.routeOptions.config.bearerIsRefreshToken) {
    const userId = await verifyToken(ctx.secretKey, authorization.slice('Bearer '.length).trim(), 'access');
    // A bad bearer token is an error, not a silent fall back to anonymous.
    if (userId === null) throw new NotAuthorizedError();
    request.principal = await loadPrincipal(ctx.metastore.db, userId);
    if (!request.principal) throw new NotAuthorizedError();
    request.authMethod = 'bearer';
    return;
  }
  const session = decodeSession(ctx.secretKey, request.cookies[SESSION_COOKIE]);
  if (session) {
    request.principal = await loadPrincipal(ctx.metastore.db, session.userId);
    request.authMethod = request.principal ? 'session' : null;
  }
}
