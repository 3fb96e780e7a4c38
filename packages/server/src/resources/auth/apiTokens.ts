import { LoginRequest, LoginResponse, RefreshResponse } from '@vitrina/common/api/auth';
import type { FastifyRequest } from 'fastify';
import { access } from '../../http/access.ts';
import { NotAuthorizedError, TooManyRequestsError } from '../../http/errors.ts';
import { ErrorBodySchema } from '../../http/schemas.ts';
import type { AppContext, RouteModule } from '../../http/types.ts';
import {
  createSession,
  findLiveSession,
  revokeSession,
  rotateRefreshToken,
} from '../../security/sessionStore.ts';
import { issueToken, newTokenId, TOKEN_LIFETIME_SECONDS, verifyToken } from '../../security/tokens.ts';
import type { Authenticated } from './authenticate.ts';
import { PasswordLoginOffError } from './oidc/passwordLogin.ts';
import { signIn } from './signIn.ts';

/**
 * An API login is a session of its own (kind 'api'): its access tokens and its refresh-token family
 * name it, so it can be listed and ended like a browser session. Without a refresh token it lives as
 * long as its access token.
 */
async function startApiSession(
  ctx: AppContext,
  request: FastifyRequest,
  user: Authenticated,
  withRefresh: boolean,
): Promise<LoginResponse> {
  const tokenId = withRefresh ? newTokenId() : null;
  const sessionId = await createSession(ctx.metastore.db, {
    userId: user.userId,
    kind: 'api',
    sessionVersion: user.sessionVersion,
    lifetimeSeconds: TOKEN_LIFETIME_SECONDS[withRefresh ? 'refresh' : 'access'],
    userAgent: request.headers['user-agent'],
    ipAddress: request.ip,
    refreshTokenId: tokenId,
  });
  const claims = { userId: user.userId, sessionId };
  const accessToken = await issueToken(ctx.secretKey, claims, 'access', true);
  if (!tokenId) return { access_token: accessToken };
  return {
    access_token: accessToken,
    refresh_token: await issueToken(ctx.secretKey, { ...claims, tokenId }, 'refresh', false),
  };
}

/** `POST /api/v1/security/login` and `/refresh`, as FAB answers them, with rotating refresh tokens. */
export const apiTokenRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/api/v1/security/login',
    {
      config: { access: access.public(), csrfExempt: true },
      schema: {
        tags: ['Security'],
        summary: 'Exchange a username and password for API tokens',
        body: LoginRequest,
        response: {
          200: LoginResponse,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      if (!ctx.config.signIn.passwordLogin) throw new PasswordLoginOffError();
      const result = await signIn(ctx, request, request.body.username, request.body.password);
      if (result.outcome === 'rate-limited') throw new TooManyRequestsError(ctx.loginRateLimit.windowSeconds);
      if (result.outcome === 'invalid') throw new NotAuthorizedError();
      return startApiSession(ctx, request, result.user, request.body.refresh === true);
    },
  );

  app.post(
    '/api/v1/security/refresh',
    {
      config: { access: access.public(), csrfExempt: true, bearerIsRefreshToken: true },
      schema: {
        tags: ['Security'],
        summary:
          'New tokens for a refresh token (Authorization: Bearer <refresh_token>). The refresh token is ' +
          'replaced: use the one in the answer next time. Using a replaced one again ends the whole login.',
        response: {
          200: RefreshResponse,
          401: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const header = request.headers.authorization;
      const claims = header?.startsWith('Bearer ')
        ? await verifyToken(ctx.secretKey, header.slice('Bearer '.length).trim(), 'refresh')
        : null;
      if (!claims?.tokenId) throw new NotAuthorizedError();
      const { db } = ctx.metastore;
      const session = await findLiveSession(db, claims.sessionId, claims.userId);
      if (!session) throw new NotAuthorizedError();
      const next = newTokenId();
      const rotated =
        session.refreshTokenId === claims.tokenId &&
        (await rotateRefreshToken(db, session.id, claims.tokenId, next, TOKEN_LIFETIME_SECONDS.refresh));
      if (!rotated) {
        // A replaced refresh token used again was copied; which holder is genuine cannot be told, so the
        // whole login ends (OAuth 2.0 Security BCP, refresh token rotation).
        await revokeSession(db, session.id);
        throw new NotAuthorizedError();
      }
      const ids = { userId: claims.userId, sessionId: session.id };
      return {
        access_token: await issueToken(ctx.secretKey, ids, 'access', false),
        refresh_token: await issueToken(ctx.secretKey, { ...ids, tokenId: next }, 'refresh', false),
      };
    },
  );
};
