/**
 * Merging the extraFormData of several masks (Superset's mergeExtraFormData): the append keys add up,
 * the override keys take the later mask's value.
 */
import type { ExtraFormData } from './types.ts';

export const EXTRA_FORM_DATA_APPEND_KEYS = ['filters', 'adhoc_filters'] as const;
export const EXTRA_FORM_DATA_OVERRIDE_KEYS = [
  'time_range',
  'granularity_sqla',
  'time_grain_sqla',
  'time_column',
  'relative_start',
  'relative_end',
] as const;

/** a then b: filters and adhoc filters of both, and b's time range, time column and grain where it has one. */
export function mergeExtraFormData(
  a: ExtraFormData | undefined,
  b: ExtraFormData | undefined,
): ExtraFormData {
  const merged: ExtraFormData = {};
  for (const key of EXTRA_FORM_DATA_APPEND_KEYS) {
    const list = [...(a?.[key] ?? []), ...(b?.[key] ?? [])];
    if (list.length > 0) (merged as Record<string, unknown>)[key] = list;
  }
  for (const key of EXTRA_FORM_DATA_OVERRIDE_KEYS) {
    const value = b?.[key] ?? a?.[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** Whether a mask contributes nothing to a query. */
export function isEmptyExtraFormData(extra: ExtraFormData | undefined): boolean {
  if (!extra) return true;
  return (
    EXTRA_FORM_DATA_APPEND_KEYS.every((key) => (extra[key]?.length ?? 0) === 0) &&
    EXTRA_FORM_DATA_OVERRIDE_KEYS.every((key) => extra[key] === undefined)
  );
}
