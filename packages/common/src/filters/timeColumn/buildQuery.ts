/**
 * Time column options: the target dataset's columns (result_type 'columns', Superset's time column
 * filter), of which transformProps keeps the temporal ones. The web app may skip the call when it has
 * the dataset's columns already.
 */
import type { QueryContext } from '../../query/types.ts';
import type { FilterQueryOptions } from '../definition.ts';
import { optionsQueryContext } from '../optionsQuery.ts';
import type { NativeFilter } from '../types.ts';

export function buildQuery(filter: NativeFilter, options?: FilterQueryOptions): QueryContext {
  return optionsQueryContext(filter, options, {}, 'columns');
}
