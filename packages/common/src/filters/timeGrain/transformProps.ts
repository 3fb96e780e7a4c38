/** Time grain options from the 'timegrains' rows (or every known grain), named through the i18n catalogue. */
import { isTimeGrain, TIME_GRAIN_NAMES, TIME_GRAINS, type TimeGrain } from '../../sql/timeGrains.ts';
import type { FilterOption, FilterOptionsData, FilterTransformInput } from '../definition.ts';
import type { NativeFilter } from '../types.ts';

/** The catalogue key of a grain's name (controls.timeGrains, shared with explore's grain control). */
export function timeGrainLabelKey(grain: TimeGrain): string {
  return `controls.timeGrains.${grain.replace(/[-:/]/g, '_')}`;
}

function optionOf(grain: TimeGrain): FilterOption {
  return { value: grain, label: TIME_GRAIN_NAMES[grain], labelKey: timeGrainLabelKey(grain) };
}

export function transformProps(_filter: NativeFilter, input: FilterTransformInput): FilterOptionsData {
  const rows = input.queriesData[0]?.data;
  const grains: TimeGrain[] = rows
    ? rows
        .map((row) => row.duration)
        .filter((duration): duration is TimeGrain => typeof duration === 'string' && isTimeGrain(duration))
    : [...TIME_GRAINS];
  return { kind: 'options', options: grains.map(optionOf), hasMore: false };
}
