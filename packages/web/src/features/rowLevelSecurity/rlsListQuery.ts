import type { ListQueryParams, RlsFilterType } from '@vitrina/common';

export const RLS_SEARCH_FIELDS = ['name', 'group_key', 'clause', 'description'] as const;
export type RlsSearchField = (typeof RLS_SEARCH_FIELDS)[number];

export interface RlsListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchField: RlsSearchField;
  searchText: string;
  filterType?: RlsFilterType;
}

export const INITIAL_RLS_LIST: RlsListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
  searchField: 'name',
  searchText: '',
};

/** The screen's state as the API's list query: text search is `ct` (contains), the type an `eq`. */
export function rlsListQuery(state: RlsListState): ListQueryParams {
  const text = state.searchText.trim();
  const filters: NonNullable<ListQueryParams['filters']> = [
    ...(text ? [{ col: state.searchField, opr: 'ct' as const, value: text }] : []),
    ...(state.filterType ? [{ col: 'filter_type', opr: 'eq' as const, value: state.filterType }] : []),
  ];
  return {
    ...(filters.length > 0 ? { filters } : {}),
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}
