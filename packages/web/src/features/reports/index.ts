/**
 * What other features may use from reports: the "Manage email reports" entry of a chart's and a
 * dashboard's "…" menu. The routed list screen is in screens.ts, loaded lazily by the router.
 */
export { REPORT_MENU_KEYS, type ReportMenu, useReportMenu } from './useReportMenu.tsx';
