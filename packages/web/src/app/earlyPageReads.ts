import { fetchCsrfToken } from '../api/client.ts';
import { dashboardPaths } from '../api/dashboardPaths.ts';
import { startEarlyRead } from '../api/earlyReads.ts';

/**
 * What a dashboard's page will read, started as soon as its address is known and alongside the page's
 * code: the dashboard and its charts, their datasets when the address gives the id, and the session's
 * CSRF token, which the charts' data request needs. The page would otherwise ask for these only once its
 * code has loaded and the session is known, one after another.
 */
export function startDashboardPageReads(idOrSlug: string | undefined): void {
  if (!idOrSlug) return;
  startEarlyRead(dashboardPaths.detail(idOrSlug));
  startEarlyRead(dashboardPaths.charts(idOrSlug));
  if (/^\d+$/.test(idOrSlug)) startEarlyRead(dashboardPaths.datasets(Number(idOrSlug)));
  fetchCsrfToken().catch(() => undefined);
}
