/**
 * What a click on a chart filters by, as Superset's charts decide it. Each chart type that emits
 * cross-filters says which kind of target it is (its plugin's crossFilterTarget); the dashboard reads a
 * click against that target generically (web: dashboard/crossFilters/clickTarget.ts).
 * - `series`: a timeseries chart with dimensions, on the clicked series' value of each dimension (the
 *   mixed chart on the clicked query's dimensions, its series ids prefixed `A:` / `B:`);
 * - `category`: a timeseries chart without dimensions, on the clicked category of a non-temporal x-axis;
 * - `row`: one element per result row (pie slice, funnel step, gauge dial, box of a box plot, word of a
 *   word cloud), on that row's dimension values;
 * - `tree`: a treemap or sunburst node, on the values of its path (one filter per level);
 * - `heatmap`: a cell, on its x and y values;
 * - `cell`: a table's own component reports the clicked cell;
 * - `dimensions`: a pivot table's own component reports the dimension values of the clicked header or
 *   cell (its row and column dimensions).
 */
import type { QueryColumn } from '../../query/types.ts';
import type { SortAxis } from '../heatmap/controlPanel.ts';
import type { DatasourceMeta, FormData } from '../types.ts';
import { columnsOf, metricsOf } from './query.ts';

export type CrossFilterTarget =
  | { kind: 'series'; queries: SeriesQuery[] }
  | { kind: 'category'; column: string }
  | { kind: 'row'; element: RowElement; columns: QueryColumn[]; perRow: number }
  | { kind: 'tree'; columns: QueryColumn[]; skip: number }
  | { kind: 'heatmap'; x: QueryColumn; y: QueryColumn; metric: string; sortX: SortAxis; sortY: SortAxis }
  | { kind: 'cell' }
  | { kind: 'dimensions'; columns: QueryColumn[] };

/** The series of one query of a timeseries chart: their id prefix and the query's dimensions. */
export interface SeriesQuery {
  prefix: string;
  columns: QueryColumn[];
}

/** The ECharts series type whose items are rows; `graphic` is the word cloud's text elements. */
export type RowElement = 'pie' | 'funnel' | 'gauge' | 'boxplot' | 'graphic';

/** A chart type's rule: the target its form data gives, or null when this form data cannot filter. */
export type CrossFilterRule = (
  formData: FormData,
  datasource: DatasourceMeta | null,
) => CrossFilterTarget | null;

const GENERIC_TEMPORAL = 2;

/** The dataset's description of a plain column (adhoc columns have none). */
export function columnMeta(column: QueryColumn, datasource: DatasourceMeta | null) {
  if (typeof column !== 'string') return undefined;
  return datasource?.columns.find((candidate) => candidate.column_name === column);
}

/** Unknown columns count as temporal: a click on a time axis never filters. */
function isTemporal(column: string, datasource: DatasourceMeta | null): boolean {
  const meta = columnMeta(column, datasource);
  return meta ? meta.is_dttm || meta.type_generic === GENERIC_TEMPORAL : true;
}

/** Timeseries charts: the clicked series' dimensions, else the clicked category of a non-temporal x-axis. */
export const timeseriesTarget: CrossFilterRule = (formData, datasource) => {
  const groupby = columnsOf(formData, 'groupby');
  if (groupby.length > 0) return { kind: 'series', queries: [{ prefix: '', columns: groupby }] };
  const xAxis = formData.x_axis;
  if (typeof xAxis !== 'string' || !xAxis || isTemporal(xAxis, datasource)) return null;
  return { kind: 'category', column: xAxis };
};

/** Charts drawing one element per row: the row's values of the dimensions in `control`. */
export function rowTarget(element: RowElement, control: string): CrossFilterRule {
  return (formData) => {
    const columns = columnsOf(formData, control);
    if (columns.length === 0) return null;
    // A box plot draws one box per row and metric.
    const perRow = element === 'boxplot' ? Math.max(1, metricsOf(formData, 'metrics').length) : 1;
    return { kind: 'row', element, columns, perRow };
  };
}

/** Tree charts: the path's values of the dimensions in `control`, below `skip` levels ECharts adds. */
export function treeTarget(control: string, skip: number): CrossFilterRule {
  return (formData) => {
    const columns = columnsOf(formData, control);
    return columns.length > 0 ? { kind: 'tree', columns, skip } : null;
  };
}
