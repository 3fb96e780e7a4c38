import type { Kysely } from 'kysely';
import { ConfigError } from '../../../config.ts';
import { nowIso } from '../../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../../platform/metastore/schema.ts';

/**
 * Accounts people make themselves, on the register page or at their first sign-in through an identity
 * provider. They get the configured registration role (none by default) and are marked so onboarding opens by
 * itself for them; everything else they get through onboarding.
 */

type Db = Kysely<MetastoreSchema>;

export interface SelfMadeAccount {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  preferred_language: 'en' | 'ru';
}

/** Writes the user, their roles and their onboarding record; the caller runs it in a transaction. */
export async function insertSelfMadeAccount(
  trx: Db,
  account: SelfMadeAccount,
  roleIds: readonly number[],
): Promise<number> {
  const now = nowIso();
  const { id } = await trx
    .insertInto('users')
    .values({ ...account, active: 1, created_on: now, changed_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const unique = [...new Set(roleIds)];
  if (unique.length > 0) {
    await trx
      .insertInto('user_roles')
      .values(unique.map((role_id) => ({ user_id: id, role_id })))
      .execute();
  }
  await trx.insertInto('user_info').values({ user_id: id, registered_by_self: 1 }).execute();
  return id;
}

/** Whether another account has this username or e-mail, in any letter case (`Admin` is not a new name). */
export async function takenByOthers(
  db: Db,
  values: { username?: string; email?: string },
): Promise<Array<'username' | 'email'>> {
  const taken: Array<'username' | 'email'> = [];
  for (const field of ['username', 'email'] as const) {
    const value = values[field];
    if (value === undefined) continue;
    const row = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', [field]), '=', value.toLowerCase()))
      .executeTakeFirst();
    if (row) taken.push(field);
  }
  return taken;
}

/**
 * The registration role's id, checked once when the server starts: a missing role is a configuration
 * mistake, and an administrator role would hand the installation to anyone who registers.
 */
export async function registrationRoleIds(db: Db, roleName: string | null): Promise<number[]> {
  if (roleName === null) return [];
  const variable = 'VITRINA_REGISTRATION_ROLE';
  if (roleName.toLowerCase() === 'admin') {
    throw new ConfigError(
      variable,
      'an administrator role would give the whole installation to anyone who signs up',
    );
  }
  const role = await db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirst();
  if (!role) throw new ConfigError(variable, `no role is named "${roleName}"`);
  return [role.id];
}
