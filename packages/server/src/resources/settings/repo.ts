import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/**
 * The metastore's `settings` rows: one text value per key, for marks the server keeps across restarts
 * and processes (the examples' versions, a scheduler's "evaluated until").
 */

type Db = Kysely<MetastoreSchema>;

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Writes the value, replacing what the key held. */
export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}

/** A time kept under `key`, or null when there is none or it does not read as one. */
export async function readTimeSetting(db: Db, key: string): Promise<Date | null> {
  const value = await readSetting(db, key);
  const time = value === null ? Number.NaN : Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

export async function writeTimeSetting(db: Db, key: string, time: Date): Promise<void> {
  await writeSetting(db, key, time.toISOString());
}
