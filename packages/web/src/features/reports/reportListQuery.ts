import type { ListFilter, ListQueryParams, ReportType } from '@vitrina/common';

export interface ReportListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  /** The tab: alerts or reports. */
  type: ReportType;
  searchText: string;
  owner?: number;
  createdBy?: number;
  lastState?: string;
}

export const INITIAL_REPORT_LIST: ReportListState = {
  page: 0,
  pageSize: 25,
  sortColumn: 'name',
  sortDirection: 'asc',
  type: 'Report',
  searchText: '',
};

/** The list screen's state as the API's list query, with Superset's filters (name search: report_all_text). */
export function reportListQuery(state: ReportListState): ListQueryParams {
  const filters: ListFilter[] = [{ col: 'type', opr: 'eq', value: state.type }];
  const text = state.searchText.trim();
  if (text) filters.push({ col: 'name', opr: 'report_all_text', value: text });
  if (state.owner !== undefined) filters.push({ col: 'owners', opr: 'rel_m_m', value: state.owner });
  if (state.createdBy !== undefined)
    filters.push({ col: 'created_by', opr: 'rel_o_m', value: state.createdBy });
  if (state.lastState) filters.push({ col: 'last_state', opr: 'eq', value: state.lastState });
  return {
    filters,
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}
