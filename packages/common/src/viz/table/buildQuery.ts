/**
 * Table form data → query context, as Superset's table builds it. Aggregate mode groups by `groupby`
 * (temporal columns bucketed by the time grain), computes metrics and percentage metrics (a
 * contribution step renames them `%<metric>`) and orders by the sort metric or the first metric. Raw
 * mode selects `all_columns` ordered by `order_by_cols`. Server pagination takes the page from the
 * chart's own state and adds a row-count query; the summary row is one more query without groupby.
 */
import type { AdhocColumn, OrderByItem, QueryColumn, QueryMetric, QueryObject } from '../../query/types.ts';
import { metricLabel } from '../../query/types.ts';
import { baseQueryObject, columnsOf, intOf, metricsOf, queryContext, timeGrainOf } from '../shared/query.ts';
import type { BuildQueryOptions, FormData, QueryContext } from '../types.ts';
import { isTemporalColumn, queryModeOf } from './formData.ts';

export const DEFAULT_SERVER_PAGE_LENGTH = 10;

/** Percentage metrics come back under their label with this prefix. */
export const PERCENT_METRIC_PREFIX = '%';

export function percentMetricLabels(formData: FormData): string[] {
  return unique(metricsOf(formData, 'percent_metrics').map(metricLabel));
}

function unique<T>(items: T[], key: (item: T) => string = String): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = key(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * A dimension bucketed by the chosen time grain when it is a physical column explore marked temporal
 * (or the legacy time column); other dimensions as they are.
 */
export function bucketedColumn(formData: FormData, column: QueryColumn): QueryColumn {
  const grain = timeGrainOf(formData);
  if (typeof column !== 'string' || !grain || !isBucketed(formData, column)) return column;
  const bucketed: AdhocColumn = {
    label: column,
    sqlExpression: column,
    expressionType: 'SQL',
    columnType: 'BASE_AXIS',
    timeGrain: grain,
    isColumnReference: true,
  };
  return bucketed;
}

export function isBucketed(formData: FormData, column: string): boolean {
  return (
    timeGrainOf(formData) !== undefined &&
    (isTemporalColumn(formData, column) || formData.granularity_sqla === column)
  );
}

function groupbyColumns(formData: FormData): QueryColumn[] {
  return columnsOf(formData, 'groupby').map((column) => bucketedColumn(formData, column));
}

function aggregateQuery(formData: FormData, base: QueryObject): QueryObject {
  const percent = metricsOf(formData, 'percent_metrics');
  const metrics = unique([...metricsOf(formData), ...percent], metricLabel);
  const sortBy = metricsOf(formData, 'timeseries_limit_metric')[0];
  const orderDesc = formData.order_desc !== false;
  let orderby: OrderByItem[] = [];
  if (sortBy !== undefined) orderby = [[sortBy, !orderDesc]];
  // Without a sort metric Superset orders by the first metric, largest first.
  else if (metrics[0] !== undefined) orderby = [[metrics[0], false]];
  const labels = percentMetricLabels(formData);
  return {
    ...base,
    columns: groupbyColumns(formData),
    metrics,
    orderby,
    post_processing:
      labels.length > 0
        ? [
            {
              operation: 'contribution',
              options: {
                columns: labels,
                rename_columns: labels.map((label) => `${PERCENT_METRIC_PREFIX}${label}`),
              },
            },
          ]
        : [],
  };
}

/** order_by_cols entries are JSON text `["column", ascending]` (or already arrays). */
export function orderByColsOf(formData: FormData): OrderByItem[] {
  const raw = formData.order_by_cols;
  if (!Array.isArray(raw)) return [];
  const items: OrderByItem[] = [];
  for (const entry of raw) {
    let parsed: unknown = entry;
    if (typeof entry === 'string') {
      try {
        parsed = JSON.parse(entry);
      } catch {
        continue;
      }
    }
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'boolean') {
      const [column, ascending] = parsed as [QueryMetric, boolean];
      if (column !== null && column !== '') items.push([column, ascending]);
    }
  }
  return items;
}

function rawQuery(formData: FormData, base: QueryObject): QueryObject {
  return {
    ...base,
    columns: columnsOf(formData, 'all_columns'),
    orderby: orderByColsOf(formData),
    post_processing: [],
  };
}

/** The page a server-paginated table shows: its own state first, then the form data's page length. */
export function serverPageOf(
  formData: FormData,
  ownState: Record<string, unknown> = {},
): { currentPage: number; pageSize: number } {
  const pageSize = Math.max(
    1,
    intOf(ownState.pageSize, intOf(formData.server_page_length, DEFAULT_SERVER_PAGE_LENGTH)),
  );
  return { currentPage: intOf(ownState.currentPage, 0), pageSize };
}

/** The sort a user chose on a server-paginated table's header (own state `sortBy: [{key, desc}]`). */
export function serverSortOf(ownState: Record<string, unknown> = {}): { key: string; desc: boolean } | null {
  const sortBy = ownState.sortBy;
  const first = Array.isArray(sortBy) ? (sortBy[0] as Record<string, unknown> | undefined) : undefined;
  if (!first || typeof first.key !== 'string' || !first.key) return null;
  return { key: first.key, desc: first.desc === true };
}

function withoutPaging(query: QueryObject): QueryObject {
  const copy: QueryObject = { ...query, row_offset: 0, post_processing: [] };
  // No row_limit: the server applies its default, as Superset does for the 0 its client sends.
  delete copy.row_limit;
  return copy;
}

export function buildQuery(formData: FormData, options: BuildQueryOptions = {}): QueryContext {
  const mode = queryModeOf(formData);
  const base = baseQueryObject(formData);
  const main = mode === 'raw' ? rawQuery(formData, base) : aggregateQuery(formData, base);
  const serverPagination = formData.server_pagination === true;

  if (serverPagination) {
    const { currentPage, pageSize } = serverPageOf(formData, options.ownState);
    main.row_limit = pageSize;
    main.row_offset = currentPage * pageSize;
    const sort = serverSortOf(options.ownState);
    if (sort) main.orderby = [[sort.key, !sort.desc]];
  }

  const queries: QueryObject[] = [main];
  if (serverPagination) queries.push({ ...withoutPaging(main), is_rowcount: true });
  if (mode === 'aggregate' && formData.show_totals === true && (main.metrics ?? []).length > 0) {
    const totals: QueryObject = { ...withoutPaging(main), columns: [] };
    delete totals.orderby;
    delete totals.order_desc;
    queries.push(totals);
  }
  return queryContext(formData, queries);
}
