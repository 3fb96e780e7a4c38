import type { QueryContext } from '../../query/types.ts';
import { buildTimeseriesQuery } from '../timeseries/buildQuery.ts';
import type { FormData } from '../types.ts';

/** One query: the x-axis, the series dimensions and the metrics, pivoted into one column per series. */
export function buildQuery(formData: FormData): QueryContext {
  return buildTimeseriesQuery(formData);
}
