import type { DashboardChartDataRequestItem } from '@vitrina/common';
import { BadRequestError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { rbacEnabled, visibleDashboard } from '../dashboards/access.ts';
import { dashboardChartFormData } from '../dashboards/presenter.ts';
import { chartsOfDashboard } from '../dashboards/repo.ts';

export interface RequestedDashboard {
  id: number;
  /** The dashboard's charts (dashboard_slices): the ones a line may answer for. */
  sliceIds: ReadonlySet<number>;
  /** Each chart's saved form data, which a line without a query context builds its query from. */
  savedFormData: ReadonlyMap<number, Record<string, unknown>>;
}

/**
 * What a dashboard's data request may run, checked before the stream starts so that a bad request or a
 * dashboard the caller may not see is a plain 4xx: the chart keys must be unique (each names its line),
 * a chart gives either its own query context or the filters for its saved one, and the dashboard must
 * be visible. Its charts are read in one query.
 */
export async function chartsOfRequestedDashboard(
  ctx: AppContext,
  principal: Principal,
  idOrSlug: string,
  charts: readonly DashboardChartDataRequestItem[],
): Promise<RequestedDashboard> {
  const keys = new Set(charts.map((chart) => chart.key));
  if (keys.size !== charts.length) throw new BadRequestError({ charts: ['Chart keys must be unique'] });
  if (charts.some((chart) => chart.query_context && chart.extra_form_data)) {
    throw new BadRequestError({
      charts: ['extra_form_data applies to the saved query: give it without query_context'],
    });
  }
  const db = ctx.metastore.db;
  const dashboard = await visibleDashboard(db, principal, idOrSlug, rbacEnabled(ctx));
  const rows = await chartsOfDashboard(db, dashboard.id);
  return {
    id: dashboard.id,
    sliceIds: new Set(rows.map((row) => row.id)),
    savedFormData: new Map(rows.map((row) => [row.id, dashboardChartFormData(row)])),
  };
}
