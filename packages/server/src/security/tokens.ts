import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * API tokens (JWT, HS256) as FAB issues them: a short access token and a refresh token. Both name the
 * API session (`sid`, a `user_sessions` row) every request checks, so ending the session ends its
 * tokens; a refresh token also has an id (`jti`) so a used one can be told from the current one.
 */
/** render: a screenshot's pass (security/renderPass.ts), sent by the server's own browser. */
export type TokenType = 'access' | 'refresh' | 'render';

export const TOKEN_LIFETIME_SECONDS: Record<TokenType, number> = {
  access: 15 * 60,
  refresh: 30 * 24 * 3600,
  // The longest a render may take; each pass asks for its own, shorter, lifetime.
  render: 10 * 60,
};

export interface TokenClaims {
  userId: number;
  sessionId: string;
  /** Refresh tokens only. */
  tokenId: string | null;
  /** When the token stops being valid, in epoch milliseconds (its `exp`). */
  expiresAtMs: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(`jwt:${secret}`);
}

export function newTokenId(): string {
  return randomUUID();
}

export async function issueToken(
  secret: string,
  claims: { userId: number; sessionId: string; tokenId?: string },
  type: TokenType,
  fresh: boolean,
  lifetimeSeconds = TOKEN_LIFETIME_SECONDS[type],
): Promise<string> {
  const token = new SignJWT({ type, fresh, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${Math.min(lifetimeSeconds, TOKEN_LIFETIME_SECONDS[type])}s`);
  if (claims.tokenId) token.setJti(claims.tokenId);
  return token.sign(key(secret));
}

/** The claims of a valid token of the given type, or null (a refresh token must carry its id). */
export async function verifyToken(
  secret: string,
  token: string,
  type: TokenType,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    if (payload.type !== type || !payload.sub || !/^\d+$/.test(payload.sub)) return null;
    if (typeof payload.sid !== 'string' || !payload.sid) return null;
    const tokenId = typeof payload.jti === 'string' ? payload.jti : null;
    if (type === 'refresh' && !tokenId) return null;
    if (typeof payload.exp !== 'number') return null;
    return { userId: Number(payload.sub), sessionId: payload.sid, tokenId, expiresAtMs: payload.exp * 1000 };
  } catch {
    return null;
  }
}
