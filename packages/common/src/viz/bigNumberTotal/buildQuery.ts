/** Big number form data → one query of the metric over the filtered rows, as Superset's builds it. */
import { baseQueryObject, metricsOf, queryContext } from '../shared/query.ts';
import type { BuildQueryOptions, FormData, QueryContext } from '../types.ts';

export function buildQuery(formData: FormData, _options: BuildQueryOptions = {}): QueryContext {
  return queryContext(formData, [{ ...baseQueryObject(formData), metrics: metricsOf(formData, 'metric') }]);
}
