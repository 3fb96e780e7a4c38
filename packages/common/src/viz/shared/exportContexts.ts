/**
 * The query contexts of the two extra CSV exports of Superset's chart menus (B §6, "pivot csv" and
 * "full csv"): both go to the chart data API with result_format csv.
 */
import { columnLabel, metricLabel } from '../../query/types.ts';
import type { FormData, QueryContext } from '../types.ts';

/** Superset shows "Export to pivoted .CSV" for these chart types (VIZ_TYPES_PIVOTABLE). */
export const PIVOTABLE_VIZ_TYPES: readonly string[] = ['pivot_table_v2'];
/** And "Export to full .CSV" for these (the table; the pivot table's rows are its cells). */
export const FULL_CSV_VIZ_TYPES: readonly string[] = ['table'];

const labelsOf = (formData: FormData, key: string): string[] =>
  (Array.isArray(formData[key]) ? (formData[key] as Parameters<typeof columnLabel>[0][]) : []).map(
    columnLabel,
  );

/**
 * The pivot table's query with the pivot it draws as post-processing: its row dimensions down, its
 * column dimensions across, one column per metric and column value (Superset's post_processed export).
 * Without row dimensions the column dimensions go down, as a pivot needs an index.
 */
export function pivotedCsvContext(context: QueryContext, formData: FormData): QueryContext {
  const rows = labelsOf(formData, 'groupbyRows');
  const columns = labelsOf(formData, 'groupbyColumns');
  const index = rows.length > 0 ? rows : columns;
  const across = rows.length > 0 ? columns.filter((column) => !rows.includes(column)) : [];
  return {
    ...context,
    result_format: 'csv',
    result_type: 'post_processed',
    queries: context.queries.map((query) => {
      const metrics = (query.metrics ?? []).map(metricLabel);
      if (index.length === 0 || metrics.length === 0) return query;
      const aggregates = Object.fromEntries(metrics.map((metric) => [metric, { operator: 'sum' as const }]));
      return {
        ...query,
        post_processing: [
          ...(query.post_processing ?? []),
          {
            operation: 'pivot',
            options: { index, columns: across, aggregates, drop_missing_columns: false },
          },
          { operation: 'flatten' },
        ],
      };
    }),
  };
}

/** The chart's query without its row limit: every row up to the server's ceiling (SQL_MAX_ROW). */
export function fullCsvContext(context: QueryContext, maxRows: number): QueryContext {
  return {
    ...context,
    result_format: 'csv',
    result_type: 'full',
    queries: context.queries.map((query) => ({ ...query, row_limit: maxRows })),
  };
}
