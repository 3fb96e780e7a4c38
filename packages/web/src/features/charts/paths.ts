/** Where the chart screens and the places a chart links to live (Superset's paths). */
export const CHART_LIST_PATH = '/chart/list/';
export const CHART_ADD_PATH = '/explore/';

export function exploreChartPath(id: number): string {
  return `/explore/?slice_id=${id}`;
}

export function dashboardPath(id: number): string {
  return `/superset/dashboard/${id}/`;
}
