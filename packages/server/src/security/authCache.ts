import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { AUTH_TABLES } from '../platform/metastore/changes.ts';
import type { Metastore } from '../platform/metastore/index.ts';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { loadPrincipal, type Principal } from './principal.ts';
import { findLiveSession, type LiveSession } from './sessionStore.ts';
import { type TokenClaims, type TokenType, verifyToken } from './tokens.ts';

/**
 * Who a request is, without the metastore on every request: a verified token's claims, a live session
 * and a user's principal are kept in this process for at most a second. Any write to the tables they
 * come from (a session ended, a role or permission edited, a user deactivated or their sessions
 * ended), here or on another server, empties the session and principal caches at once
 * (platform/metastore/changes.ts, shared through the event bus); the second is the bound when a
 * message is lost, or when a request reads between another server's write and its commit.
 * Refusals are never cached: a session or user that fails is read again next time.
 */

/** The longest a cached session or principal is used without reading the metastore again. */
export const AUTH_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

interface AuthCache {
  /** `<type>:<token>` → its claims: a signature checked once is checked (it cannot change). */
  tokens: LRUCache<string, TokenClaims>;
  sessions: LRUCache<string, LiveSession>;
  principals: LRUCache<number, Principal>;
}

/** What the caches belong to: one app's metastore and secret key. */
export interface AuthCacheOwner {
  metastore: Metastore;
  secretKey: string;
}

const caches = new WeakMap<AuthCacheOwner, AuthCache>();

function cacheOf(owner: AuthCacheOwner): AuthCache {
  const cache = caches.get(owner);
  if (cache) return cache;
  const short = <K extends {}, V extends {}>() =>
    new LRUCache<K, V>({ max: MAX_ENTRIES, ttl: AUTH_CACHE_TTL_MS });
  const created: AuthCache = {
    tokens: new LRUCache({ max: MAX_ENTRIES }),
    sessions: short(),
    principals: short(),
  };
  owner.metastore.changes.on((tables) => {
    if (!tables.some((table) => AUTH_TABLES.has(table))) return;
    created.sessions.clear();
    created.principals.clear();
  });
  caches.set(owner, created);
  return created;
}

/** verifyToken, remembered until the token expires. */
export async function verifiedToken(
  owner: AuthCacheOwner,
  token: string,
  type: TokenType,
): Promise<TokenClaims | null> {
  const { tokens } = cacheOf(owner);
  const key = `${type}:${token}`;
  const known = tokens.get(key);
  if (known) return known.expiresAtMs > Date.now() ? known : null;
  const claims = await verifyToken(owner.secretKey, token, type);
  if (claims) tokens.set(key, claims);
  return claims;
}

/** findLiveSession, cached briefly; an expired session is refused even from the cache. */
export async function liveSession(
  owner: AuthCacheOwner,
  db: Kysely<MetastoreSchema>,
  sessionId: string,
  userId: number,
): Promise<LiveSession | null> {
  const { sessions } = cacheOf(owner);
  const known = sessions.get(sessionId);
  if (known) {
    return known.userId === userId && known.expiresOn > new Date().toISOString() ? known : null;
  }
  const session = await findLiveSession(db, sessionId, userId);
  if (session) sessions.set(sessionId, session);
  return session;
}

/** loadPrincipal, cached briefly. The principal is shared between requests: nobody changes it. */
export async function userPrincipal(
  owner: AuthCacheOwner,
  db: Kysely<MetastoreSchema>,
  userId: number,
): Promise<Principal | null> {
  const { principals } = cacheOf(owner);
  const known = principals.get(userId);
  if (known) return known;
  const principal = await loadPrincipal(db, userId);
  if (principal) principals.set(userId, principal);
  return principal;
}
