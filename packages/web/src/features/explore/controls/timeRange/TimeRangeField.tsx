import { CalendarOutlined } from '@ant-design/icons';
import { NO_TIME_RANGE } from '@vitrina/common';
import { Button, Popover, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeRangeBounds } from '../../../../api/timeRange.ts';
import { actualRangeLabel, namedRangeKey, rangeDisplayLabel } from './rangeLabel.ts';
import { TimeRangePicker } from './TimeRangePicker.tsx';

interface TimeRangeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The column the evaluated range names. */
  column?: string;
  id?: string;
  ariaLabelledBy?: string;
}

/**
 * A time range as a button: a named range shows its name (the evaluated bounds in the tooltip), any other
 * its evaluated bounds (the text in the tooltip). Clicking opens the picker.
 */
export function TimeRangeField({ value, onChange, column, id, ariaLabelledBy }: TimeRangeFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const range = value.trim() || NO_TIME_RANGE;
  const bounds = useTimeRangeBounds(range === NO_TIME_RANGE ? null : range);
  const label = rangeDisplayLabel(range, t, bounds.data, column);
  const named = namedRangeKey(range) !== null;
  const tooltip = named ? (bounds.data ? actualRangeLabel(bounds.data, column) : null) : range;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="right"
      destroyOnHidden
      content={
        <TimeRangePicker
          value={range}
          column={column}
          onCancel={() => setOpen(false)}
          onApply={(next) => {
            onChange(next);
            setOpen(false);
          }}
        />
      }
    >
      <Tooltip title={open ? null : tooltip}>
        <Button
          id={id}
          aria-labelledby={ariaLabelledBy}
          block
          icon={<CalendarOutlined />}
          danger={bounds.isError}
          style={{ justifyContent: 'flex-start', overflow: 'hidden' }}
        >
          <span className="explore-time-range-label" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {label}
          </span>
        </Button>
      </Tooltip>
    </Popover>
  );
}
