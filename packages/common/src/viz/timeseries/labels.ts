/**
 * The names the server answers columns under, as the query compiler and post-processing name them: a
 * metric's label (an unlabelled SIMPLE metric is `AGG(column)`, like the server's normalisation), a
 * column's label, and the x-axis label (`__timestamp` for legacy form data without an x-axis).
 */
import type { QueryColumn, QueryMetric } from '../../query/types.ts';
import { columnName, columnsOf, metricsOf } from '../shared/query.ts';
import type { FormData } from '../types.ts';
import { DTTM_ALIAS } from './constants.ts';

export function metricLabelOf(metric: QueryMetric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  return metric.expressionType === 'SIMPLE' ? `${metric.aggregate}(${metric.column.column_name})` : '';
}

export function metricLabels(formData: FormData, control = 'metrics'): string[] {
  return metricsOf(formData, control).map(metricLabelOf);
}

export function columnLabels(formData: FormData, control = 'groupby'): string[] {
  return columnsOf(formData, control).map(columnName);
}

export function hasXAxis(formData: FormData): boolean {
  const axis = formData.x_axis;
  return axis !== undefined && axis !== null && axis !== '';
}

export function xAxisLabelOf(formData: FormData): string {
  return hasXAxis(formData) ? columnName(formData.x_axis as QueryColumn) : DTTM_ALIAS;
}
