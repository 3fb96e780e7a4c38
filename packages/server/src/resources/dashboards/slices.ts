import type { Kysely, Transaction } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { chartVisibleCondition } from '../charts/access.ts';
import { parseJsonObject } from '../charts/formData.ts';
import { visibleChartIds } from '../charts/repo.ts';
import { chartIdsInLayout } from './documents.ts';
import * as repo from './repo.ts';

/**
 * A dashboard's charts follow its layout, as Superset's save does: the charts named by CHART nodes of
 * position_json are the dashboard's charts (dashboard_slices). Charts taken out of the layout leave
 * the dashboard; charts put into it join, when the person saving may read them.
 */

type Db = Kysely<MetastoreSchema> | Transaction<MetastoreSchema>;

/** The ids among `ids` naming charts the caller may read. */
export async function readableChartIds(
  db: Db,
  principal: Principal,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await visibleChartIds(
    db,
    ids,
    await chartVisibleCondition(db as Kysely<MetastoreSchema>, principal),
  );
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
  const current = await repo.dashboardChartIds(trx, dashboardId);
  const removed = current.filter((id) => !inLayout.includes(id));
  const candidates = inLayout.filter((id) => !current.includes(id));
  const added = await readableChartIds(trx, principal, candidates);
  await repo.unlinkCharts(trx, dashboardId, removed);
  await repo.linkCharts(trx, dashboardId, added);
}
