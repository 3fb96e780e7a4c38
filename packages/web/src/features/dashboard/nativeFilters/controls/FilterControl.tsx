import { OptionListFilterControl } from './OptionListFilterControl.tsx';
import { RangeFilterControl } from './RangeFilterControl.tsx';
import { SelectFilterControl } from './SelectFilterControl.tsx';
import { TimeRangeFilterControl } from './TimeRangeFilterControl.tsx';
import type { FilterControlProps } from './types.ts';

/** The control of a filter's type. */
export function FilterControl(props: FilterControlProps) {
  switch (props.filter.filterType) {
    case 'filter_select':
      return <SelectFilterControl {...props} />;
    case 'filter_range':
      return <RangeFilterControl {...props} />;
    case 'filter_time':
      return <TimeRangeFilterControl {...props} />;
    case 'filter_timecolumn':
    case 'filter_timegrain':
      return <OptionListFilterControl {...props} />;
  }
}
