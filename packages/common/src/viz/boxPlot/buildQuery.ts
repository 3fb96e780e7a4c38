import { columnLabel, metricLabel } from '../../query/types.ts';
import { singleQuery } from '../echartsShared/query.ts';
import { columnsOf, intOf, metricsOf } from '../shared/query.ts';
import type { FormData, QueryContext } from '../types.ts';
import { controlPanel } from './controlPanel.ts';
import { whiskersOf } from './whiskers.ts';

/**
 * One query of the metrics by the "distribute across" columns and the series columns; the server's
 * `boxplot` post-processing turns the values across the first into quartiles, whiskers and outliers per
 * series.
 */
export function buildQuery(formData: FormData): QueryContext {
  return singleQuery(formData, controlPanel, (values) => {
    const across = columnsOf(values, 'columns');
    const groupby = columnsOf(values, 'groupby');
    const metrics = metricsOf(values, 'metrics');
    const whiskers = whiskersOf(values.whiskerOptions);
    if (!whiskers) throw new Error(`Unsupported whisker type: ${String(values.whiskerOptions)}`);
    const seriesLimit = intOf(values.limit, 0);
    const limitMetric = metricsOf(values, 'timeseries_limit_metric')[0];
    return {
      columns: [...across, ...groupby],
      metrics,
      series_columns: groupby,
      ...(seriesLimit > 0 ? { series_limit: seriesLimit } : {}),
      ...(limitMetric !== undefined ? { series_limit_metric: limitMetric } : {}),
      post_processing: [
        {
          operation: 'boxplot',
          options: { groupby: groupby.map(columnLabel), metrics: metrics.map(metricLabel), ...whiskers },
        },
      ],
    };
  });
}
