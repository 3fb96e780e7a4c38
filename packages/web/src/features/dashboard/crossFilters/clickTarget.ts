import type { ChartDataResult, DatasourceMeta, FormData, LanguageCode, QueryColumn } from '@vitrina/common';
import type { CrossFilterPair, CrossFilterValue } from '@vitrina/common/filters/crossFilter';
import { splitLevels } from '@vitrina/common/query/postProcessing/util';
import { columnLabel, metricLabel } from '@vitrina/common/query/types';
import { dateFormatter } from '@vitrina/common/viz/echartsShared/format';
import { withDefaults } from '@vitrina/common/viz/echartsShared/formData';
import { coltypesOf, valueLabel } from '@vitrina/common/viz/echartsShared/labels';
import { distinctValues, sortAxis } from '@vitrina/common/viz/heatmap/axes';
import { controlPanel as heatmapControlPanel, type SortAxis } from '@vitrina/common/viz/heatmap/controlPanel';
import { columnsOf, metricsOf } from '@vitrina/common/viz/shared/query';
import { formDataOfQuery } from '@vitrina/common/viz/timeseries/formData';

/**
 * What a click on a chart filters by, as Superset's charts decide it:
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

/** What a click selects: one value per column (one column for a slice of a one-dimension pie). */
export type CrossFilterSelection = CrossFilterPair[];

/** What reading a click needs besides the target: the chart's data, form data and dataset. */
export interface ClickContext {
  queriesData: readonly ChartDataResult[] | null;
  formData: FormData | null;
  datasource: DatasourceMeta | null;
  locale: LanguageCode;
}

const TIMESERIES = new Set([
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
]);
const ROW_ELEMENTS: Record<string, { element: RowElement; control: string }> = {
  pie: { element: 'pie', control: 'groupby' },
  funnel: { element: 'funnel', control: 'groupby' },
  gauge_chart: { element: 'gauge', control: 'groupby' },
  box_plot: { element: 'boxplot', control: 'groupby' },
  word_cloud: { element: 'graphic', control: 'series' },
};
const TREES: Record<string, { control: string; skip: number }> = {
  // ECharts puts a root named after the series above the data; the treemap's data has the metric's node.
  treemap_v2: { control: 'groupby', skip: 2 },
  sunburst_v2: { control: 'columns', skip: 1 },
};
const CROSS_FILTERING = new Set([
  'table',
  'pivot_table_v2',
  'mixed_timeseries',
  'heatmap_v2',
  ...TIMESERIES,
  ...Object.keys(ROW_ELEMENTS),
  ...Object.keys(TREES),
]);

const GENERIC_NUMERIC = 0;
const GENERIC_TEMPORAL = 2;
const GENERIC_BOOLEAN = 3;
const ANNOTATION_ID = /^(formula|event|interval|timeseries):/;
/** The pivot operator's name for a null dimension value in a series id. */
const NULL_LEVEL = '<NULL>';

/** Chart types that can emit a cross-filter (with suitable form data). */
export function supportsCrossFilters(vizType: string): boolean {
  return CROSS_FILTERING.has(vizType);
}

function columnMeta(column: QueryColumn, datasource: DatasourceMeta | null) {
  if (typeof column !== 'string') return undefined;
  return datasource?.columns.find((candidate) => candidate.column_name === column);
}

function isTemporal(column: string, datasource: DatasourceMeta | null): boolean {
  const meta = columnMeta(column, datasource);
  return meta ? meta.is_dttm || meta.type_generic === GENERIC_TEMPORAL : true;
}

function timeseriesTarget(formData: FormData, datasource: DatasourceMeta | null): CrossFilterTarget | null {
  const groupby = columnsOf(formData, 'groupby');
  if (groupby.length > 0) return { kind: 'series', queries: [{ prefix: '', columns: groupby }] };
  const xAxis = formData.x_axis;
  if (typeof xAxis !== 'string' || !xAxis || isTemporal(xAxis, datasource)) return null;
  return { kind: 'category', column: xAxis };
}

