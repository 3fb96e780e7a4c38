/** The timing store's key of a chart on the dashboard (viz/chartTimings.ts). */
export function chartTimingKey(chartId: number): string {
  return `dashboard-chart:${chartId}`;
}
