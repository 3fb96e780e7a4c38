/**
 * The filter bar's control of each filter type: a Record keyed by the FilterType union, so a type without
 * a control fails the build. Each control is one file beside this one; the type's logic lives in
 * common/filters/<type>/.
 */
import type { FilterType } from '@vitrina/common/filters/types';
import type { ComponentType } from 'react';
import { lazyComponent } from '../../../../components/index.ts';
import { OptionListFilterControl } from './OptionListFilterControl.tsx';
import { SelectFilterControl } from './SelectFilterControl.tsx';
import type { FilterControlProps } from './types.ts';

// The slider and the time-range picker load only on a dashboard that has such a filter.
const RangeFilterControl = lazyComponent(() =>
  import('./RangeFilterControl.tsx').then((module) => module.RangeFilterControl),
);
const TimeRangeFilterControl = lazyComponent(() =>
  import('./TimeRangeFilterControl.tsx').then((module) => module.TimeRangeFilterControl),
);

export const FILTER_CONTROLS: Record<FilterType, ComponentType<FilterControlProps>> = {
  filter_select: SelectFilterControl,
  filter_range: RangeFilterControl,
  filter_time: TimeRangeFilterControl,
  // Both pick one option of a list their type's transformProps gives.
  filter_timecolumn: OptionListFilterControl,
  filter_timegrain: OptionListFilterControl,
};
