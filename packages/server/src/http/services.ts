import type { Principal } from '../security/principal.ts';
import type { DashboardRenderState } from './screenshots.ts';
import type { AppContext } from './types.ts';

/**
 * Use cases of the upper layers that a flow calls back into. The flow declares what it needs here and
 * the assembly (startup.ts `APP_SERVICES`) wires in the resource that does it, so the import arrows
 * keep pointing down and tests run the real implementation unless they replace it on purpose.
 */
export interface AppServices {
  /**
   * A saved chart's query context as `GET /api/v1/chart/{id}/data/` runs it, after checking that
   * `principal` may read the chart (resources/charts/savedChartQuery.ts).
   */
  savedChartQueryContext(
    ctx: AppContext,
    principal: Principal,
    sliceId: number,
    overrides?: SavedChartOverrides,
  ): Promise<unknown>;
  /**
   * A new permalink of the dashboard with this state, as `principal` (who must see the dashboard):
   * the page path that opens it (resources/dashboardPermalink).
   */
  dashboardPermalinkPath(
    ctx: AppContext,
    principal: Principal,
    dashboardId: number,
    state: DashboardRenderState,
  ): Promise<string>;
}

export interface SavedChartOverrides {
  result_type?: string;
  result_format?: string;
  force?: boolean;
}
