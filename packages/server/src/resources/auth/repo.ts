import { type Kysely, sql } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/** What signing in with a password reads and counts on the users table. */

type Db = Kysely<MetastoreSchema>;

export async function passwordUser(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'active', 'session_version'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** An increment in SQL: concurrent failures must each be counted. */
export async function countFailedLogin(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ fail_login_count: sql`fail_login_count + 1` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Counts a sign-in and clears the failures. `upgrade` replaces the hash only if it is still the one
 * checked: a password changed meanwhile is not overwritten.
 */
export async function recordLogin(
  db: Db,
  userId: number,
  now: string,
  upgrade: { checkedHash: string; newHash: string } | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      last_login: now,
      login_count: sql`login_count + 1`,
      fail_login_count: 0,
      ...(upgrade && {
        password_hash: sql<string>`case when password_hash = ${upgrade.checkedHash} then ${upgrade.newHash} else password_hash end`,
      }),
    })
    .where('id', '=', userId)
    .execute();
}
