/**
 * The post-processing pipeline of a time-series query, in Superset's order: pivot (one column per metric
 * and series), rolling window or cumulative sum, time comparison, resample, rename (truncate the metric
 * name), contribution, x-axis sort, flatten. Each builder answers null when its controls are off.
 */
import type { PostProcessingOperation, ResampleMethod } from '../../query/postProcessing/types.ts';
import type { FormData } from '../types.ts';
import { RESAMPLE_METHODS, RESAMPLE_RULES, ROLLING_TYPES, type RollingWindowType } from './constants.ts';
import { boolOf, contributionModeOf } from './formData.ts';
import { TIME_COMPARISON, type TimeComparison } from './timeComparison.ts';

export interface PipelineInput {
  formData: FormData;
  xAxisLabel: string;
  metricLabels: string[];
  groupbyLabels: string[];
  comparison: TimeComparison | null;
}

/** Metric columns the window and comparison operators work on: metrics, then their offset columns. */
function valueColumns({ metricLabels, comparison }: PipelineInput): string[] {
  return comparison ? [...metricLabels, ...comparison.columns.keys()] : [...metricLabels];
}

export function pivotOperator(input: PipelineInput): PostProcessingOperation {
  // 'mean' of one cell per (x, series) is the cell itself and, unlike sum, keeps missing values missing.
  const aggregates = Object.fromEntries(
    valueColumns(input).map((column) => [column, { operator: 'mean' as const }]),
  );
  return {
    operation: 'pivot',
    options: {
      index: [input.xAxisLabel],
      columns: input.groupbyLabels,
      aggregates,
      drop_missing_columns: !boolOf(input.formData.show_empty_columns, true),
    },
  };
}

function rollingTypeOf(formData: FormData): RollingWindowType | null {
  const value = formData.rolling_type;
  return typeof value === 'string' && (ROLLING_TYPES as readonly string[]).includes(value)
    ? (value as RollingWindowType)
    : null;
}

function positiveInt(value: unknown, fallback: number): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) && parsed >= 0 ? Math.trunc(parsed) : fallback;
}

export function rollingOperator(input: PipelineInput): PostProcessingOperation | null {
  const type = rollingTypeOf(input.formData);
  if (!type) return null;
  const columns = Object.fromEntries(valueColumns(input).map((column) => [column, column]));
  if (type === 'cumsum') return { operation: 'cum', options: { operator: 'sum', columns } };
  return {
    operation: 'rolling',
    options: {
      rolling_type: type,
      window: Math.max(1, positiveInt(input.formData.rolling_periods, 1)),
      min_periods: positiveInt(input.formData.min_periods, 0),
      columns,
    },
  };
}

/** difference / percentage / ratio of each metric and its offset; 'values' keeps both as series. */
export function compareOperator({ comparison }: PipelineInput): PostProcessingOperation | null {
  if (!comparison || comparison.type === 'values') return null;
  const type = comparison.type;
  return {
    operation: 'compare',
    options: {
      source_columns: [...comparison.columns.values()],
      compare_columns: [...comparison.columns.keys()],
      compare_type: type,
      drop_original_columns: true,
    },
  };
}

export function resampleOperator({ formData }: PipelineInput): PostProcessingOperation | null {
  const rule = formData.resample_rule;
  const rawMethod = formData.resample_method;
  // Superset's 'zerofill' is asfreq with zeros in the new rows.
  const zeroFill = rawMethod === 'zerofill';
  const method = zeroFill ? 'asfreq' : rawMethod;
  if (typeof rule !== 'string' || !(RESAMPLE_RULES as readonly string[]).includes(rule)) return null;
  if (typeof method !== 'string' || !(RESAMPLE_METHODS as readonly string[]).includes(method)) return null;
  return {
    operation: 'resample',
    options: { rule, method: method as ResampleMethod, fill_value: zeroFill ? 0 : null },
  };
}

/**
 * With one metric and series dimensions, `truncate_metric` drops the metric from series names
 * ('SUM(x), FR' → 'FR'); an offset column keeps its offset ('SUM(x)__1 year ago, FR' → '1 year ago, FR').
 * Derived comparisons keep full names: they are different quantities.
 */
export function renameOperator(input: PipelineInput): PostProcessingOperation | null {
  const { formData, metricLabels, groupbyLabels, comparison } = input;
  if (metricLabels.length !== 1 || groupbyLabels.length === 0) return null;
  if (!boolOf(formData.truncate_metric, true)) return null;
  if (comparison && comparison.type !== 'values') return null;
  const metric = metricLabels[0] as string;
  const columns: Record<string, string | null> = {};
  for (const offset of comparison?.offsets ?? []) columns[`${metric}${TIME_COMPARISON}${offset}`] = offset;
  columns[metric] = null;
  return { operation: 'rename', options: { columns, level: 0, inplace: true } };
}

export function contributionOperator({
  formData,
  comparison,
}: PipelineInput): PostProcessingOperation | null {
  const orientation = contributionModeOf(formData);
  if (!orientation) return null;
  return {
    operation: 'contribution',
    options: comparison ? { orientation, time_shifts: comparison.offsets } : { orientation },
  };
}

/** Sorting a categorical x-axis by itself or by a metric (x_axis_sort), for single-series charts. */
export function sortOperator({
  formData,
  xAxisLabel,
  metricLabels,
  groupbyLabels,
}: PipelineInput): PostProcessingOperation | null {
  const by = formData.x_axis_sort;
  if (typeof by !== 'string' || groupbyLabels.length > 0) return null;
  const ascending = boolOf(formData.x_axis_sort_asc, true);
  if (by === xAxisLabel) return { operation: 'sort', options: { is_sort_index: true, ascending } };
  if (metricLabels.includes(by)) return { operation: 'sort', options: { by, ascending } };
  return null;
}

/** The whole pipeline; empty without metrics (there is nothing to pivot). */
export function timeseriesPostProcessing(input: PipelineInput): PostProcessingOperation[] {
  if (input.metricLabels.length === 0) return [];
  return [
    pivotOperator(input),
    rollingOperator(input),
    compareOperator(input),
    resampleOperator(input),
    renameOperator(input),
    contributionOperator(input),
    sortOperator(input),
    { operation: 'flatten' } as const,
  ].filter((operation): operation is PostProcessingOperation => operation !== null);
}
