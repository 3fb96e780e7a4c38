import { NO_TIME_RANGE } from '@vitrina/common';
import { useId } from 'react';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import type { ControlProps } from '../types.ts';
import { TimeRangeField } from './TimeRangeField.tsx';

/** The chart's time range (`time_range`), stored as Superset's range string. */
export function TimeRangeControl({ control, value, onChange, formData, errors }: ControlProps) {
  const labelId = useId();
  const column = typeof formData.granularity_sqla === 'string' ? formData.granularity_sqla : undefined;
  return (
    <ControlFrame control={control} errors={errors} labelId={labelId}>
      <TimeRangeField
        value={typeof value === 'string' ? value : NO_TIME_RANGE}
        onChange={onChange}
        column={column}
        ariaLabelledBy={labelId}
      />
    </ControlFrame>
  );
}
