import type { DashboardChartDataRequestItem, FormData } from '@vitrina/common';
import type { ExtraFormData } from '@vitrina/common/filters/types';
import { loadDashboardQueries, migrateSaved } from '../../flows/chartData/chartRegistry.ts';
import { BadRequestError } from '../../http/errors.ts';

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
  const formData = savedFormData ? await migrateSaved(savedFormData) : null;
  if (!formData) throw new BadRequestError(`Unknown chart type: ${String(savedFormData?.viz_type)}`);
  const { dashboardChartQuery } = await loadDashboardQueries();
  try {
    const extra = chart.extra_form_data as ExtraFormData | undefined;
    return dashboardChartQuery(formData as FormData, extra, force) as unknown as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BadRequestError(`The chart's saved form data cannot be turned into a query: ${reason}`);
  }
}
