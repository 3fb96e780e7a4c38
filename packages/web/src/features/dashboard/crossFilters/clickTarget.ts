import type { ChartDataResult, DatasourceMeta, FormData, LanguageCode, QueryColumn } from '@vitrina/common';
import type { CrossFilterPair, CrossFilterValue } from '@vitrina/common/filters/crossFilter';
import { splitLevels } from '@vitrina/common/query/postProcessing/util';
import { columnLabel } from '@vitrina/common/query/types';
import { dateFormatter } from '@vitrina/common/viz/echartsShared/format';
import { coltypesOf, valueLabel } from '@vitrina/common/viz/echartsShared/labels';
import { distinctValues, sortAxis } from '@vitrina/common/viz/heatmap/axes';
import { chartRegistry } from '@vitrina/common/viz/registry';
import {
  type CrossFilterTarget,
  columnMeta,
  type SeriesQuery,
} from '@vitrina/common/viz/shared/crossFilterTarget';

/**
 * The generic half of cross-filtering: each chart type says what a click on it filters by (its plugin's
 * crossFilterTarget, in common/viz/<type>/, kinds in common/viz/shared/crossFilterTarget.ts); this reads
 * an ECharts click, or a table's or pivot table's own report, against that target.
 */
export type {
  CrossFilterTarget,
  RowElement,
  SeriesQuery,
} from '@vitrina/common/viz/shared/crossFilterTarget';

/** What a click selects: one value per column (one column for a slice of a one-dimension pie). */
export type CrossFilterSelection = CrossFilterPair[];

/** What reading a click needs besides the target: the chart's data, form data and dataset. */
export interface ClickContext {
  queriesData: readonly ChartDataResult[] | null;
  formData: FormData | null;
  datasource: DatasourceMeta | null;
  locale: LanguageCode;
}

const GENERIC_NUMERIC = 0;
const GENERIC_BOOLEAN = 3;
const ANNOTATION_ID = /^(formula|event|interval|timeseries):/;
/** The pivot operator's name for a null dimension value in a series id. */
const NULL_LEVEL = '<NULL>';

/** Chart types that can emit a cross-filter (with suitable form data): their `interactiveChart` behaviour. */
export function supportsCrossFilters(vizType: string): boolean {
  return chartRegistry.hasBehavior(vizType, 'interactiveChart');
}

/** The dimensions a chart of this type and form data cross-filters on, or null when it cannot. */
export function crossFilterTarget(
  vizType: string,
  formData: FormData,
  datasource: DatasourceMeta | null,
): CrossFilterTarget | null {
  return chartRegistry.crossFilterTarget(vizType, formData, datasource);
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
