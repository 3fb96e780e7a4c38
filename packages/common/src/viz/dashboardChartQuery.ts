import { applyExtraFormData } from '../filters/dataMask.ts';
import { isEmptyExtraFormData } from '../filters/mergeExtraFormData.ts';
import type { ExtraFormData } from '../filters/types.ts';
import { isVizType } from './registry.ts';
import type { ChartPlugin, FormData, QueryContext } from './types.ts';

/**
 * A saved chart's query as a dashboard runs it, built the same way wherever it is built: in the page
 * (charts added in an edit session, explore's view of the chart) and on the server, which builds the
 * queries of a dashboard's saved charts itself from their stored form data (api/dashboardData.ts).
 * The form data must already be migrated to the current version (registry.migrateSavedFormData).
 */

/** Whether a chart type is one a plugin knows (and so can build a query for). */
export function isKnownVizType(vizType: unknown): boolean {
  return isVizType(vizType);
}

/** The form data with the dashboard's filters in scope merged into its `extra_form_data`. */
export function withDashboardFilters(formData: FormData, extraFormData?: ExtraFormData): FormData {
  return extraFormData && !isEmptyExtraFormData(extraFormData)
    ? applyExtraFormData(formData, extraFormData)
    : formData;
}

/**
 * The chart type's query context for the form data; `force` bypasses the cache. Throws what buildQuery
 * throws. The plugin is the form data's type's (loadChartPlugin).
 */
export function dashboardChartQuery(
  plugin: Pick<ChartPlugin, 'vizType' | 'buildQuery'>,
  formData: FormData,
  extraFormData: ExtraFormData | undefined,
  force: boolean,
): QueryContext {
  if (plugin.vizType !== formData.viz_type)
    throw new Error(`A ${plugin.vizType} plugin cannot build a ${String(formData.viz_type)} query`);
  const context = plugin.buildQuery(withDashboardFilters(formData, extraFormData));
  return force ? { ...context, force: true } : context;
}
