/**
 * Big number with time period comparison → the current period's metric and the comparison period's.
 * A shifted comparison (inherited range, year, month, week) is a time offset of the one query, which the
 * server runs over the shifted range and joins as `<metric>__<offset>`; a custom comparison is a second
 * query whose filters are the comparison filters (adhoc_custom) instead of the chart's.
 */
import type { ExtraFormData } from '../../filters/types.ts';
import { extraFormDataOf } from '../shared/extraFormData.ts';
import { baseQueryObject, metricsOf, queryContext } from '../shared/query.ts';
import type { BuildQueryOptions, FormData, QueryContext } from '../types.ts';
import { comparisonOffset, comparisonTypeOf } from './comparison.ts';

/**
 * The form data of the custom comparison query: its filters are the comparison filters; a dashboard's
 * time range does not move it (the custom filters are the comparison period), its other filters apply.
 */
export function customComparisonFormData(formData: FormData): FormData {
  const extra = extraFormDataOf(formData);
  const next: FormData = {
    ...formData,
    adhoc_filters: Array.isArray(formData.adhoc_custom) ? formData.adhoc_custom : [],
  };
  if (extra) {
    const {
      time_range: _range,
      granularity_sqla: _column,
      relative_start: _start,
      relative_end: _end,
      ...kept
    } = extra as ExtraFormData & Record<string, unknown>;
    next.extra_form_data = kept;
  }
  return next;
}

export function buildQuery(formData: FormData, _options: BuildQueryOptions = {}): QueryContext {
  const metrics = metricsOf(formData, 'metric');
  const current = { ...baseQueryObject(formData), metrics };
  const offset = comparisonOffset(comparisonTypeOf(formData));
  if (offset !== null) return queryContext(formData, [{ ...current, time_offsets: [offset] }]);
  const comparison = { ...baseQueryObject(customComparisonFormData(formData)), metrics };
  return queryContext(formData, [current, comparison]);
}
