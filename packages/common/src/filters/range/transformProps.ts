/** Numerical range bounds from the MIN / MAX row; null bounds when the column has no numbers. */
import type { FilterOptionsData, FilterTransformInput } from '../definition.ts';
import type { NativeFilter } from '../types.ts';
import { RANGE_MAX_LABEL, RANGE_MIN_LABEL } from './buildQuery.ts';

function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function transformProps(_filter: NativeFilter, input: FilterTransformInput): FilterOptionsData {
  const row = input.queriesData[0]?.data?.[0] ?? {};
  return { kind: 'range', min: numberOrNull(row[RANGE_MIN_LABEL]), max: numberOrNull(row[RANGE_MAX_LABEL]) };
}
