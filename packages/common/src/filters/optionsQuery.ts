/**
 * The base of a filter's options query: the target dataset, the filter's pre-filters (adhoc filters and
 * a time range on its time column) and its cascade parents' selections.
 */
import type { QueryContext, QueryFilter, QueryObject } from '../query/types.ts';
import { applyExtraFormDataToQuery } from '../viz/shared/extraFormData.ts';
import { adhocFiltersToQuery, NO_FILTER } from '../viz/shared/query.ts';
import type { FilterQueryOptions } from './definition.ts';
import { primaryTarget } from './items.ts';
import type { NativeFilter } from './types.ts';

/** Thrown when a filter that needs a dataset (or column) has none; validation reports it first. */
export class FilterTargetError extends Error {
  override name = 'FilterTargetError';
  constructor(readonly filterId: string) {
    super(`Filter ${filterId} has no dataset or column to query`);
  }
}

/** The pre-filters as query filters and WHERE / HAVING SQL. */
export function preFilterQuery(filter: NativeFilter): QueryObject {
  const { filters, where, having } = adhocFiltersToQuery(filter.adhoc_filters);
  const all: QueryFilter[] = [...filters];
  const timeRange = filter.time_range;
  if (timeRange && timeRange !== NO_FILTER && filter.granularity_sqla) {
    all.push({ col: filter.granularity_sqla, op: 'TEMPORAL_RANGE', val: timeRange });
  }
  return {
    filters: all,
    extras: { ...(where ? { where } : {}), ...(having ? { having } : {}) },
    applied_time_extras: {},
  };
}

/** A query context of one query object on the filter's target dataset, narrowed by pre-filters and parents. */
export function optionsQueryContext(
  filter: NativeFilter,
  options: FilterQueryOptions | undefined,
  query: QueryObject,
  resultType: QueryContext['result_type'] = 'full',
): QueryContext {
  const { datasetId } = primaryTarget(filter);
  if (datasetId === undefined) throw new FilterTargetError(filter.id);
  const base = applyExtraFormDataToQuery(preFilterQuery(filter), options?.parentsExtraFormData);
  const merged: QueryObject = {
    ...base,
    ...query,
    filters: [...(base.filters ?? []), ...(query.filters ?? [])],
    extras: { ...base.extras, ...query.extras },
  };
  return {
    datasource: { id: datasetId, type: options?.datasourceType ?? 'table' },
    force: false,
    queries: [merged],
    result_format: 'json',
    result_type: resultType,
  };
}

/** The column a filter needs for its options, or a FilterTargetError. */
export function requiredColumn(filter: NativeFilter): string {
  const { column } = primaryTarget(filter);
  if (!column) throw new FilterTargetError(filter.id);
  return column;
}
