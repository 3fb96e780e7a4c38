import type { FormData, QueryContext } from '@vitrina/common';
import type { ExtraFormData } from '@vitrina/common/filters/types';
import {
  dashboardChartQuery,
  isKnownVizType,
  withDashboardFilters,
} from '@vitrina/common/viz/dashboardChartQuery';

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
  if (!isKnownVizType(savedFormData.viz_type)) return null;
  const formData = savedFormData as FormData;
  return withDashboardFilters(
    colorScheme ? { ...formData, color_scheme: colorScheme } : formData,
    extraFormData,
  );
}

export type BuiltChartQuery = { ok: true; context: QueryContext } | { ok: false; error: Error };

/** The chart type's query context for the form data (filters already merged), as explore builds it. */
export function buildChartQuery(formData: FormData, force: boolean): BuiltChartQuery {
  try {
    return { ok: true, context: dashboardChartQuery(formData, undefined, force) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}
