/**
 * Big number with trendline → one query of the metric per time bucket (the temporal x-axis bucketed by
 * the time grain), latest first so a row limit keeps the recent periods, then Superset's
 * post-processing: pivot on time, the rolling window or cumulative sum when chosen, flatten.
 */
import type { PostProcessingOperation } from '../../query/postProcessing/types.ts';
import { metricLabel, type QueryObject, TIMESTAMP_LABEL } from '../../query/types.ts';
import {
  baseAxisColumn,
  baseQueryObject,
  columnName,
  intOf,
  metricsOf,
  queryContext,
} from '../shared/query.ts';
import type { BuildQueryOptions, FormData, QueryContext } from '../types.ts';

export const ROLLING_TYPES = ['mean', 'sum', 'std', 'cumsum'] as const;
export type RollingType = (typeof ROLLING_TYPES)[number];

/** The label of the time column in the results: the x-axis, or the legacy `__timestamp`. */
export function timeLabelOf(formData: FormData): string {
  const axis = baseAxisColumn(formData, true);
  return axis ? columnName(axis) : TIMESTAMP_LABEL;
}

function rollingOperation(formData: FormData, labels: string[]): PostProcessingOperation | null {
  const type = formData.rolling_type;
  if (typeof type !== 'string' || !(ROLLING_TYPES as readonly string[]).includes(type)) return null;
  const columns = Object.fromEntries(labels.map((label) => [label, label]));
  if (type === 'cumsum') return { operation: 'cum', options: { operator: 'sum', columns } };
  return {
    operation: 'rolling',
    options: {
      rolling_type: type as Exclude<RollingType, 'cumsum'>,
      window: Math.max(1, intOf(formData.rolling_periods, 1)),
      min_periods: intOf(formData.min_periods, 0),
      columns,
    },
  };
}

export function buildQuery(formData: FormData, _options: BuildQueryOptions = {}): QueryContext {
  const axis = baseAxisColumn(formData, true);
  const timeLabel = timeLabelOf(formData);
  const metrics = metricsOf(formData, 'metric');
  const labels = metrics.map(metricLabel);
  const rolling = rollingOperation(formData, labels);
  const query: QueryObject = {
    ...baseQueryObject(formData),
    columns: axis ? [axis] : [],
    ...(axis ? {} : { is_timeseries: true }),
    metrics,
    orderby: [[timeLabel, false]],
    post_processing: [
      {
        operation: 'pivot',
        options: {
          index: [timeLabel],
          columns: [],
          aggregates: Object.fromEntries(labels.map((label) => [label, { operator: 'mean' as const }])),
          drop_missing_columns: true,
        },
      },
      ...(rolling ? [rolling] : []),
      { operation: 'flatten' },
    ],
  };
  return queryContext(formData, [query]);
}