/** The dimensions a chart of this type and form data cross-filters on, or null when it cannot. */
export function crossFilterTarget(
  vizType: string,
  formData: FormData,
  datasource: DatasourceMeta | null,
): CrossFilterTarget | null {
  if (vizType === 'table') return { kind: 'cell' };
  if (vizType === 'pivot_table_v2') {
    const columns = [...columnsOf(formData, 'groupbyRows'), ...columnsOf(formData, 'groupbyColumns')];
    return columns.length > 0 ? { kind: 'dimensions', columns } : null;
  }
  if (TIMESERIES.has(vizType)) return timeseriesTarget(formData, datasource);
  if (vizType === 'mixed_timeseries') {
    const queries = (['A', 'B'] as const).map((query) => ({
      prefix: `${query}:`,
      columns: columnsOf(formDataOfQuery(formData, query), 'groupby'),
    }));
    return queries.some((query) => query.columns.length > 0) ? { kind: 'series', queries } : null;
  }
  const rows = ROW_ELEMENTS[vizType];
  if (rows) {
    const columns = columnsOf(formData, rows.control);
    if (columns.length === 0) return null;
    const perRow = rows.element === 'boxplot' ? Math.max(1, metricsOf(formData, 'metrics').length) : 1;
    return { kind: 'row', element: rows.element, columns, perRow };
  }
  const tree = TREES[vizType];
  if (tree) {
    const columns = columnsOf(formData, tree.control);
    return columns.length > 0 ? { kind: 'tree', columns, skip: tree.skip } : null;
  }
  if (vizType === 'heatmap_v2') {
    const withSorts = withDefaults(heatmapControlPanel, formData);
    const x = formData.x_axis as QueryColumn | undefined;
    const [y] = columnsOf(formData, 'groupby');
    const [metric] = metricsOf(formData, 'metric');
    if (!x || !y || !metric) return null;
    return {
      kind: 'heatmap',
      x,
      y,
      metric: metricLabel(metric),
      sortX: withSorts.sort_x_axis as SortAxis,
      sortY: withSorts.sort_y_axis as SortAxis,
    };
  }
  return null;
}

/** The parts of an ECharts click event this code reads. */
interface ClickParams {
  componentType?: string;
  seriesType?: string;
  seriesId?: string;
  seriesName?: string;
  name?: string;
  dataIndex?: number;
  value?: unknown;
  info?: { row?: unknown };
  treePathInfo?: Array<{ name?: string }>;
}

function asClick(params: unknown): ClickParams | null {
  return typeof params === 'object' && params !== null ? (params as ClickParams) : null;
}

function cellValue(raw: unknown): CrossFilterValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  return String(raw);
}

/**
 * A dimension value as a series id holds it (text, as the pivot wrote it) in the column's type where the
 * dataset says it: numbers and booleans filter as such, not as their text.
 */
export function levelValue(level: string, column: QueryColumn, datasource: DatasourceMeta | null) {
  if (level === NULL_LEVEL) return null;
  const type = columnMeta(column, datasource)?.type_generic;
  if (type === GENERIC_NUMERIC && level.trim() !== '' && Number.isFinite(Number(level))) return Number(level);
  if (type === GENERIC_BOOLEAN && /^(true|false)$/i.test(level)) return level.toLowerCase() === 'true';
  return level;
}

/** The query of a series id and its dimension values (the id's last levels), or null. */
export function seriesValues(
  queries: readonly SeriesQuery[],
  id: string,
  datasource: DatasourceMeta | null,
): { query: SeriesQuery; values: CrossFilterValue[] } | null {
  if (ANNOTATION_ID.test(id)) return null;
  const query =
    queries.find((candidate) => candidate.prefix !== '' && id.startsWith(candidate.prefix)) ??
    queries.find((candidate) => candidate.prefix === '');
  if (!query || query.columns.length === 0) return null;
  const levels = splitLevels(id.slice(query.prefix.length));
  const n = query.columns.length;
  if (levels.length < n) return null;
  const values = levels
    .slice(-n)
    .map((level, i) => levelValue(level, query.columns[i] as QueryColumn, datasource));
  return { query, values };
}

type Row = Record<string, unknown>;

const rowsOf = (context: Pick<ClickContext, 'queriesData'>): Row[] =>
  (context.queriesData?.[0]?.data ?? []) as Row[];

/** A row's values on the columns, or null when a column is missing from it. */
export function rowValues(row: Row | undefined, columns: readonly QueryColumn[]): CrossFilterValue[] | null {
  if (!row) return null;
  const labels = columns.map(columnLabel);
  if (!labels.every((label) => label in row)) return null;
  return labels.map((label) => cellValue(row[label]));
}

const PATH_SEPARATOR = '\u0001';

/**
 * The values of each tree node, keyed by its path of names (joined): taken from the first row whose
 * labels along the path are those names, labelled as the treemap and sunburst label their nodes.
 */
