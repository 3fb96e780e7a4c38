import { jwtVerify, SignJWT } from 'jose';

/** API tokens (JWT, HS256) as FAB issues them: a short access token and a long refresh token. */
export type TokenType = 'access' | 'refresh';

const LIFETIME_SECONDS: Record<TokenType, number> = { access: 15 * 60, refresh: 30 * 24 * 3600 };

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(`jwt:${secret}`);
}

export async function issueToken(
  secret: string,
  userId: number,
  type: TokenType,
  fresh: boolean,
): Promise<string> {
  return new SignJWT({ type, fresh })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${LIFETIME_SECONDS[type]}s`)
    .sign(key(secret));
}

/** The user id of a valid token of the given type, or null. */
export async function verifyToken(secret: string, token: string, type: TokenType): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    if (payload.type !== type || !payload.sub || !/^\d+$/.test(payload.sub)) return null;
    return Number(payload.sub);
  } catch {
    return null;
  }
}
