import type { FormData, QueryContext } from '@vitrina/common';
import { applyExtraFormData } from '@vitrina/common/filters/dataMask';
import { isEmptyExtraFormData } from '@vitrina/common/filters/mergeExtraFormData';
import type { ExtraFormData } from '@vitrina/common/filters/types';
import { CHART_PLUGINS } from '@vitrina/common/viz/registry';

/** The dataset id in form data's `datasource` ("12__table"), or null. */
export function datasetIdOf(formData: Record<string, unknown>): number | null {
  const match = /^(\d+)__/.exec(String(formData.datasource ?? ''));
  return match ? Number(match[1]) : null;
}

/**
 * A saved chart's form data (migrated when the dashboard loaded it, see api.ts) as a dashboard shows it:
 * the dashboard's colour scheme (when it has one) overriding the chart's own, and the dashboard's
 * filters in scope as `extra_form_data`. Null: a type no plugin knows.
 */
export function dashboardFormData(
  savedFormData: Record<string, unknown>,
  colorScheme: string | null | undefined,
  extraFormData?: ExtraFormData,
): FormData | null {
  if (!Object.hasOwn(CHART_PLUGINS, String(savedFormData.viz_type))) return null;
  const formData = savedFormData as FormData;
  const themed = colorScheme ? { ...formData, color_scheme: colorScheme } : formData;
  return extraFormData && !isEmptyExtraFormData(extraFormData)
    ? applyExtraFormData(themed, extraFormData)
    : themed;
}

export type BuiltChartQuery = { ok: true; context: QueryContext } | { ok: false; error: Error };

/** The chart type's query context for the form data, as explore builds it. */
export function buildChartQuery(formData: FormData, force: boolean): BuiltChartQuery {
  try {
    const context = CHART_PLUGINS[formData.viz_type].buildQuery(formData);
    return { ok: true, context: force ? { ...context, force: true } : context };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}
