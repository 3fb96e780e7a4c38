import type { Kysely } from 'kysely';
import { nowIso } from '../../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../../platform/metastore/schema.ts';

/** The users, user_roles and user_info rows of accounts people make themselves. */

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

export async function roleIdByName(db: Db, name: string): Promise<number | undefined> {
  const role = await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
  return role?.id;
}
