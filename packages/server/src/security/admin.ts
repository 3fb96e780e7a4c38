import type { Kysely } from 'kysely';
import { nowIso } from '../platform/metastore/index.ts';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { hashPassword } from './passwords.ts';

export type EnsureAdminResult = 'created' | 'exists';

/**
 * Creates the first admin when no user exists yet (start-up), or a named admin on demand
 * (`create-admin`). The Admin role must exist: run syncSecurity first.
 */
export async function createAdmin(
  db: Kysely<MetastoreSchema>,
  input: { username: string; password: string; email?: string; firstName?: string; lastName?: string },
  options: { onlyIfNoUsers: boolean },
): Promise<EnsureAdminResult> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const existing = options.onlyIfNoUsers
      ? await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()
      : await trx.selectFrom('users').select('id').where('username', '=', input.username).executeTakeFirst();
    if (existing) return 'exists';
    const role = await trx
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Admin')
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const user = await trx
      .insertInto('users')
      .values({
        username: input.username,
        first_name: input.firstName ?? 'Admin',
        last_name: input.lastName ?? 'User',
        email: input.email ?? `${input.username}@vitrina.local`,
        active: 1,
        password_hash: passwordHash,
        preferred_language: 'en',
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    return 'created';
  });
}
