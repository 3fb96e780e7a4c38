/**
 * Form data → the time-series query, as Superset builds it: the x-axis as a BASE_AXIS column bucketed
 * by the time grain, the series dimensions, the series limit, the order, time offsets for a time
 * comparison, and the post-processing pipeline that pivots the rows into one column per series.
 */
import type { QueryContext, QueryObject } from '../../query/types.ts';
import {
  baseAxisColumn,
  baseQueryObject,
  columnsOf,
  intOf,
  metricsOf,
  queryContext,
} from '../shared/query.ts';
import type { FormData } from '../types.ts';
import { annotationLayersToQuery } from './annotations.ts';
import { columnLabels, hasXAxis, metricLabels, xAxisLabelOf } from './labels.ts';
import { timeseriesPostProcessing } from './operators.ts';
import { timeComparisonOf } from './timeComparison.ts';

export interface TimeseriesQueryOptions {
  /** Ask the server for the annotation layers' data (the first query of a chart). */
  withAnnotations: boolean;
}

/** The series-limit metric: timeseries_limit_metric (or series_limit_metric), when one is chosen. */
function seriesLimitMetric(formData: FormData) {
  return metricsOf(formData, 'timeseries_limit_metric')[0] ?? metricsOf(formData, 'series_limit_metric')[0];
}

export function timeseriesQueryObject(formData: FormData, options: TimeseriesQueryOptions): QueryObject {
  const base = baseQueryObject(formData);
  const metrics = metricsOf(formData);
  const groupby = columnsOf(formData, 'groupby');
  // The grain goes with the axis; the server applies it only when the column is temporal.
  const xAxis = baseAxisColumn(formData, true);
  const labels = metricLabels(formData);
  const comparison = timeComparisonOf(formData, labels);
  const limitMetric = seriesLimitMetric(formData);
  const orderMetric = limitMetric ?? metrics[0];
  const seriesLimit = intOf(formData.limit ?? formData.series_limit, 0);
  const annotationLayers = options.withAnnotations ? annotationLayersToQuery(formData) : [];

  const query: QueryObject = {
    ...base,
    columns: [...(xAxis ? [xAxis] : []), ...groupby],
    metrics,
    series_columns: groupby,
    ...(hasXAxis(formData) ? {} : { is_timeseries: true }),
    orderby: orderMetric === undefined ? [] : [[orderMetric, !base.order_desc]],
    ...(seriesLimit > 0 ? { series_limit: seriesLimit } : {}),
    ...(limitMetric !== undefined ? { series_limit_metric: limitMetric } : {}),
    time_offsets: comparison ? comparison.offsets : [],
    ...(annotationLayers.length > 0 ? { annotation_layers: annotationLayers } : {}),
    post_processing: timeseriesPostProcessing({
      formData,
      xAxisLabel: xAxisLabelOf(formData),
      metricLabels: labels,
      groupbyLabels: columnLabels(formData),
      comparison,
    }),
  };
  return query;
}

export function buildTimeseriesQuery(formData: FormData): QueryContext {
  return queryContext(formData, [timeseriesQueryObject(formData, { withAnnotations: true })]);
}
