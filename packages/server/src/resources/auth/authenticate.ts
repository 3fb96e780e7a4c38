import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import { hashPassword, needsRehash, unknownPasswordHash, verifyPassword } from '../../security/passwords.ts';
import * as repo from './repo.ts';

/** Who signed in, and the session version read with the password that was checked. */
export interface Authenticated {
  userId: number;
  sessionVersion: number;
}

/**
 * Checks a username and password; counts the outcome on the user. Null for an unknown user, a wrong
 * password, an inactive user, or a `locked` account, whose password is not checked at all but which
 * costs and answers the same as a wrong one. A hash weaker than today's parameters is replaced.
 */
export async function authenticate(
  ctx: AppContext,
  username: string,
  password: string,
  { locked }: { locked: boolean },
): Promise<Authenticated | null> {
  const { db } = ctx.metastore;
  const user = await repo.passwordUser(db, username);
  // Same cost as a real check, so response time tells neither which usernames exist nor which are locked.
  let valid = false;
  if (user && !locked) valid = await verifyPassword(password, user.password_hash);
  else await verifyPassword(password, await unknownPasswordHash());
  if (!user || locked) return null;
  if (!valid) {
    // Failed password checks (a locked account's attempts check none).
    await repo.countFailedLogin(db, user.id);
    return null;
  }
  if (!user.active) return null;
  const upgraded = needsRehash(user.password_hash) ? await hashPassword(password) : null;
  await repo.recordLogin(
    db,
    user.id,
    nowIso(),
    upgraded === null ? null : { checkedHash: user.password_hash, newHash: upgraded },
  );
  return { userId: user.id, sessionVersion: user.session_version };
}
