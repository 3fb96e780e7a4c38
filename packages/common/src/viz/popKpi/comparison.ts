/**
 * The comparison period of the big number with time period comparison, as Superset's `time_comparison`
 * control names it: the range before the current one of the same length ('r', inherited), the same range
 * a year, a month or a week earlier, or a range of its own given by the comparison filters ('c', custom).
 */
import { CUSTOM_COMPARISON } from '../../validation/index.ts';
import type { FormData } from '../types.ts';

export const COMPARISON_TIME_RANGE_TYPES = {
  custom: CUSTOM_COMPARISON,
  inheritedRange: 'r',
  month: 'm',
  week: 'w',
  year: 'y',
} as const;

export type ComparisonTimeRangeType =
  (typeof COMPARISON_TIME_RANGE_TYPES)[keyof typeof COMPARISON_TIME_RANGE_TYPES];

/** Superset's default: inherit the range from the time filter. */
export const DEFAULT_COMPARISON: ComparisonTimeRangeType = COMPARISON_TIME_RANGE_TYPES.inheritedRange;

/** The shifts the server runs the comparison with (time_offsets); custom has its own query instead. */
const OFFSETS: Record<Exclude<ComparisonTimeRangeType, 'c'>, string> = {
  r: 'inherit',
  y: '1 year ago',
  m: '1 month ago',
  w: '1 week ago',
};

export function comparisonTypeOf(formData: FormData): ComparisonTimeRangeType {
  const value = formData.time_comparison;
  return Object.values(COMPARISON_TIME_RANGE_TYPES).includes(value as ComparisonTimeRangeType)
    ? (value as ComparisonTimeRangeType)
    : DEFAULT_COMPARISON;
}

/** The time offset of a shifted comparison; null for a custom one. */
export function comparisonOffset(type: ComparisonTimeRangeType): string | null {
  return type === CUSTOM_COMPARISON ? null : OFFSETS[type];
}

/** Newer Superset saves the comparison as a time shift (`time_compare`): the shift → our range type. */
const SHIFT_TYPES: Record<string, ComparisonTimeRangeType> = {
  inherit: 'r',
  '1 year ago': 'y',
  '1 month ago': 'm',
  '1 week ago': 'w',
  custom: 'c',
};

export function comparisonTypeOfShift(shift: unknown): ComparisonTimeRangeType | null {
  const first = Array.isArray(shift) ? shift[0] : shift;
  return typeof first === 'string' ? (SHIFT_TYPES[first.trim().toLowerCase()] ?? null) : null;
}
