import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

/**
 * A user's favourite charts and dashboards (Superset's favstar table): one row per user, class and
 * object. The object is polymorphic, so there is no foreign key: deleting a chart or a dashboard removes
 * its rows with removeFavouritesOf.
 */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;

/** Superset's favstar class names, kept so its data and clients line up. */
export const FAVOURITE_CLASS = { chart: 'slice', dashboard: 'Dashboard', tag: 'Tag' } as const;
export type FavouriteClass = (typeof FAVOURITE_CLASS)[keyof typeof FAVOURITE_CLASS];

/** The ids among `ids` the user has starred. */
export async function favouriteIds(
  db: Db,
  userId: number,
  className: FavouriteClass,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('favourites')
    .select('obj_id')
    .where('user_id', '=', userId)
    .where('class_name', '=', className)
    .where('obj_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.obj_id));
}

/** Stars an object; starring it again changes nothing. */
export async function addFavourite(
  db: Db,
  userId: number,
  className: FavouriteClass,
  objectId: number,
): Promise<void> {
  await db
    .insertInto('favourites')
    .values({ user_id: userId, class_name: className, obj_id: objectId, created_on: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'class_name', 'obj_id']).doNothing())
    .execute();
}

export async function removeFavourite(
  db: Db,
  userId: number,
  className: FavouriteClass,
  objectId: number,
): Promise<void> {
  await db
    .deleteFrom('favourites')
    .where('user_id', '=', userId)
    .where('class_name', '=', className)
    .where('obj_id', '=', objectId)
    .execute();
}

/** Everyone's stars on deleted objects; the caller runs it in the deleting transaction. */
export async function removeFavouritesOf(
  db: Db,
  className: FavouriteClass,
  objectIds: readonly number[],
): Promise<void> {
  if (objectIds.length === 0) return;
  await db
    .deleteFrom('favourites')
    .where('class_name', '=', className)
    .where('obj_id', 'in', [...objectIds])
    .execute();
}

/**
 * A list filter (`chart_is_favorite`, `dashboard_is_favorite`): the rows whose id column the user has
 * starred, or, with `starred` false, has not.
 */
export function favouriteCondition(
  idColumn: Expression<unknown>,
  userId: number,
  className: FavouriteClass,
  starred: boolean,
): Expression<SqlBool> {
  const ids = sql`(select f.obj_id from favourites f where f.user_id = ${userId} and f.class_name = ${className})`;
  return starred ? sql<SqlBool>`${idColumn} in ${ids}` : sql<SqlBool>`${idColumn} not in ${ids}`;
}
