/** A time grain as a data mask: the charts in scope bucket time by this grain. */
import { isTimeGrain, TIME_GRAIN_NAMES } from '../../sql/timeGrains.ts';
import { emptyValueMask } from '../requiredValue.ts';
import { singleText } from '../timeColumn/mask.ts';
import type { DataMask, NativeFilter } from '../types.ts';

export function maskFromValue(filter: NativeFilter, value: unknown): DataMask {
  const grain = singleText(value);
  if (!grain || !isTimeGrain(grain)) {
    return emptyValueMask(filter);
  }
  return {
    id: filter.id,
    extraFormData: { time_grain_sqla: grain },
    filterState: { value: [grain], label: TIME_GRAIN_NAMES[grain] },
  };
}
