import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The browser session cookie: the user id, the id of the session's row in `user_sessions` and the
 * issue time, HMAC-signed. The signature keeps forged ids from ever reaching the metastore; the row,
 * checked on every request (sessionStore.ts), is what lets a session be ended before it expires.
 */
export const SESSION_COOKIE = 'session';
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

export interface SessionData {
  userId: number;
  /** The `user_sessions` row; also what the CSRF token and the async event channel are bound to. */
  sessionId: string;
  issuedAt: number;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`session:${payload}`).digest('base64url');
}

export function newSession(userId: number, sessionId: string): SessionData {
  return { userId, sessionId, issuedAt: Math.floor(Date.now() / 1000) };
}

export function encodeSession(secret: string, session: SessionData): string {
  const payload = Buffer.from(JSON.stringify([session.userId, session.sessionId, session.issuedAt])).toString(
    'base64url',
  );
  return `${payload}.${sign(secret, payload)}`;
}

export function decodeSession(
  secret: string,
  cookie: string | undefined,
  now = Date.now(),
): SessionData | null {
  if (!cookie) return null;
  const [payload, signature] = cookie.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(secret, payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const [userId, sessionId, issuedAt] = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof userId !== 'number' || typeof sessionId !== 'string' || typeof issuedAt !== 'number') {
      return null;
    }
    if (issuedAt + SESSION_MAX_AGE_SECONDS < now / 1000) return null;
    return { userId, sessionId, issuedAt };
  } catch {
    return null;
  }
}

/** What a CSRF token is bound to: a session's id (or, for bearer callers, a stable stand-in). */
export type CsrfBinding = Pick<SessionData, 'sessionId'>;

/** The CSRF token of a session: an HMAC of its id, so it needs no storage. */
export function csrfTokenFor(secret: string, session: CsrfBinding): string {
  return createHmac('sha256', secret).update(`csrf:${session.sessionId}`).digest('base64url');
}

export function csrfTokenValid(secret: string, session: CsrfBinding, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(csrfTokenFor(secret, session));
  const actual = Buffer.from(token);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
