import type { ChartDataResult, DatasourceMeta, FormData } from '@vitrina/common';
import type { CrossFilterValue } from '@vitrina/common/filters/crossFilter';
import { splitLevels } from '@vitrina/common/query/postProcessing/util';
import { columnsOf } from '@vitrina/common/viz/shared/query';

/**
 * What a click on a chart filters by, as Superset's charts decide it: a timeseries chart with
 * dimensions filters on the clicked series' dimension value, one without on the clicked category of a
 * non-temporal x-axis; a pie on the clicked slice's dimension; a table on a clicked dimension cell.
 */
export type CrossFilterTarget =
  | { kind: 'series'; column: string }
  | { kind: 'category'; column: string }
  | { kind: 'slice'; column: string }
  | { kind: 'cell' };

/** One clicked value on one column. */
export interface CrossFilterSelection {
  column: string;
  value: CrossFilterValue;
}

const TIMESERIES = new Set([
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
]);
const GENERIC_TEMPORAL = 2;
const ANNOTATION_ID = /^(formula|event|interval|timeseries):/;

/** Chart types that can emit a cross-filter (with suitable form data). */
export function supportsCrossFilters(vizType: string): boolean {
  return vizType === 'table' || vizType === 'pie' || TIMESERIES.has(vizType);
}

/** Physical column names of a control; a chart grouped by an adhoc (SQL) column cannot cross-filter. */
function physicalColumns(formData: FormData, control: string): string[] | null {
  const columns = columnsOf(formData, control);
  return columns.every((column) => typeof column === 'string') ? (columns as string[]) : null;
}

function isTemporal(column: string, datasource: DatasourceMeta | null): boolean {
  const meta = datasource?.columns.find((candidate) => candidate.column_name === column);
  return meta ? meta.is_dttm || meta.type_generic === GENERIC_TEMPORAL : true;
}

/** The dimension a chart of this type and form data cross-filters on, or null when it cannot. */
export function crossFilterTarget(
  vizType: string,
  formData: FormData,
  datasource: DatasourceMeta | null,
): CrossFilterTarget | null {
  if (vizType === 'table') return { kind: 'cell' };
  if (vizType === 'pie') {
    const groupby = physicalColumns(formData, 'groupby');
    return groupby?.length === 1 ? { kind: 'slice', column: groupby[0] as string } : null;
  }
  if (!TIMESERIES.has(vizType)) return null;
  const groupby = physicalColumns(formData, 'groupby');
  if (!groupby) return null;
  if (groupby.length === 1) {
    return { kind: 'series', column: groupby[0] as string };
  }
  if (groupby.length > 1) return null;
  const xAxis = formData.x_axis;
  if (typeof xAxis !== 'string' || !xAxis || isTemporal(xAxis, datasource)) return null;
  return { kind: 'category', column: xAxis };
}

/** The parts of an ECharts click event this code reads. */
interface ClickParams {
  componentType?: string;
  seriesId?: string;
  seriesName?: string;
  name?: string;
  dataIndex?: number;
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
 * The selection an ECharts click makes on a chart with this target. A series id is the flattened
 * column of the pivot (metric, then the dimension value), so its last level is the dimension value.
 */
export function selectionFromClick(
  target: CrossFilterTarget,
  params: unknown,
  queriesData: readonly ChartDataResult[] | null,
): CrossFilterSelection | null {
  const click = asClick(params);
  if (click?.componentType !== 'series') return null;
  switch (target.kind) {
    case 'series': {
      const id = click.seriesId ?? click.seriesName;
      // Annotation layers are series too, with ids of their own kind.
      if (!id || ANNOTATION_ID.test(id)) return null;
      const value = splitLevels(id).at(-1) as string;
      return { column: target.column, value: value === '<NULL>' ? null : value };
    }
    case 'category': {
      if (!click.name) return null;
      return { column: target.column, value: click.name === 'NULL' ? null : click.name };
    }
    case 'slice': {
      const row = queriesData?.[0]?.data?.[click.dataIndex ?? -1] as Record<string, unknown> | undefined;
      if (!row || !(target.column in row)) return null;
      return { column: target.column, value: cellValue(row[target.column]) };
    }
    case 'cell':
      return null;
  }
}

/** A table cell's selection: dimension cells only, never metrics. */
export function selectionFromCell(column: string, value: unknown): CrossFilterSelection {
  return { column, value: cellValue(value) };
}
