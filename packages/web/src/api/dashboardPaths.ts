/**
 * The dashboard page's reads, by address: the dashboard, its charts and their datasets. One place, for
 * the page's queries and for the router, which starts them before the page's code has loaded.
 */
export const DASHBOARDS_PATH = '/api/v1/dashboard/';

export const dashboardPaths = {
  detail: (idOrSlug: number | string) => `${DASHBOARDS_PATH}${encodeURIComponent(String(idOrSlug))}`,
  charts: (idOrSlug: number | string) => `${DASHBOARDS_PATH}${encodeURIComponent(String(idOrSlug))}/charts`,
  datasets: (id: number) => `${DASHBOARDS_PATH}${id}/datasets`,
};
