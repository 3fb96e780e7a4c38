import type { Kysely } from 'kysely';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/** The caller's own users row: what /me shows and the settings a person may change themselves. */

type Db = Kysely<MetastoreSchema>;

export async function findOwnUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'email', 'active', 'preferred_language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export interface OwnSettings {
  first_name?: string;
  last_name?: string;
  preferred_language?: string;
}

export async function updateOwnSettings(db: Db, userId: number, changes: OwnSettings): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, changed_on: nowIso() })
    .where('id', '=', userId)
    .execute();
}
