import type { Kysely } from 'kysely';
import { nowIso } from '../../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../../platform/metastore/schema.ts';

/**
 * The user_identities table: which user an identity provider's account (issuer, subject) is; and
 * whether that user may still sign in.
 */

type Db = Kysely<MetastoreSchema>;

export async function userOfIdentity(db: Db, issuer: string, subject: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Whether the user is linked to some account of this provider already. */
export async function hasIdentityAt(db: Db, userId: number, issuer: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_identities')
    .select('id')
    .where('user_id', '=', userId)
    .where('issuer', '=', issuer)
    .executeTakeFirst();
  return row !== undefined;
}

export async function linkIdentity(db: Db, userId: number, issuer: string, subject: string): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({ user_id: userId, issuer, subject, created_on: nowIso() })
    .execute();
}

/** The users whose e-mail is this one, in any letter case. */
export async function usersWithEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'active'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

/** Counts the sign-in on the user and on the link, as a password login counts on the user. */
export async function recordSignIn(db: Db, userId: number, issuer: string, subject: string): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('users')
    .set((eb) => ({ last_login: now, login_count: eb('login_count', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('user_identities')
    .set({ last_login_on: now })
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .execute();
}

/** Makes the user hold exactly `wanted` among `managed` roles; roles outside `managed` stay as they are. */
export async function syncManagedRoles(
  db: Db,
  userId: number,
  managed: readonly number[],
  wanted: readonly number[],
): Promise<void> {
  if (managed.length === 0) return;
  const held = new Set(
    (
      await db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', userId)
        .where('role_id', 'in', [...managed])
        .execute()
    ).map((row) => row.role_id),
  );
  const wantedSet = new Set(wanted);
  const dropped = [...held].filter((id) => !wantedSet.has(id));
  const added = [...wantedSet].filter((id) => !held.has(id));
  if (dropped.length > 0) {
    await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', 'in', dropped).execute();
  }
  if (added.length > 0) {
    await db
      .insertInto('user_roles')
      .values(added.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
  }
}

export async function isActiveUser(db: Db, userId: number): Promise<boolean> {
  const user = await db.selectFrom('users').select('active').where('id', '=', userId).executeTakeFirst();
  return Boolean(user?.active);
}
