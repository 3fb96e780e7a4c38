import type { SliceRow } from './repo.ts';

/** A saved chart's form data, as Superset's Slice.form_data composes it. */

export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text?.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The stored params with the chart's own identity (id, type, datasource) written over them. */
export function storedFormData(chart: SliceRow): Record<string, unknown> {
  const formData: Record<string, unknown> = {
    ...(parseJsonObject(chart.params) ?? {}),
    slice_id: chart.id,
    viz_type: chart.viz_type,
    datasource: `${chart.datasource_id}__${chart.datasource_type}`,
  };
  if (chart.cache_timeout) formData.cache_timeout = chart.cache_timeout;
  return formData;
}
