/**
 * One query's rows → its series as data: what each column holds and its display name, the values per
 * x (stack gaps filled, Expand turned into shares), Superset's series order and the per-x totals.
 */
import type { FormData } from '../types.ts';
import { type AxisKind, xValueOf } from './axes.ts';
import type { StackMode } from './constants.ts';
import { boolOf, contributionModeOf } from './formData.ts';
import { columnLabels, metricLabels } from './labels.ts';
import { renameOperator } from './operators.ts';
import {
  describeColumn,
  fillStackGaps,
  numericValue,
  rowTotals,
  type SeriesColumn,
  sortSeries,
} from './series.ts';
import { timeComparisonOf } from './timeComparison.ts';

export interface ColumnSeries extends SeriesColumn {
  values: (number | null)[];
}

export interface QueryColumns {
  metrics: string[];
  xValues: Array<string | number | null>;
  /** In display order. */
  series: ColumnSeries[];
  /** Sum of the series at each x (before Expand). */
  totals: number[];
  /** Values are shares of a whole: contribution, or Expand stacking. */
  percent: boolean;
  /** Shares of each x's total, so the value axis runs from 0 to 1. */
  share: boolean;
  minPositive: number | null;
}

export interface QueryColumnsInput {
  rows: Array<Record<string, unknown>>;
  colnames: string[];
  formData: FormData;
  xAxisLabel: string;
  xAxisKind: AxisKind;
  stack: StackMode | null;
  verboseMap: Record<string, string>;
}

function smallestPositive(series: ColumnSeries[]): number | null {
  let min: number | null = null;
  for (const entry of series)
    for (const value of entry.values)
      if (value !== null && value > 0 && (min === null || value < min)) min = value;
  return min;
}

export function queryColumns(input: QueryColumnsInput): QueryColumns {
  const { rows, formData, stack } = input;
  const metrics = metricLabels(formData);
  const groupby = columnLabels(formData);
  const comparison = timeComparisonOf(formData, metrics);
  // The query renamed its columns exactly when the rename operator ran.
  const truncated =
    renameOperator({
      formData,
      xAxisLabel: input.xAxisLabel,
      metricLabels: metrics,
      groupbyLabels: groupby,
      comparison,
    }) !== null;
  const naming = {
    metricLabels: metrics,
    groupbyCount: groupby.length,
    comparison,
    truncated,
    verboseMap: input.verboseMap,
  };

  const series = sortSeries(
    input.colnames
      .filter((column) => column !== input.xAxisLabel)
      .map((column) => ({
        ...describeColumn(column, naming),
        values: rows.map((row) => numericValue(row[column])),
      })),
    typeof formData.sort_series_type === 'string' ? formData.sort_series_type : 'sum',
    boolOf(formData.sort_series_ascending, false),
  );
  if (stack !== null) for (const entry of series) entry.values = fillStackGaps(entry.values);
  const totals = rowTotals(series, rows.length);
  if (stack === 'Expand') {
    for (const entry of series)
      entry.values = entry.values.map((value, i) => {
        const total = totals[i] as number;
        return value === null ? null : total === 0 ? 0 : value / total;
      });
  }
  const contribution = contributionModeOf(formData);
  return {
    metrics,
    xValues: rows.map((row) => xValueOf(row[input.xAxisLabel], input.xAxisKind)),
    series,
    totals,
    percent: contribution !== null || stack === 'Expand',
    share: stack === 'Expand' || (contribution === 'row' && stack !== null),
    minPositive: smallestPositive(series),
  };
}
