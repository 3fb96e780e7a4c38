import type { QueryContext } from '../../query/types.ts';
import { queryContext } from '../shared/query.ts';
import { timeseriesQueryObject } from '../timeseries/buildQuery.ts';
import { formDataOfQuery } from '../timeseries/formData.ts';
import type { FormData } from '../types.ts';

/**
 * Two query objects on the shared x-axis: query A from the plain controls (it also asks for the
 * annotation layers), query B from the `_b` twins, falling back to A's value where B has none.
 */
export function buildQuery(formData: FormData): QueryContext {
  return queryContext(formData, [
    timeseriesQueryObject(formDataOfQuery(formData, 'A'), { withAnnotations: true }),
    timeseriesQueryObject(formDataOfQuery(formData, 'B'), { withAnnotations: false }),
  ]);
}
