/**
 * Time comparison as Superset does it: the query asks for `time_offsets`, the server adds one column per
 * metric and offset named `<metric>__<offset>`, and a non-'values' comparison turns each pair into
 * `<comparison_type>__<metric>__<metric>__<offset>` (post-processing `compare`).
 */
import { TIME_COMPARISON } from '../../query/postProcessing/compare.ts';
import type { FormData } from '../types.ts';
import type { ComparisonType } from './constants.ts';
import { comparisonTypeOf, timeCompareOf } from './formData.ts';

export { TIME_COMPARISON };

/** `<metric>__<offset>` → metric, for every metric and offset, in metric-then-offset order. */
export function metricOffsetMap(
  metricLabels: readonly string[],
  offsets: readonly string[],
): Map<string, string> {
  const map = new Map<string, string>();
  for (const metric of metricLabels)
    for (const offset of offsets) map.set(`${metric}${TIME_COMPARISON}${offset}`, metric);
  return map;
}

export interface TimeComparison {
  offsets: string[];
  type: ComparisonType;
  /** offset column → its metric. */
  columns: Map<string, string>;
}

/** The chart's time comparison, or null when there is none (no offsets or no metrics). */
export function timeComparisonOf(formData: FormData, metricLabels: readonly string[]): TimeComparison | null {
  const offsets = timeCompareOf(formData);
  if (offsets.length === 0 || metricLabels.length === 0) return null;
  return {
    offsets,
    type: comparisonTypeOf(formData),
    columns: metricOffsetMap(metricLabels, offsets),
  };
}
