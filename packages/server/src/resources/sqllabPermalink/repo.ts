import type { Kysely } from 'kysely';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { isWellFormedKey, newKey } from '../keyValue/repo.ts';

/**
 * SQL Lab's shared state in the key_value table: permalinks (a JSON state under an unguessable key) and
 * the deprecated `/kv/store/` share links (the raw text the client posted). keyValue/repo.ts's helpers are
 * typed to the explore and dashboard kinds, so these two kinds are read and written here.
 */

type Db = Kysely<MetastoreSchema>;
export type SqlLabKeyKind = 'sqllab_permalink' | 'sqllab_kv';

export async function storeValue(
  db: Db,
  kind: SqlLabKeyKind,
  text: string,
  createdBy: number,
): Promise<string> {
  const key = newKey();
  await db
    .insertInto('key_value')
    .values({
      key,
      resource: kind,
      value: text,
      created_on: nowIso(),
      created_by_fk: createdBy,
      expires_on: null,
    })
    .execute();
  return key;
}

/** The text stored under `key` for `kind`; undefined when there is none or it has expired. */
export async function readValue(db: Db, kind: SqlLabKeyKind, key: string): Promise<string | undefined> {
  if (!isWellFormedKey(key)) return undefined;
  const row = await db
    .selectFrom('key_value')
    .select(['value', 'expires_on'])
    .where('key', '=', key)
    .where('resource', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_on !== null && row.expires_on <= nowIso()) return undefined;
  return row.value;
}
