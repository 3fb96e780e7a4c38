/** A time range as a data mask: it overrides the time range of the charts in scope; 'No filter' clears it. */
import { NO_FILTER } from '../../viz/shared/query.ts';
import { emptyValueMask } from '../requiredValue.ts';
import type { DataMask, NativeFilter } from '../types.ts';

export function maskFromValue(filter: NativeFilter, value: unknown): DataMask {
  const range = typeof value === 'string' ? value.trim() : '';
  if (!range || range === NO_FILTER) {
    return emptyValueMask(filter);
  }
  return { id: filter.id, extraFormData: { time_range: range }, filterState: { value: range, label: range } };
}
