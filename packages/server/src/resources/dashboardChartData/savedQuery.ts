import type { DashboardChartDataRequestItem } from '@vitrina/common';
import type { ExtraFormData } from '@vitrina/common/filters/types';
import { BadRequestError } from '../../http/errors.ts';
import { queryFromSavedFormData } from '../charts/savedChartQuery.ts';

/**
 * The query a dashboard line runs: the caller's query context, or — the page's usual ask — the one the
 * server builds from the chart's saved form data with the dashboard's filters in scope, through common's
 * dashboardChartQuery (the page builds its own the same way), so the page need not wait for datasets or
 * run any chart type's buildQuery before the queries start.
 */
export async function lineQueryContext(
  chart: DashboardChartDataRequestItem,
  savedFormData: Record<string, unknown> | undefined,
  forceAll: boolean,
): Promise<Record<string, unknown>> {
  const force = forceAll || chart.force === true;
  if (chart.query_context) return force ? { ...chart.query_context, force: true } : chart.query_context;
  // The caller checked the chart is on the dashboard, so its saved form data is here.
  const extra = chart.extra_form_data as ExtraFormData | undefined;
  const built = savedFormData ? await queryFromSavedFormData(savedFormData, extra, force) : null;
  if (!built) throw new BadRequestError(`Unknown chart type: ${String(savedFormData?.viz_type)}`);
  return built;
}
