import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/**
 * Small shared state behind opaque keys (permalinks): a JSON value stored under a random key of a
 * resource kind. Keys carry 192 random bits, so they cannot be guessed or enumerated.
 */

type Db = Kysely<MetastoreSchema>;

/**
 * The kinds of value the store holds; a key of one kind never answers for another. A dashboard's
 * filter state lives under a random key; `dashboard_filter_state_tab` maps a user's browser tab on a
 * dashboard to that key.
 */
export type KeyValueResource =
  | 'explore_permalink'
  | 'dashboard_permalink'
  | 'dashboard_filter_state'
  | 'dashboard_filter_state_tab'
  | 'sqllab_permalink'
  /** SQL Lab's deprecated `/kv/store/` share links: the raw text the client posted, not JSON. */
  | 'sqllab_kv';

export function newKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Keys are base64url text of 32 characters; anything else cannot name an entry. */
export function isWellFormedKey(key: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(key);
}

/** Stores `value` under a new key and returns the key. */
export async function createEntry(
  db: Db,
  entry: { resource: KeyValueResource; value: unknown; createdBy: number | null; expiresOn?: string | null },
): Promise<string> {
  return createTextEntry(db, { ...entry, text: JSON.stringify(entry.value) });
}

/** Stores `text` as it is under a new key and returns the key. */
export async function createTextEntry(
  db: Db,
  entry: { resource: KeyValueResource; text: string; createdBy: number | null; expiresOn?: string | null },
): Promise<string> {
  const key = newKey();
  await db
    .insertInto('key_value')
    .values({
      key,
      resource: entry.resource,
      value: entry.text,
      created_on: nowIso(),
      created_by_fk: entry.createdBy,
      expires_on: entry.expiresOn ?? null,
    })
    .execute();
  return key;
}

/** The value stored under `key` for `resource`; undefined when there is none or it has expired. */
export async function readEntry(db: Db, resource: KeyValueResource, key: string): Promise<unknown> {
  const text = await readTextEntry(db, resource, key);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The text stored under `key` for `resource`; undefined when there is none or it has expired. */
export async function readTextEntry(
  db: Db,
  resource: KeyValueResource,
  key: string,
): Promise<string | undefined> {
  if (!isWellFormedKey(key)) return undefined;
  const row = await db
    .selectFrom('key_value')
    .select(['value', 'expires_on'])
    .where('key', '=', key)
    .where('resource', '=', resource)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_on !== null && row.expires_on <= nowIso()) return undefined;
  return row.value;
}

/** Stores `value` under a key the caller chose, replacing what that key held for `resource`. */
export async function writeEntry(
  db: Db,
  entry: {
    key: string;
    resource: KeyValueResource;
    value: unknown;
    createdBy: number | null;
    expiresOn: string | null;
  },
): Promise<void> {
  const value = JSON.stringify(entry.value);
  await db
    .insertInto('key_value')
    .values({
      key: entry.key,
      resource: entry.resource,
      value,
      created_on: nowIso(),
      created_by_fk: entry.createdBy,
      expires_on: entry.expiresOn,
    })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ value, expires_on: entry.expiresOn })
        .where('key_value.resource', '=', entry.resource),
    )
    .execute();
}

export async function deleteEntry(db: Db, resource: KeyValueResource, key: string): Promise<void> {
  if (!isWellFormedKey(key)) return;
  await db.deleteFrom('key_value').where('key', '=', key).where('resource', '=', resource).execute();
}
