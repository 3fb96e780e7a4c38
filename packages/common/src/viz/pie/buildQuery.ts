import { singleQuery, sortByMetricOrder } from '../echartsShared/query.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { FormData, QueryContext } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

/** One query: the metric by the dimensions, biggest first when sorting by the metric. */
export function buildQuery(formData: FormData): QueryContext {
  return singleQuery(formData, controlPanel, (values) => {
    const metrics = metricsOf(values, 'metric');
    return { columns: columnsOf(values, 'groupby'), metrics, ...sortByMetricOrder(values, metrics[0]) };
  });
}
