import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import {
  canAccessAllData,
  canAccessDataset,
  datasetAccessCondition,
  datasetAccessFilter,
} from '../../security/dataAccess.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { findDatabase } from '../databases/repo.ts';
import * as datasets from '../datasets/repo.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/**
 * Which charts the caller sees and changes. As Superset's ChartFilter, a chart is visible when the
 * caller may query its dataset (data access, or owning the dataset); owners and admins change it.
 */

/** A where-condition over slices (alias `s`): the charts whose dataset the caller may query. */
export async function chartVisibleCondition(db: Db, principal: Principal): Promise<Expression<SqlBool>> {
  // A guest sees the charts of the token's dashboards only, not every chart of their datasets.
  if (principal.guest) {
    const ids = [...principal.guest.chartIds];
    return ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`s.id in (${sql.join(ids)})`;
  }
  const filter = await datasetAccessFilter(db, principal);
  if (filter === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(s.datasource_type = 'table' and s.datasource_id in (select vds.id from datasets vds where ${datasetAccessCondition(filter, 'vds')} or vds.id in (select vo.dataset_id from dataset_owners vo where vo.user_id = ${principal.id})))`;
}

/** Whether the caller may query the dataset with this id (false when there is no such dataset). */
export async function canQueryDataset(db: Db, principal: Principal, datasetId: number): Promise<boolean> {
  const dataset = await datasets.findDatasetRow(db, datasetId);
  if (!dataset) return false;
  const database = await findDatabase(db, dataset.database_id);
  if (!database) return false;
  return canAccessDataset(principal, dataset, database) || datasets.isOwner(db, dataset.id, principal.id);
}

/** The chart when the caller may see it; 404 otherwise (Superset's base filter answers the same). */
export async function visibleChart(
  db: Db,
  principal: Principal,
  idOrUuid: string | number,
): Promise<repo.SliceRow> {
  const chart =
    typeof idOrUuid === 'number'
      ? await repo.findSlice(db, idOrUuid)
      : await repo.findSliceByIdOrUuid(db, idOrUuid);
  if (!chart) throw new NotFoundError();
  if (principal.guest && !principal.guest.chartIds.has(chart.id)) throw new NotFoundError();
  if (canAccessAllData(principal)) return chart;
  if (chart.datasource_type !== 'table' || !(await canQueryDataset(db, principal, chart.datasource_id))) {
    throw new NotFoundError();
  }
  return chart;
}

export async function canEditChart(db: Db, principal: Principal, chartId: number): Promise<boolean> {
  return principal.isAdmin || repo.isOwner(db, chartId, principal.id);
}

/** Owners and admins change a chart; anyone else who sees it gets Superset's 403. */
export async function editableChart(db: Db, principal: Principal, id: number): Promise<repo.SliceRow> {
  const chart = await visibleChart(db, principal, id);
  if (!(await canEditChart(db, principal, chart.id))) throw new ForbiddenError();
  return chart;
}

/**
 * Checks dashboards a chart is being put on: the ids that name no dashboard are answered (the caller
 * reports them as a field error); any existing one the caller may not edit is a 403, as Superset's
 * DashboardsForbiddenError.
 */
export async function unknownOrForbiddenDashboards(
  db: Db,
  principal: Principal,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findDashboardsByIds(db, unique);
  const foundIds = new Set(found.map((dashboard) => dashboard.id));
  if (!principal.isAdmin) {
    const owned = await repo.ownedDashboardIds(db, [...foundIds], principal.id);
    const mayWrite = hasPermission(principal, 'can_write', 'Dashboard');
    if ([...foundIds].some((id) => !mayWrite || !owned.has(id))) {
      throw new ForbiddenError('Changing one or more of these dashboards is forbidden');
    }
  }
  return unique.filter((id) => !foundIds.has(id));
}
