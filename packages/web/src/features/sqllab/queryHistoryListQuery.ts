import type { ListQueryParams } from '@vitrina/common';

export interface QueryHistoryListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  searchText: string;
  databaseId?: number;
}

export const INITIAL_QUERY_HISTORY_LIST: QueryHistoryListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'start_time',
  sortDirection: 'desc',
  searchText: '',
};

/** The screen's state as the list query: the SQL search is `ct`, the database a `rel_o_m`. */
export function queryHistoryListQuery(state: QueryHistoryListState): ListQueryParams {
  const text = state.searchText.trim();
  const filters: NonNullable<ListQueryParams['filters']> = [
    ...(text ? [{ col: 'sql', opr: 'ct' as const, value: text }] : []),
    ...(state.databaseId !== undefined
      ? [{ col: 'database', opr: 'rel_o_m' as const, value: state.databaseId }]
      : []),
  ];
  return {
    ...(filters.length > 0 ? { filters } : {}),
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}
