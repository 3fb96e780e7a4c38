import { type ListFilter, type ListQueryParams, LOG_LIST_COLUMNS } from '@vitrina/common';

/** The Action Log screen's filters, paging and sort, and the list query they make. */

export type ObjectKind = 'dashboard' | 'chart';

export interface ActionLogListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  userId?: number;
  /** One of LOG_ACTIONS. */
  action?: LogAction;
  /** Text the details contain (a browser event's name, a viz type, an error type). */
  details: string;
  objectKind: ObjectKind;
  objectId?: number;
  /** ISO-8601 bounds of the time range, either optional. */
  since?: string;
  until?: string;
}

export const INITIAL_ACTION_LOG_LIST: ActionLogListState = {
  page: 0,
  pageSize: 20,
  sortColumn: 'dttm',
  sortDirection: 'desc',
  details: '',
  objectKind: 'dashboard',
};

/** What the server records: the browser's events, chart data answers and SQL Lab runs. */
export const LOG_ACTIONS = ['log', 'chart_data', 'sqllab_run'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/**
 * The filters as Superset's Action Log sends them: `rel_o_m` on the user, `eq` on the action and ids,
 * `ct` on the details, `gt`/`lt` on the time.
 */
export function actionLogQuery(state: ActionLogListState): ListQueryParams {
  const filters: ListFilter[] = [];
  if (state.userId !== undefined) filters.push({ col: 'user', opr: 'rel_o_m', value: state.userId });
  if (state.action) filters.push({ col: 'action', opr: 'eq', value: state.action });
  const details = state.details.trim();
  if (details) filters.push({ col: 'json', opr: 'ct', value: details });
  if (state.objectId !== undefined) {
    filters.push({
      col: state.objectKind === 'dashboard' ? 'dashboard_id' : 'slice_id',
      opr: 'eq',
      value: state.objectId,
    });
  }
  if (state.since) filters.push({ col: 'dttm', opr: 'gt', value: state.since });
  if (state.until) filters.push({ col: 'dttm', opr: 'lt', value: state.until });
  return {
    ...(filters.length > 0 ? { filters } : {}),
    columns: LOG_LIST_COLUMNS,
    order_column: state.sortColumn,
    order_direction: state.sortDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}

/** The browser event's name in an entry's details, if it has one. */
export function eventNameOf(json: string | undefined): string | null {
  if (!json) return null;
  try {
    const details: unknown = JSON.parse(json);
    return details && typeof details === 'object' && 'event_name' in details
      ? String((details as { event_name: unknown }).event_name)
      : null;
  } catch {
    return null;
  }
}

/** The details as indented JSON for reading; the stored text when it is not JSON. */
export function prettyDetails(json: string | undefined): string {
  if (!json) return '';
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}
