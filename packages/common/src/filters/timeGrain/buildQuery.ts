/**
 * Time grain options: the grains the target dataset's engine supports (result_type 'timegrains').
 * Without a dataset there is nothing to ask, and every known grain is offered.
 */
import type { QueryContext } from '../../query/types.ts';
import type { FilterQueryOptions } from '../definition.ts';
import { primaryTarget } from '../items.ts';
import { optionsQueryContext } from '../optionsQuery.ts';
import type { NativeFilter } from '../types.ts';

export function buildQuery(filter: NativeFilter, options?: FilterQueryOptions): QueryContext | null {
  if (primaryTarget(filter).datasetId === undefined) return null;
  return optionsQueryContext(filter, options, {}, 'timegrains');
}
