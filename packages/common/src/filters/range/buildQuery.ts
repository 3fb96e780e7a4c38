/** Numerical range bounds: MIN and MAX of the target column over the pre-filtered, parent-narrowed rows. */
import type { QueryContext, QueryMetric } from '../../query/types.ts';
import type { FilterQueryOptions } from '../definition.ts';
import { optionsQueryContext, requiredColumn } from '../optionsQuery.ts';
import type { NativeFilter } from '../types.ts';

export const RANGE_MIN_LABEL = 'min';
export const RANGE_MAX_LABEL = 'max';

function bound(column: string, aggregate: 'MIN' | 'MAX', label: string): QueryMetric {
  return { expressionType: 'SIMPLE', aggregate, column: { column_name: column }, label };
}

export function buildQuery(filter: NativeFilter, options?: FilterQueryOptions): QueryContext {
  const column = requiredColumn(filter);
  return optionsQueryContext(filter, options, {
    columns: [],
    metrics: [bound(column, 'MIN', RANGE_MIN_LABEL), bound(column, 'MAX', RANGE_MAX_LABEL)],
    row_limit: 1,
  });
}
