/** A time column as a data mask: the charts in scope apply their time range to this column. */
import { emptyValueMask } from '../requiredValue.ts';
import type { DataMask, NativeFilter } from '../types.ts';

/** The chosen column from a stored value (Superset keeps a one-item list; a bare name is accepted). */
export function singleText(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first : null;
}

export function maskFromValue(filter: NativeFilter, value: unknown): DataMask {
  const column = singleText(value);
  if (!column) {
    return emptyValueMask(filter);
  }
  return {
    id: filter.id,
    extraFormData: { granularity_sqla: column },
    filterState: { value: [column], label: column },
  };
}
