import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/types.ts';
import {
  encodeSession,
  newSession,
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
} from '../../security/session.ts';
import { createSession } from '../../security/sessionStore.ts';

/** The session cookie's attributes; `secure` as VITRINA_COOKIE_SECURE says ('auto': on HTTPS requests). */
export function sessionCookieOptions(ctx: AppContext) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.cookieSecure,
  };
}

/** Forgets the cookie in the browser (the session itself is ended separately, in the metastore). */
export function clearBrowserSession(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(ctx));
}

/**
 * The one place a browser session begins, whatever proved who the user is (password form, an
 * identity provider, self-registration), so every way in issues the same revocable session: a row in
 * `user_sessions` and a signed cookie naming it. `sessionVersion` is the user's version read together
 * with the password that was checked (so a password change in between ends this session too); other
 * ways in leave it out and the current version is read.
 */
export async function startBrowserSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  sessionVersion?: number,
): Promise<void> {
  const sessionId = await createSession(ctx.metastore.db, {
    userId,
    kind: 'browser',
    sessionVersion,
    lifetimeSeconds: SESSION_MAX_AGE_SECONDS,
    userAgent: request.headers['user-agent'],
    ipAddress: request.ip,
  });
  reply.setCookie(SESSION_COOKIE, encodeSession(ctx.secretKey, newSession(userId, sessionId)), {
    ...sessionCookieOptions(ctx),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}
