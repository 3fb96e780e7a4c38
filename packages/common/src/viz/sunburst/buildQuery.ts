import { metricLabel } from '../../query/types.ts';
import { singleQuery, sortByMetricOrder } from '../echartsShared/query.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { FormData, QueryContext } from '../types.ts';
import { controlPanel } from './controlPanel.ts';

/** One query: the metric (and the secondary one, for colours) by the hierarchy columns. */
export function buildQuery(formData: FormData): QueryContext {
  return singleQuery(formData, controlPanel, (values) => {
    const [metric] = metricsOf(values, 'metric');
    const [secondary] = metricsOf(values, 'secondary_metric');
    const metrics = metric === undefined ? [] : [metric];
    if (secondary !== undefined && (metric === undefined || metricLabel(secondary) !== metricLabel(metric)))
      metrics.push(secondary);
    return { columns: columnsOf(values, 'columns'), metrics, ...sortByMetricOrder(values, metric) };
  });
}
