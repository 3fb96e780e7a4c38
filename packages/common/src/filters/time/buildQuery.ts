/**
 * A time range filter needs no query: the explore time-range picker offers the ranges, and each chart
 * applies the chosen range to its own time column.
 */
import type { QueryContext } from '../../query/types.ts';

export function buildQuery(): QueryContext | null {
  return null;
}
