/**
 * The home page's sections and what each of their tabs asks the API for (Superset's Welcome page, with
 * its requests): one request per shown tab, a few items each, newest change first.
 */
import { CREATE_ACTIONS, EDIT_ACTIONS, VIEW_EVENT_NAMES } from '../api/constants/log.ts';
import type { ListQueryParams } from '../api/list.ts';

export const HOME_SECTIONS = ['recents', 'dashboards', 'charts', 'savedQueries'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** Each section's tabs, the first one shown until the person picks another. */
export const HOME_TABS = {
  recents: ['viewed', 'edited', 'created'],
  dashboards: ['favorite', 'mine'],
  charts: ['favorite', 'mine'],
  savedQueries: ['mine'],
} as const satisfies Record<HomeSection, readonly string[]>;
export type HomeTab<S extends HomeSection = HomeSection> = (typeof HOME_TABS)[S][number];
export type RecentsTab = HomeTab<'recents'>;
export type OwnedTab = HomeTab<'dashboards'>;

/** Items a tab shows at most. */
export const HOME_PAGE_SIZE = 6;

/** The `actions` of `GET /api/v1/log/recent_activity/` for a Recents tab. */
export const RECENT_ACTIONS: Record<RecentsTab, readonly string[]> = {
  viewed: VIEW_EVENT_NAMES,
  edited: EDIT_ACTIONS,
  created: CREATE_ACTIONS,
};

/** The rison `q` of the recent activity for a Recents tab: each item once, at its newest. */
export function recentActivityQuery(tab: RecentsTab): {
  page: number;
  page_size: number;
  actions: string[];
  distinct: boolean;
} {
  return { page: 0, page_size: HOME_PAGE_SIZE, actions: [...RECENT_ACTIONS[tab]], distinct: true };
}

const newestFirst = {
  order_column: 'changed_on_delta_humanized',
  order_direction: 'desc',
  page: 0,
  page_size: HOME_PAGE_SIZE,
} as const;

/** The dashboard list's columns a home card needs. */
export const HOME_DASHBOARD_COLUMNS = [
  'id',
  'dashboard_title',
  'dashboard_title_ru',
  'url',
  'thumbnail_url',
  'changed_on_utc',
  'changed_on_delta_humanized',
];

/** The chart list's columns a home card needs. */
export const HOME_CHART_COLUMNS = [
  'id',
  'slice_name',
  'slice_name_ru',
  'viz_type',
  'url',
  'thumbnail_url',
  'changed_on_utc',
  'changed_on_delta_humanized',
];

/** The saved query list's columns a home card needs. */
export const HOME_SAVED_QUERY_COLUMNS = ['id', 'label', 'sql', 'changed_on', 'changed_on_delta_humanized'];

/** Starred (`dashboard_is_favorite`) or owned (`owners rel_m_m <me>`) dashboards. */
export function dashboardsQuery(tab: OwnedTab, userId: number): ListQueryParams {
  return {
    ...newestFirst,
    columns: HOME_DASHBOARD_COLUMNS,
    filters: [
      tab === 'favorite'
        ? { col: 'id', opr: 'dashboard_is_favorite', value: true }
        : { col: 'owners', opr: 'rel_m_m', value: userId },
    ],
  };
}

/** Starred (`chart_is_favorite`) or owned (`owners rel_m_m <me>`) charts. */
export function chartsQuery(tab: OwnedTab, userId: number): ListQueryParams {
  return {
    ...newestFirst,
    columns: HOME_CHART_COLUMNS,
    filters: [
      tab === 'favorite'
        ? { col: 'id', opr: 'chart_is_favorite', value: true }
        : { col: 'owners', opr: 'rel_m_m', value: userId },
    ],
  };
}

/** The person's own saved queries (`created_by rel_o_m <me>`, as Superset's home asks; Admin sees all otherwise). */
export function savedQueriesQuery(userId: number): ListQueryParams {
  return {
    ...newestFirst,
    columns: HOME_SAVED_QUERY_COLUMNS,
    filters: [{ col: 'created_by', opr: 'rel_o_m', value: userId }],
  };
}
