import { singleQuery } from '../../echartsShared/query.ts';
import { columnsOf, metricsOf } from '../../shared/query.ts';
import type { FormData, QueryContext } from '../../types.ts';
import { controlPanel } from './controlPanel.ts';

/** One query: the metric by the dimensions. */
export function buildQuery(formData: FormData): QueryContext {
  return singleQuery(formData, controlPanel, (values) => ({
    columns: columnsOf(values, 'groupby'),
    metrics: metricsOf(values, 'metric'),
  }));
}
