/** Limits of the action log shared by the browser's logger and the server's beacon route. */

/** Events the browser sends in one beacon at most (Superset's client flushes at 1024). */
export const MAX_BEACON_EVENTS = 1024;
/** How long the browser's logger waits before sending what it queued, in milliseconds. */
export const BEACON_DELAY_MS = 1000;
/** The largest beacon body the server reads, in bytes: 1024 events of about 1 KB each. */
export const MAX_BEACON_BYTES = 1024 * 1024;
/** The periods the Slowest view offers, in days. */
export const SLOWEST_DAYS = [1, 7, 30] as const;
export type SlowestDays = (typeof SLOWEST_DAYS)[number];
/** The longest period the slowest lists look back over, in days. */
export const MAX_SLOWEST_DAYS = 90;

/** The columns of `GET /api/v1/log/` (Superset's LogRestApi list and show columns, with the id). */
export const LOG_LIST_COLUMNS = [
  'id',
  'user.first_name',
  'user.last_name',
  'user.username',
  'user_id',
  'action',
  'dttm',
  'json',
  'slice_id',
  'dashboard_id',
  'duration_ms',
  'referrer',
];

/** The browser events that mean "opened": Superset's default `actions` of the recent activity. */
export const VIEW_EVENT_NAMES = ['mount_explorer', 'mount_dashboard'] as const;

/**
 * The actions the server records when a chart or dashboard is changed through the API, named as
 * Superset's event logger names them (the REST class and method): the home page's "Edited" and
 * "Created" recents ask for these.
 */
export const EDIT_ACTIONS = [
  'ChartRestApi.put',
  'DashboardRestApi.put',
  'DashboardRestApi.put_filters',
] as const;
export const CREATE_ACTIONS = [
  'ChartRestApi.post',
  'DashboardRestApi.post',
  'DashboardRestApi.copy_dash',
] as const;

/** Recent activity answered per page at most. */
export const MAX_RECENT_ACTIVITY_PAGE_SIZE = 100;
