/**
 * A numerical range as a data mask (Superset's getRangeExtraFormData): `>=` the lower bound, `<=` the
 * upper one, `==` when they are equal; an open side adds no filter.
 */
import type { QueryFilter } from '../../query/types.ts';
import { primaryTarget } from '../items.ts';
import { emptyValueMask } from '../requiredValue.ts';
import type { DataMask, NativeFilter } from '../types.ts';

export const RANGE_ORDER_KEY = 'nativeFilters.validation.rangeOrder';

export type RangeValue = [number | null, number | null];

function boundOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** `[lower, upper]` from a stored value; anything else is an open range. */
export function rangeValue(value: unknown): RangeValue {
  if (!Array.isArray(value)) return [null, null];
  return [boundOf(value[0]), boundOf(value[1])];
}

/** A range whose lower bound is above its upper one cannot be a default value. */
export function rangeDefaultProblem(value: unknown): string | null {
  const [lower, upper] = rangeValue(value);
  return lower !== null && upper !== null && lower > upper ? RANGE_ORDER_KEY : null;
}

export function maskFromValue(filter: NativeFilter, value: unknown): DataMask {
  const column = primaryTarget(filter).column ?? '';
  const [lower, upper] = rangeValue(value);
  if (lower === null && upper === null) {
    return emptyValueMask(filter);
  }
  if (lower !== null && upper !== null && lower > upper) {
    return {
      id: filter.id,
      extraFormData: {},
      filterState: {
        value: [lower, upper],
        label: '',
        validateStatus: 'error',
        validateMessage: RANGE_ORDER_KEY,
      },
    };
  }
  const filters: QueryFilter[] = [];
  let label: string;
  if (lower !== null && lower === upper) {
    filters.push({ col: column, op: '==', val: lower });
    label = `${column} = ${lower}`;
  } else {
    if (lower !== null) filters.push({ col: column, op: '>=', val: lower });
    if (upper !== null) filters.push({ col: column, op: '<=', val: upper });
    if (lower !== null && upper !== null) label = `${lower} ≤ ${column} ≤ ${upper}`;
    else label = lower !== null ? `${column} ≥ ${lower}` : `${column} ≤ ${upper}`;
  }
  return { id: filter.id, extraFormData: { filters }, filterState: { value: [lower, upper], label } };
}
