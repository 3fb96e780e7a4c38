import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/** What the sessions API reads of the users table; the sessions themselves are security/sessionStore.ts's. */

export async function usernameOf(db: Kysely<MetastoreSchema>, userId: number): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return user?.username;
}
