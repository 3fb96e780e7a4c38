import { sql } from 'kysely';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import { hashPassword, needsRehash, unknownPasswordHash, verifyPassword } from '../../security/passwords.ts';

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
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active', 'session_version'])
    .where('username', '=', username)
    .executeTakeFirst();
  // Same cost as a real check, so response time tells neither which usernames exist nor which are locked.
  let valid = false;
  if (user && !locked) valid = await verifyPassword(password, user.password_hash);
  else await verifyPassword(password, await unknownPasswordHash());
  if (!user || locked) return null;
  if (!valid) {
    // Failed password checks (a locked account's attempts check none). An increment in SQL: concurrent
    // failures must each be counted.
    await db
      .updateTable('users')
      .set({ fail_login_count: sql`fail_login_count + 1` })
      .where('id', '=', user.id)
      .execute();
    return null;
  }
  if (!user.active) return null;
  const upgraded = needsRehash(user.password_hash) ? await hashPassword(password) : null;
  await db
    .updateTable('users')
    .set({
      last_login: nowIso(),
      login_count: sql`login_count + 1`,
      fail_login_count: 0,
      // Only if the hash is still the one checked: a password changed meanwhile is not overwritten.
      ...(upgraded && {
        password_hash: sql<string>`case when password_hash = ${user.password_hash} then ${upgraded} else password_hash end`,
      }),
    })
    .where('id', '=', user.id)
    .execute();
  return { userId: user.id, sessionVersion: user.session_version };
}
