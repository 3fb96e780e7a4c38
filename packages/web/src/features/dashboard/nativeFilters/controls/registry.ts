/**
 * The filter bar's control of each filter type: a Record keyed by the FilterType union, so a type without
 * a control fails the build. Each control is one file beside this one; the type's logic lives in
 * common/filters/<type>/.
 */
import type { FilterType } from '@vitrina/common/filters/types';
import type { ComponentType } from 'react';
import { lazyComponent } from '../../../../components/index.ts';
import type { FilterControlProps } from './types.ts';

// Each control loads only on a dashboard that has a filter of its type: a dashboard without filters
// downloads no select (with its virtual list), slider or date picker.
const SelectFilterControl = lazyComponent(() =>
  import('./SelectFilterControl.tsx').then((module) => module.SelectFilterControl),
);
const OptionListFilterControl = lazyComponent(() =>
  import('./OptionListFilterControl.tsx').then((module) => module.OptionListFilterControl),
);
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
