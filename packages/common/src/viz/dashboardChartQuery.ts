import { applyExtraFormData } from '../filters/dataMask.ts';
import { isEmptyExtraFormData } from '../filters/mergeExtraFormData.ts';
import type { ExtraFormData } from '../filters/types.ts';
import { CHART_PLUGINS } from './registry.ts';
import type { FormData, QueryContext } from './types.ts';

/**
 * A saved chart's query as a dashboard runs it, built the same way wherever it is built: in the page
 * (charts added in an edit session, explore's view of the chart) and on the server, which builds the
 * queries of a dashboard's saved charts itself from their stored form data (api/dashboardData.ts).
 * The form data must already be migrated to the current version (registry.migrateSavedFormData).
 */

/** Whether a chart type is one a plugin knows (and so can build a query for). */
export function isKnownVizType(vizType: unknown): boolean {
  return Object.hasOwn(CHART_PLUGINS, String(vizType));
}

/** The form data with the dashboard's filters in scope merged into its `extra_form_data`. */
export function withDashboardFilters(formData: FormData, extraFormData?: ExtraFormData): FormData {
  return extraFormData && !isEmptyExtraFormData(extraFormData)
    ? applyExtraFormData(formData, extraFormData)
    : formData;
}

/** The chart type's query context for the form data; `force` bypasses the cache. Throws what buildQuery throws. */
export function dashboardChartQuery(
  formData: FormData,
  extraFormData: ExtraFormData | undefined,
  force: boolean,
): QueryContext {
  const plugin = CHART_PLUGINS[formData.viz_type as keyof typeof CHART_PLUGINS];
  if (!plugin) throw new Error(`Unknown chart type: ${String(formData.viz_type)}`);
  const context = plugin.buildQuery(withDashboardFilters(formData, extraFormData));
  return force ? { ...context, force: true } : context;
}
