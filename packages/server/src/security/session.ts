import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Browser sessions live in a signed cookie, not in server memory, so any of N stateless servers
 * can serve any request. The nonce binds the CSRF token to this one session.
 */
export const SESSION_COOKIE = 'session';
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

export interface SessionData {
  userId: number;
  nonce: string;
  issuedAt: number;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`session:${payload}`).digest('base64url');
}

export function newSession(userId: number): SessionData {
  return { userId, nonce: randomBytes(16).toString('base64url'), issuedAt: Math.floor(Date.now() / 1000) };
}

export function encodeSession(secret: string, session: SessionData): string {
  const payload = Buffer.from(JSON.stringify([session.userId, session.nonce, session.issuedAt])).toString(
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
    const [userId, nonce, issuedAt] = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof userId !== 'number' || typeof nonce !== 'string' || typeof issuedAt !== 'number') return null;
    if (issuedAt + SESSION_MAX_AGE_SECONDS < now / 1000) return null;
    return { userId, nonce, issuedAt };
  } catch {
    return null;
  }
}

/** The CSRF token of a session: an HMAC of its nonce, so it needs no storage. */
export function csrfTokenFor(secret: string, session: SessionData): string {
  return createHmac('sha256', secret).update(`csrf:${session.nonce}`).digest('base64url');
}

export function csrfTokenValid(secret: string, session: SessionData, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(csrfTokenFor(secret, session));
  const actual = Buffer.from(token);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
