import type { QueryColumn, QueryContext, QueryFilter } from '@vitrina/common';

/** Rows per page of the drill-to-detail table. */
export const DRILL_PAGE_SIZE = 50;

/** The body of `POST /datasource/samples` that makes it a drill-detail query: the chart's filters. */
export interface DrillPayload {
  filters: QueryFilter[];
  granularity: string | null;
  time_range: string | null;
  extras: { where?: string };
}

/** The chart's filters, time column, time range and WHERE clause, without its metrics or grouping. */
export function drillPayload(queryContext: QueryContext): DrillPayload {
  const query = queryContext.queries[0] ?? {};
  const where = query.extras?.where ?? query.where;
  return {
    filters: query.filters ?? [],
    granularity: query.granularity ?? query.granularity_sqla ?? null,
    time_range: query.time_range ?? null,
    extras: where ? { where } : {},
  };
}

/** The dataset's id: a number, or the id part of a "3__table" key. */
export function datasourceId(queryContext: QueryContext): number | null {
  const { id } = queryContext.datasource;
  const value = typeof id === 'number' ? id : Number.parseInt(String(id).split('__')[0] ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The samples address for one page. */
export function drillSamplesPath(id: number, page: number): string {
  const params = new URLSearchParams({
    datasource_id: String(id),
    datasource_type: 'table',
    page: String(page),
    per_page: String(DRILL_PAGE_SIZE),
  });
  return `/datasource/samples?${params.toString()}`;
}

function columnName(column: QueryColumn): string {
  if (typeof column === 'string') return column;
  return column.label ?? column.sqlExpression;
}

function valueText(value: QueryFilter['val']): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  return String(value);
}

/** A filter as the modal lists it: "country IN FR, DE", "amount > 5", "ds TEMPORAL_RANGE Last week". */
export function filterText(filter: QueryFilter): string {
  return [columnName(filter.col), filter.op, valueText(filter.val)].filter(Boolean).join(' ');
}
