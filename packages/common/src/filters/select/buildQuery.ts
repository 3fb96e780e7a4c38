/**
 * Value filter options: the distinct values of the target column, sorted by the column or the sort
 * metric. With 'search all options' the server searches and pages (100 a page); otherwise one load of
 * up to SELECT_ROW_LIMIT values is searched in the browser.
 */
import { GENERIC_DATA_TYPE } from '../../api/constants/genericDataType.ts';
import type { QueryContext, QueryFilter, QueryMetric } from '../../query/types.ts';
import type { FilterQueryOptions } from '../definition.ts';
import { controlFlag } from '../items.ts';
import { optionsQueryContext, requiredColumn } from '../optionsQuery.ts';
import type { NativeFilter } from '../types.ts';
import { SELECT_DEFAULTS } from './controlPanel.ts';

/** The select page size (spec §9: select page size 100). */
export const SELECT_PAGE_SIZE = 100;
/** Options loaded at once without 'search all options' (Superset's NATIVE_FILTER_DEFAULT_ROW_LIMIT). */
export const SELECT_ROW_LIMIT = 1000;

/** The server-side search on the column, comparing like with like (Superset's filter_select search). */
export function searchFilter(
  column: string,
  search: string,
  coltype: number | undefined,
): QueryFilter | null {
  const text = search.trim();
  if (!text) return null;
  if (coltype === GENERIC_DATA_TYPE.NUMERIC) {
    const number = Number(text);
    return Number.isFinite(number) ? { col: column, op: '==', val: number } : null;
  }
  if (coltype === GENERIC_DATA_TYPE.BOOLEAN) {
    const lower = text.toLowerCase();
    return lower === 'true' || lower === 'false' ? { col: column, op: '==', val: lower === 'true' } : null;
  }
  return { col: column, op: 'ILIKE', val: `%${text}%` };
}

export function buildQuery(filter: NativeFilter, options?: FilterQueryOptions): QueryContext {
  const column = requiredColumn(filter);
  const ascending = controlFlag(filter, 'sortAscending', SELECT_DEFAULTS.sortAscending);
  const searchAll = controlFlag(filter, 'searchAllOptions', SELECT_DEFAULTS.searchAllOptions);
  const sortMetric: QueryMetric | null = filter.sortMetric ? filter.sortMetric : null;
  const search = searchAll && options?.search ? searchFilter(column, options.search, options.coltype) : null;
  const page = Math.max(0, Math.trunc(options?.page ?? 0));
  return optionsQueryContext(filter, options, {
    columns: [column],
    // No metric: GROUP BY the column gives its distinct values.
    metrics: sortMetric ? [sortMetric] : [],
    filters: search ? [search] : [],
    orderby: [[sortMetric ?? column, ascending]],
    row_limit: searchAll ? SELECT_PAGE_SIZE : SELECT_ROW_LIMIT,
    row_offset: searchAll ? page * SELECT_PAGE_SIZE : 0,
  });
}
