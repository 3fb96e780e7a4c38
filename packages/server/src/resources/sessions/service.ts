import type { SessionList } from '@vitrina/common';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import {
  endAllSessions,
  listSessions,
  revokeOtherSessions,
  revokeSession,
} from '../../security/sessionStore.ts';
import { signInLimiter } from '../auth/signIn.ts';
import * as repo from './repo.ts';

export async function sessionsOf(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
): Promise<SessionList> {
  const sessions = await listSessions(ctx.metastore.db, userId);
  const result = sessions.map((session) => ({ ...session, current: session.id === request.sessionId }));
  return { count: result.length, result };
}

/** Ends one of the caller's own sessions; 404 for any other (nobody learns which ids exist). */
export async function endOwnSession(ctx: AppContext, userId: number, sessionId: string): Promise<void> {
  if (!(await revokeSession(ctx.metastore.db, sessionId, userId))) throw new NotFoundError();
}

/** Ends the caller's sessions except the one making the request; answers how many ended. */
export async function endOtherOwnSessions(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
): Promise<number> {
  return revokeOtherSessions(ctx.metastore.db, userId, request.sessionId);
}

async function usernameOf(ctx: AppContext, userId: number): Promise<string> {
  const username = await repo.usernameOf(ctx.metastore.db, userId);
  if (username === undefined) throw new NotFoundError();
  return username;
}

/** An administrator lists a user's sessions. */
export async function userSessions(ctx: AppContext, request: FastifyRequest, userId: number) {
  await usernameOf(ctx, userId);
  return sessionsOf(ctx, request, userId);
}

/** An administrator ends every session and token of a user, including any sign-in under way. */
export async function endUserSessions(ctx: AppContext, userId: number): Promise<void> {
  await usernameOf(ctx, userId);
  await ctx.metastore.db.transaction().execute((trx) => endAllSessions(trx, userId));
}

export async function signInLocked(ctx: AppContext, userId: number): Promise<boolean> {
  return signInLimiter(ctx).isLocked(await usernameOf(ctx, userId));
}

export async function unlockSignIn(ctx: AppContext, userId: number): Promise<void> {
  await signInLimiter(ctx).unlock(await usernameOf(ctx, userId));
}
