import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import { verifyPassword } from '../../security/passwords.ts';

/** Checks a username and password; counts the login on the user. Null for wrong or inactive. */
export async function authenticate(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<number | null> {
  const { db } = ctx.metastore;
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active', 'login_count', 'fail_login_count'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) {
    // Same cost as a real check, so response time doesn't tell which usernames exist.
    await verifyPassword(password, DUMMY_HASH);
    return null;
  }
  const valid = await verifyPassword(password, user.password_hash);
  if (!valid) {
    await db
      .updateTable('users')
      .set({ fail_login_count: user.fail_login_count + 1 })
      .where('id', '=', user.id)
      .execute();
    return null;
  }
  if (!user.active) return null;
  await db
    .updateTable('users')
    .set({ last_login: nowIso(), login_count: user.login_count + 1, fail_login_count: 0 })
    .where('id', '=', user.id)
    .execute();
  return user.id;
}

/** scrypt hash of a random string nobody knows. */
const DUMMY_HASH =
  'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$Vj9v4m1eI5n3b0Y8o4G6oB5m7Q2w9c6Zb3V1s0Q8k2hJ7r5t4u3y2x1w0v9u8t7s6r5q4p3o2n1m0l9k8j7i6h5g';
