import type { DashboardChartDataRequestItem } from '@vitrina/common';
import { BadRequestError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { rbacEnabled, visibleDashboard } from '../dashboards/access.ts';
import { dashboardChartIds } from '../dashboards/repo.ts';

/**
 * What a dashboard's data request may run, checked before the stream starts so that a bad request or a
 * dashboard the caller may not see is a plain 4xx: the chart keys must be unique (each names its line),
 * and the dashboard visible. Its id (for the action log) and its charts (dashboard_slices), the ones a
 * line may answer for.
 */
export async function chartsOfRequestedDashboard(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: string,
  charts: readonly DashboardChartDataRequestItem[],
): Promise<{ id: number; sliceIds: ReadonlySet<number> }> {
  const keys = new Set(charts.map((chart) => chart.key));
  if (keys.size !== charts.length) throw new BadRequestError({ charts: ['Chart keys must be unique'] });
  const db = ctx.metastore.db;
  const dashboard = await visibleDashboard(db, principal, idOrSlug, rbacEnabled(ctx));
  return { id: dashboard.id, sliceIds: new Set(await dashboardChartIds(db, dashboard.id)) };
}
