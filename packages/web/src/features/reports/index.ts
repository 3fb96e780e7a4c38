/**
 * What other features may use from reports: the "Manage email reports" entry of a chart's and a
 * dashboard's "…" menu. The routed list screen is in screens.ts, loaded lazily by the router.
 */

// The schedule editor and its reading, shared with SQL Lab's scheduled queries.
export { ScheduleField } from './ScheduleField.tsx';
export { formatInZone, SchedulePreview, scheduleText } from './SchedulePreview.tsx';
export { serverTime } from './serverTime.ts';
export { REPORT_MENU_KEYS, type ReportMenu, useReportMenu } from './useReportMenu.tsx';
