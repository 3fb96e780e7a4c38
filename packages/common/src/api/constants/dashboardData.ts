/** Runtime constants of the streamed dashboard data call (its schemas: api/dashboardData.ts). */

/** The media type of its answer: one JSON line per chart. */
export const DASHBOARD_CHART_DATA_CONTENT_TYPE = 'application/x-ndjson';

/** At most this many charts in one request: a dashboard asks for its visible charts only. */
export const MAX_CHARTS_PER_REQUEST = 200;
