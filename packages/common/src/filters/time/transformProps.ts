/** A time range filter draws the time-range picker; there is no data to turn into options. */
import type { FilterOptionsData } from '../definition.ts';

export function transformProps(): FilterOptionsData {
  return { kind: 'timeRange' };
}
