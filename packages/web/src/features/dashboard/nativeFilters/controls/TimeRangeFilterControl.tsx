import { NO_TIME_RANGE } from '@vitrina/common';
import { filterTypes } from '@vitrina/common/filters/registry';
import { TimeRangeField } from '../../../explore/index.ts';
import type { FilterControlProps } from './types.ts';

/** The time range filter: explore's time-range picker; 'No filter' clears it. */
export function TimeRangeFilterControl({ filter, mask, onChange, ariaLabel }: FilterControlProps) {
  const value = mask?.filterState?.value;
  return (
    <fieldset
      data-test="filter-time-range"
      aria-label={ariaLabel}
      style={{ border: 0, margin: 0, padding: 0 }}
    >
      <TimeRangeField
        value={typeof value === 'string' ? value : NO_TIME_RANGE}
        onChange={(next) =>
          onChange(filterTypes.filter_time.maskFromValue(filter, next === NO_TIME_RANGE ? null : next))
        }
      />
    </fieldset>
  );
}
