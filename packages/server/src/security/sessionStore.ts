import { randomUUID } from 'node:crypto';
import type { SessionRow } from '@vitrina/common';
import type { Kysely } from 'kysely';
import type { MetastoreSchema, UserSessionsTable } from '../platform/metastore/schema.ts';

type SessionKind = UserSessionsTable['kind'];

/**
 * Sessions as rows of `user_sessions` in the metastore, which every server shares: a browser session
 * (the cookie) or an API login (its access tokens and refresh-token family). Each request checks its
 * row with one lookup by primary key, so ending a session on one server ends it on all of them at once.
 */

type Db = Kysely<MetastoreSchema>;

/** last_seen_on is written at most this often per session, so a busy page does not write on every request. */
export const TOUCH_INTERVAL_MS = 60_000;
const USER_AGENT_LENGTH = 512;
const ADDRESS_LENGTH = 64;

export interface SessionStart {
  userId: number;
  kind: SessionKind;
  /** The user's session_version read together with the password that was checked; read now when absent. */
  sessionVersion?: number;
  lifetimeSeconds: number;
  userAgent?: string | undefined;
  ipAddress?: string | undefined;
  refreshTokenId?: string | null;
}

/** A session that may be used now: its row, valid and of the user's current version. */
export interface LiveSession {
  id: string;
  userId: number;
  kind: SessionKind;
  refreshTokenId: string | null;
  lastSeenOn: string;
  /** ISO time the session expires (a cached session is refused from then on: security/authCache.ts). */
  expiresOn: string;
}

function isoIn(seconds: number, from = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}

function clip(value: string | undefined, length: number): string | null {
  return value ? value.slice(0, length) : null;
}

/** Starts a session; on the way, forgets the user's ended and expired ones so the table stays small. */
export async function createSession(db: Db, start: SessionStart): Promise<string> {
  const now = new Date().toISOString();
  const version =
    start.sessionVersion ??
    (
      await db
        .selectFrom('users')
        .select('session_version')
        .where('id', '=', start.userId)
        .executeTakeFirstOrThrow()
    ).session_version;
  await db
    .deleteFrom('user_sessions')
    .where('user_id', '=', start.userId)
    .where((eb) => eb.or([eb('expires_on', '<', now), eb('revoked_on', 'is not', null)]))
    .execute();
  const id = randomUUID();
  await db
    .insertInto('user_sessions')
    .values({
      id,
      user_id: start.userId,
      kind: start.kind,
      session_version: version,
      refresh_jti: start.refreshTokenId ?? null,
      user_agent: clip(start.userAgent, USER_AGENT_LENGTH),
      ip_address: clip(start.ipAddress, ADDRESS_LENGTH),
      created_on: now,
      last_seen_on: now,
      expires_on: isoIn(start.lifetimeSeconds),
      revoked_on: null,
    })
    .execute();
  return id;
}

/**
 * The session if it may be used: it exists, belongs to the user, was not ended, has not expired, was
 * made at the user's current session version, and the user is active. One lookup by primary key.
 */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: number,
): Promise<LiveSession | null> {
  const row = await db
    .selectFrom('user_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.kind',
      's.refresh_jti',
      's.last_seen_on',
      's.expires_on',
      's.revoked_on',
      's.session_version',
      'u.session_version as user_version',
      'u.active',
    ])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (
    !row ||
    row.user_id !== userId ||
    row.revoked_on !== null ||
    row.expires_on <= new Date().toISOString() ||
    row.session_version !== row.user_version ||
    row.active !== 1
  ) {
    return null;
  }
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    refreshTokenId: row.refresh_jti,
    lastSeenOn: row.last_seen_on,
    expiresOn: row.expires_on,
  };
}

/**
 * Records that the session was used, from which address, at most once a minute. The update names the
 * time it read, so of several servers seeing the same session at once only one writes. The session
 * object notes the new time, so a cached one (security/authCache.ts) does not write again.
 */
export async function touchSession(
  db: Db,
  session: LiveSession,
  ipAddress: string | undefined,
): Promise<void> {
  const now = Date.now();
  if (now - Date.parse(session.lastSeenOn) < TOUCH_INTERVAL_MS) return;
  const read = session.lastSeenOn;
  const seen = new Date(now).toISOString();
  session.lastSeenOn = seen;
  await db
    .updateTable('user_sessions')
    .set({ last_seen_on: seen, ip_address: clip(ipAddress, ADDRESS_LENGTH) })
    .where('id', '=', session.id)
    .where('last_seen_on', '=', read)
    .execute();
}

/**
 * Replaces the family's current refresh token id, only if it still is `from`: of two uses of the same
 * refresh token exactly one rotates, the other is a reuse. Extends the family's life by one token.
 */
export async function rotateRefreshToken(
  db: Db,
  sessionId: string,
  from: string,
  to: string,
  lifetimeSeconds: number,
): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('user_sessions')
    .set({ refresh_jti: to, last_seen_on: now, expires_on: isoIn(lifetimeSeconds) })
    .where('id', '=', sessionId)
    .where('refresh_jti', '=', from)
    .where('revoked_on', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends one session (of this user, when given); false when there was no such live session. */
export async function revokeSession(db: Db, sessionId: string, userId?: number): Promise<boolean> {
  let query = db
    .updateTable('user_sessions')
    .set({ revoked_on: new Date().toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_on', 'is', null);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every session of the user but one (the caller's own); answers how many were ended. */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: string | null,
): Promise<number> {
  let query = db
    .updateTable('user_sessions')
    .set({ revoked_on: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_on', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Ends every session and token the user has, including any a sign-in that is under way is about to
 * write: the version bump makes a row made with the old version dead on arrival. Run it in the same
 * transaction as the change that calls for it (a new password, a role taken away, deactivation).
 */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  await revokeOtherSessions(db, userId, null);
}

/** The user's sessions that may still be used, most recently seen first. */
export async function listSessions(db: Db, userId: number): Promise<SessionRow[]> {
  const now = new Date().toISOString();
  return (
    db
      .selectFrom('user_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.kind',
        's.user_agent',
        's.ip_address',
        's.created_on',
        's.last_seen_on',
        's.expires_on',
      ])
      .where('s.user_id', '=', userId)
      // A screenshot's pass is the server's own, ended with its render: not the user's to see or end.
      .where('s.kind', '!=', 'render')
      .$narrowType<{ kind: SessionRow['kind'] }>()
      .where('s.revoked_on', 'is', null)
      .where('s.expires_on', '>', now)
      .whereRef('s.session_version', '=', 'u.session_version')
      .orderBy('s.last_seen_on', 'desc')
      .orderBy('s.id')
      .execute()
  );
}
