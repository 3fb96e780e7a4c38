import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { FilterSetsTable, MetastoreSchema } from '../../platform/metastore/schema.ts';

/** The filter_sets table. */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;
export type FilterSetRow = Selectable<FilterSetsTable>;
export type OwnerType = FilterSetRow['owner_type'];

/** The sets of a dashboard the caller may see: all of them for `userId` null (admin). */
export async function listFilterSets(
  db: Db,
  dashboardId: number,
  userId: number | null,
): Promise<FilterSetRow[]> {
  let query = db.selectFrom('filter_sets').selectAll().where('dashboard_id', '=', dashboardId);
  if (userId !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('owner_type', '=', 'Dashboard'),
        eb.and([eb('owner_type', '=', 'User'), eb('owner_id', '=', userId)]),
      ]),
    );
  }
  return query.orderBy('id').execute();
}

export async function findFilterSet(
  db: Db,
  dashboardId: number,
  id: number,
): Promise<FilterSetRow | undefined> {
  return db
    .selectFrom('filter_sets')
    .selectAll()
    .where('dashboard_id', '=', dashboardId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertFilterSet(db: Db, row: Insertable<FilterSetsTable>): Promise<number> {
  const inserted = await db.insertInto('filter_sets').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateFilterSet(
  db: Db,
  id: number,
  changes: Updateable<FilterSetsTable>,
): Promise<void> {
  await db.updateTable('filter_sets').set(changes).where('id', '=', id).execute();
}

export async function deleteFilterSet(db: Db, id: number): Promise<void> {
  await db.deleteFrom('filter_sets').where('id', '=', id).execute();
}

/** Makes every other set of the same owner on the dashboard not primary. */
export async function clearPrimary(
  db: Db,
  set: { dashboard_id: number; owner_type: OwnerType; owner_id: number },
  exceptId: number,
): Promise<void> {
  await db
    .updateTable('filter_sets')
    .set({ is_primary: 0 })
    .where('dashboard_id', '=', set.dashboard_id)
    .where('owner_type', '=', set.owner_type)
    .where('owner_id', '=', set.owner_id)
    .where('id', '!=', exceptId)
    .where('is_primary', '=', 1)
    .execute();
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
