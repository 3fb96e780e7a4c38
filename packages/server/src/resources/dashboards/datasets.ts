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

const HIDDEN_WITHOUT_ACCESS = [
  'sql',
  'select_star',
  'schema',
  'catalog',
  'template_params',
  'fetch_values_predicate',
  'owners',
];

function withoutExpressions(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item) =>
    typeof item === 'object' && item !== null ? { ...item, expression: null } : item,
  );
}

export async function dashboardDatasets(
  db: Db,
  principal: Principal,
  dashboardId: number,
): Promise<Array<Record<string, unknown>>> {
  const ids = await datasetIdsOfDashboard(db, dashboardId);
  const result: Array<Record<string, unknown>> = [];
  for (const id of ids) {
    const dataset = await datasets.findDatasetRow(db, id);
    if (!dataset) continue;
    const presented = await exploreDataset(db, dataset);
    if (canAccessAllData(principal) || (await canQueryDataset(db, principal, id))) {
      result.push(presented);
      continue;
    }
    const trimmed: Record<string, unknown> = { ...presented };
    for (const key of HIDDEN_WITHOUT_ACCESS) {
      trimmed[key] = key === 'owners' ? [] : null;
    }
    trimmed.columns = withoutExpressions(presented.columns);
    trimmed.metrics = withoutExpressions(presented.metrics);
    result.push(trimmed);
  }
  return result;
}
