import { NO_TIME_RANGE, TIME_RANGE_SEPARATOR, timeRangeLabel } from '@vitrina/common';
import type { TimeRangeBounds } from '../../../../api/timeRange.ts';
import { frameOf, type LAST_RANGES, type PREVIOUS_RANGES } from './timeRangeModel.ts';

type Translate = (key: string) => string;

const LAST_KEYS: Record<(typeof LAST_RANGES)[number], string> = {
  'Last day': 'controls.timeRangePicker.last.day',
  'Last week': 'controls.timeRangePicker.last.week',
  'Last month': 'controls.timeRangePicker.last.month',
  'Last quarter': 'controls.timeRangePicker.last.quarter',
  'Last year': 'controls.timeRangePicker.last.year',
};

const PREVIOUS_KEYS: Record<(typeof PREVIOUS_RANGES)[number], string> = {
  'previous calendar week': 'controls.timeRangePicker.previous.week',
  'previous calendar month': 'controls.timeRangePicker.previous.month',
  'previous calendar quarter': 'controls.timeRangePicker.previous.quarter',
  'previous calendar year': 'controls.timeRangePicker.previous.year',
};

/** The i18n key of a named range ('Last week' → controls.timeRangePicker.last.week), or null. */
export function namedRangeKey(value: string): string | null {
  if (value === NO_TIME_RANGE) return 'controls.timeRangePicker.noFilter';
  return (
    LAST_KEYS[value as keyof typeof LAST_KEYS] ?? PREVIOUS_KEYS[value as keyof typeof PREVIOUS_KEYS] ?? null
  );
}

/** The evaluated bounds as Superset's "actual time range": `2024-01-01 ≤ col < 2024-02-01`. */
export function actualRangeLabel(bounds: Pick<TimeRangeBounds, 'since' | 'until'>, column = 'col'): string {
  return timeRangeLabel(`${bounds.since}${TIME_RANGE_SEPARATOR}${bounds.until}`, column);
}

/**
 * What a time range shows on its button: a named range in the UI language; a custom or advanced one as its
 * evaluated bounds when known (as Superset labels them), else as written.
 */
export function rangeDisplayLabel(
  value: string,
  t: Translate,
  bounds?: Pick<TimeRangeBounds, 'since' | 'until'> | null,
  column?: string,
): string {
  const key = namedRangeKey(value.trim() || NO_TIME_RANGE);
  if (key) return t(key);
  const frame = frameOf(value);
  if ((frame === 'custom' || frame === 'advanced') && bounds) return actualRangeLabel(bounds, column);
  return value;
}
