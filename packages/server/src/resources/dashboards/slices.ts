import type { Kysely, Transaction } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { chartVisibleCondition } from '../charts/access.ts';
import { parseJsonObject } from '../charts/formData.ts';
import { chartIdsInLayout } from './documents.ts';

/**
 * A dashboard's charts follow its layout, as Superset's save does: the charts named by CHART nodes of
 * position_json are the dashboard's charts (dashboard_slices). Charts taken out of the layout leave
 * the dashboard; charts put into it join, when the person saving may read them.
 */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;

export async function dashboardChartIds(db: Db, dashboardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', dashboardId)
    .execute();
  return rows.map((row) => row.slice_id);
}

/** The ids among `ids` naming charts the caller may read. */
export async function readableChartIds(
  db: Db,
  principal: Principal,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('slices as s')
    .select('s.id')
    .where('s.id', 'in', [...ids])
    .where(await chartVisibleCondition(db as Kysely<MetastoreSchema>, principal))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Makes the dashboard's charts those of the layout (in the caller's transaction). A layout that is
 * missing leaves the charts as they are: the dashboard then lays them out itself.
 */
export async function syncChartsWithLayout(
  trx: Db,
  principal: Principal,
  dashboardId: number,
  positionJson: string | null,
): Promise<void> {
  if (!parseJsonObject(positionJson ?? '')) return;
  const inLayout = chartIdsInLayout(positionJson);
  const current = await dashboardChartIds(trx, dashboardId);
  const removed = current.filter((id) => !inLayout.includes(id));
  const candidates = inLayout.filter((id) => !current.includes(id));
  const added = await readableChartIds(trx, principal, candidates);
  if (removed.length > 0) {
    await trx
      .deleteFrom('dashboard_slices')
      .where('dashboard_id', '=', dashboardId)
      .where('slice_id', 'in', removed)
      .execute();
  }
  if (added.length > 0) {
    await trx
      .insertInto('dashboard_slices')
      .values(added.map((sliceId) => ({ dashboard_id: dashboardId, slice_id: sliceId })))
      .execute();
  }
}
