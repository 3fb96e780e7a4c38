import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { verifyPassword } from './passwords.ts';

/** The first admin's password when VITRINA_ADMIN_PASSWORD is not set. */
export const DEFAULT_ADMIN_PASSWORD = 'admin';

/** Enough for any real installation; each check is one scrypt run at start-up. */
const MAX_ADMINS_CHECKED = 50;

/**
 * Active administrators whose stored hash still verifies the default password. Decided from the
 * metastore, not from VITRINA_ADMIN_PASSWORD: an admin who changed the password in the UI is no longer
 * warned about, and one created with the default password is, whatever the environment says.
 */
export async function adminsWithDefaultPassword(db: Kysely<MetastoreSchema>): Promise<string[]> {
  const admins = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['users.username', 'users.password_hash'])
    .where('roles.name', '=', 'Admin')
    .where('users.active', '=', 1)
    .orderBy('users.id')
    .limit(MAX_ADMINS_CHECKED)
    .execute();
  const found: string[] = [];
  for (const admin of admins) {
    if (admin.password_hash && (await verifyPassword(DEFAULT_ADMIN_PASSWORD, admin.password_hash))) {
      found.push(admin.username);
    }
  }
  return found;
}
