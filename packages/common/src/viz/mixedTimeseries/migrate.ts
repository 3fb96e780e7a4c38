import { NO_FILTER } from '../shared/query.ts';
import { migrateTimeseries } from '../timeseries/migrate.ts';
import type { AdhocFilter, FormData } from '../types.ts';

/**
 * Superset's dual-line chart (one metric per y-axis: `metric` and `metric_2`) as Superset migrates it:
 * query A holds the first metric on the primary axis, query B the second on the secondary axis, with the
 * same filters.
 */
function dualLine(data: FormData): void {
  if (!('metric_2' in data)) return;
  data.metrics = data.metric ? [data.metric] : [];
  data.metrics_b = data.metric_2 ? [data.metric_2] : [];
  delete data.metric;
  delete data.metric_2;
  data.yAxisIndex = 0;
  data.yAxisIndexB = 1;
  data.adhoc_filters_b ??= data.adhoc_filters ?? [];
  data.truncateYAxis ??= true;
  for (const [from, to] of [
    ['y_axis_2_format', 'y_axis_format_secondary'],
    ['y_axis_2_bounds', 'y_axis_bounds_secondary'],
  ] as const) {
    if (from in data) {
      data[to] ??= data[from];
      delete data[from];
    }
  }
}

/** The legacy time range filters query B as well, when B has filters of its own. */
function temporalFilterB(data: FormData): void {
  const column = data.granularity_sqla;
  if (typeof column !== 'string' || !column || !Array.isArray(data.adhoc_filters_b)) return;
  const filters = data.adhoc_filters_b as AdhocFilter[];
  if (filters.some((filter) => filter.expressionType === 'SIMPLE' && filter.operator === 'TEMPORAL_RANGE'))
    return;
  const range: AdhocFilter = {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: column,
    operator: 'TEMPORAL_RANGE',
    comparator: typeof data.time_range === 'string' && data.time_range ? data.time_range : NO_FILTER,
  };
  data.adhoc_filters_b = [...filters, range];
}

export function migrate(formData: FormData): FormData {
  return migrateTimeseries(formData, (data) => {
    dualLine(data);
    temporalFilterB(data);
  });
}
