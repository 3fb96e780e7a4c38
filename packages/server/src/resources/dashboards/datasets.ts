import type { DashboardDataset } from '@vitrina/common';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { canAccessAllData } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { canQueryDataset } from '../charts/access.ts';
import * as datasets from '../datasets/repo.ts';
import { exploreDataset } from '../explore/dataset.ts';
import { datasetIdsOfDashboard } from './repo.ts';

/**
 * `GET /api/v1/dashboard/{id_or_slug}/datasets`: the datasets behind the dashboard's charts, with
 * their columns and metrics (native filters and cross-filters need them). As newer Superset builds do,
 * a dataset the caller may not query keeps its columns and metrics but loses its SQL, schema and owners —
 * and here also every SQL expression (calculated columns, metrics, the values predicate), as no text of
 * a dataset the caller cannot query is shown to them.
 */

type Db = Kysely<MetastoreSchema>;

/** The dataset as a caller who may not query it sees it: no SQL, no owners, no expression. */
function withoutSql(dataset: DashboardDataset): DashboardDataset {
  return {
    ...dataset,
    sql: null,
    select_star: null,
    schema: null,
    catalog: null,
    template_params: null,
    fetch_values_predicate: null,
    owners: [],
    columns: dataset.columns.map((column) => ({ ...column, expression: null })),
    metrics: dataset.metrics.map((metric) => ({ ...metric, expression: null })),
  };
}

export async function dashboardDatasets(
  db: Db,
  principal: Principal,
  dashboardId: number,
): Promise<DashboardDataset[]> {
  const ids = await datasetIdsOfDashboard(db, dashboardId);
  const result: DashboardDataset[] = [];
  for (const id of ids) {
    const dataset = await datasets.findDatasetRow(db, id);
    if (!dataset) continue;
    const presented = await exploreDataset(db, dataset);
    // A guest queries the dataset through the dashboard but never sees its SQL.
    const mayQuery =
      !principal.guest && (canAccessAllData(principal) || (await canQueryDataset(db, principal, id)));
    result.push(mayQuery ? presented : withoutSql(presented));
  }
  return result;
}