export function treeNodeValues(
  columns: readonly QueryColumn[],
  context: ClickContext,
): Map<string, CrossFilterValue[]> {
  const coltypes = coltypesOf(context.queriesData?.[0]);
  const formatTime = dateFormatter({
    formData: context.formData ?? ({} as FormData),
    locale: context.locale,
  });
  const labels = columns.map(columnLabel);
  const nodes = new Map<string, CrossFilterValue[]>();
  for (const row of rowsOf(context)) {
    const names: string[] = [];
    labels.forEach((label, depth) => {
      names.push(valueLabel(row[label], coltypes[label], formatTime));
      const key = treePathKey(names);
      if (!nodes.has(key))
        nodes.set(
          key,
          labels.slice(0, depth + 1).map((name) => cellValue(row[name])),
        );
    });
  }
  return nodes;
}

/** The key of a tree node's path of names in treeNodeValues. */
export const treePathKey = (names: readonly string[]) => names.join(PATH_SEPARATOR);

/** The heatmap's x and y values in axis order, as its transformProps sorts them. */
export function heatmapAxes(
  target: Extract<CrossFilterTarget, { kind: 'heatmap' }>,
  rows: readonly Row[],
): { x: unknown[]; y: unknown[] } {
  const x = columnLabel(target.x);
  const y = columnLabel(target.y);
  return {
    x: sortAxis(distinctValues(rows, x), rows, target.sortX, x, target.metric),
    y: sortAxis(distinctValues(rows, y), rows, target.sortY, y, target.metric),
  };
}

const pairs = (columns: readonly QueryColumn[], values: readonly CrossFilterValue[]): CrossFilterSelection =>
  columns.map((column, i) => ({ column, value: values[i] ?? null }));

/** The selection an ECharts click makes on a chart with this target, or null when it selects nothing. */
export function selectionFromClick(
  target: CrossFilterTarget,
  params: unknown,
  context: ClickContext,
): CrossFilterSelection | null {
  const click = asClick(params);
  if (!click) return null;
  if (target.kind === 'row' && target.element === 'graphic') {
    if (click.componentType !== 'graphic' || typeof click.info?.row !== 'number') return null;
    const values = rowValues(rowsOf(context)[click.info.row], target.columns);
    return values ? pairs(target.columns, values) : null;
  }
  if (click.componentType !== 'series') return null;
  switch (target.kind) {
    case 'series': {
      const id = click.seriesId ?? click.seriesName;
      if (!id) return null;
      const found = seriesValues(target.queries, id, context.datasource);
      return found ? pairs(found.query.columns, found.values) : null;
    }
    case 'category': {
      if (!click.name) return null;
      return [{ column: target.column, value: click.name === 'NULL' ? null : click.name }];
    }
    case 'row': {
      if (click.seriesType !== target.element || typeof click.dataIndex !== 'number') return null;
      const row = rowsOf(context)[Math.floor(click.dataIndex / target.perRow)];
      const values = rowValues(row, target.columns);
      return values ? pairs(target.columns, values) : null;
    }
    case 'tree': {
      const path = (click.treePathInfo ?? []).slice(target.skip).map((node) => String(node.name ?? ''));
      if (path.length === 0 || path.length > target.columns.length) return null;
      const values = treeNodeValues(target.columns, context).get(treePathKey(path));
      return values ? pairs(target.columns.slice(0, path.length), values) : null;
    }
    case 'heatmap': {
      const [xi, yi] = Array.isArray(click.value) ? (click.value as unknown[]) : [];
      if (typeof xi !== 'number' || typeof yi !== 'number') return null;
      const axes = heatmapAxes(target, rowsOf(context));
      if (xi >= axes.x.length || yi >= axes.y.length) return null;
      return [
        { column: target.x, value: cellValue(axes.x[xi]) },
        { column: target.y, value: cellValue(axes.y[yi]) },
      ];
    }
    case 'cell':
    case 'dimensions':
      return null;
  }
}

/** A table cell's selection: dimension cells only, never metrics. */
export function selectionFromCell(column: string, value: unknown): CrossFilterSelection {
  return [{ column, value: cellValue(value) }];
}

/**
 * A pivot table header's or cell's selection: one value per dimension it stands for, on the chart's
 * own column (an adhoc column's object, found by its label).
 */
export function selectionFromDimensions(
  target: Extract<CrossFilterTarget, { kind: 'dimensions' }>,
  dimensions: Record<string, unknown>,
): CrossFilterSelection {
  return Object.entries(dimensions).map(([label, value]) => ({
    column: target.columns.find((column) => columnLabel(column) === label) ?? label,
    value: cellValue(value),
  }));
}
