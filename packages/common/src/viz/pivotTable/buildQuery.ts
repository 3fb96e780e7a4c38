/**
 * Pivot table form data → query context, as Superset's pivot builds it: one aggregate query grouped by
 * the column dimensions then the row dimensions (temporal ones bucketed by the time grain), ordered by
 * the sort metric or the first metric. The pivoting and its totals happen in transformProps.
 */
import type { OrderByItem, QueryColumn, QueryObject } from '../../query/types.ts';
import { columnLabel } from '../../query/types.ts';
import { baseQueryObject, columnsOf, intOf, metricsOf, queryContext } from '../shared/query.ts';
import { bucketedColumn } from '../table/buildQuery.ts';
import type { BuildQueryOptions, FormData, QueryContext } from '../types.ts';

function pivotColumns(formData: FormData): QueryColumn[] {
  const seen = new Set<string>();
  const columns: QueryColumn[] = [];
  for (const column of [...columnsOf(formData, 'groupbyColumns'), ...columnsOf(formData, 'groupbyRows')]) {
    const label = columnLabel(column);
    if (seen.has(label)) continue;
    seen.add(label);
    columns.push(bucketedColumn(formData, column));
  }
  return columns;
}

export function buildQuery(formData: FormData, _options: BuildQueryOptions = {}): QueryContext {
  const metrics = metricsOf(formData);
  const sortMetric = metricsOf(formData, 'series_limit_metric')[0];
  const orderDesc = formData.order_desc !== false;
  const orderBy = sortMetric ?? metrics[0];
  const orderby: OrderByItem[] = orderBy === undefined ? [] : [[orderBy, !orderDesc]];
  const cellLimit = intOf(formData.series_limit, 0);
  const query: QueryObject = {
    ...baseQueryObject(formData),
    columns: pivotColumns(formData),
    metrics,
    orderby,
    ...(cellLimit > 0 ? { series_limit: cellLimit } : {}),
    ...(cellLimit > 0 && sortMetric !== undefined ? { series_limit_metric: sortMetric } : {}),
  };
  return queryContext(formData, [query]);
}
