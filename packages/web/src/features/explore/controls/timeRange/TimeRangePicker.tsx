import { NO_TIME_RANGE, SLOW_DEBOUNCE_MS } from '@vitrina/common';
import { Button, Flex, Input, Radio, Select, Spin, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../api/errors.ts';
import { useTimeRangeBounds } from '../../../../api/timeRange.ts';
import { lazyComponent, useDebouncedValue } from '../../../../components/index.ts';
import { actualRangeLabel, namedRangeKey } from './rangeLabel.ts';
import {
  advancedParts,
  advancedRange,
  decodeCustomRange,
  defaultCustomRange,
  encodeCustomRange,
  frameOf,
  initialValueOfFrame,
  LAST_RANGES,
  PREVIOUS_RANGES,
  RANGE_FRAMES,
  type RangeFrame,
} from './timeRangeModel.ts';

// The date pickers load when the custom frame is first chosen (a dashboard's time filter rarely needs them).
const CustomFrame = lazyComponent(() => import('./CustomFrame.tsx').then((module) => module.CustomFrame));

interface TimeRangePickerProps {
  value: string;
  onApply: (value: string) => void;
  onCancel: () => void;
  /** The column the preview names (`2024-01-01 ≤ order_ts < …`). */
  column?: string;
}

/** The range editor: a frame, its inputs, the evaluated range from the server, Cancel and Apply. */
export function TimeRangePicker({ value, onApply, onCancel, column }: TimeRangePickerProps) {
  const { t } = useTranslation();
  const [frame, setFrame] = useState<RangeFrame>(() => frameOf(value));
  const [draft, setDraft] = useState(() => value.trim() || NO_TIME_RANGE);
  // Typing in Advanced asks the server once the text has settled (the slow chart debounce).
  const settled = useDebouncedValue(draft, SLOW_DEBOUNCE_MS);
  const preview = useTimeRangeBounds(frame === 'noFilter' ? null : settled);
  const pending = settled !== draft || preview.isFetching;
  const invalid = frame !== 'noFilter' && preview.isError && !pending;
  // Named ranges are always valid; what the user typed or built waits for the server's verdict.
  const needsCheck = frame === 'custom' || frame === 'advanced';

  const chooseFrame = (next: RangeFrame) => {
    setFrame(next);
    setDraft(initialValueOfFrame(next, draft));
  };

  const [since, until] = advancedParts(draft);
  const sinceId = useId();
  const untilId = useId();

  return (
    <Flex vertical gap={12} style={{ width: 440 }} className="explore-time-range-picker">
      <Flex vertical gap={4}>
        <div className="explore-editor-label">{t('controls.timeRangePicker.rangeType')}</div>
        <Select
          aria-label={t('controls.timeRangePicker.rangeType')}
          value={frame}
          onChange={chooseFrame}
          options={RANGE_FRAMES.map((item) => ({
            value: item,
            label: t(`controls.timeRangePicker.frames.${item}`),
          }))}
        />
      </Flex>

      {frame === 'last' && (
        <Radio.Group
          aria-label={t('controls.timeRangePicker.frames.last')}
          vertical
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          options={LAST_RANGES.map((range) => ({ value: range, label: t(namedRangeKey(range) ?? range) }))}
        />
      )}
      {frame === 'previous' && (
        <Radio.Group
          aria-label={t('controls.timeRangePicker.frames.previous')}
          vertical
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          options={PREVIOUS_RANGES.map((range) => ({
            value: range,
            label: t(namedRangeKey(range) ?? range),
          }))}
        />
      )}
      {frame === 'custom' && (
        <CustomFrame
          range={decodeCustomRange(draft) ?? defaultCustomRange()}
          onChange={(range) => setDraft(encodeCustomRange(range))}
        />
      )}
      {frame === 'advanced' && (
        <Flex vertical gap={8}>
          <Flex vertical gap={4}>
            <label className="explore-editor-label" htmlFor={sinceId}>
              {t('controls.timeRangePicker.startInclusive')}
            </label>
            <Input
              id={sinceId}
              value={since}
              placeholder='DATEADD(DATETIME("today"), -7, day)'
              onChange={(event) => setDraft(advancedRange(event.target.value, until))}
            />
          </Flex>
          <Flex vertical gap={4}>
            <label className="explore-editor-label" htmlFor={untilId}>
              {t('controls.timeRangePicker.endExclusive')}
            </label>
            <Input
              id={untilId}
              value={until}
              placeholder="today"
              onChange={(event) => setDraft(advancedRange(since, event.target.value))}
            />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('controls.timeRangePicker.advancedHint')}
          </Typography.Text>
        </Flex>
      )}

      <Flex vertical gap={4} className="explore-time-range-preview">
        <div className="explore-editor-label">{t('controls.timeRangePicker.actualRange')}</div>
        {frame === 'noFilter' ? (
          <Typography.Text>{t('controls.timeRangePicker.noFilter')}</Typography.Text>
        ) : pending ? (
          <Spin size="small" />
        ) : preview.isError ? (
          <Typography.Text type="danger" role="alert">
            {errorText(preview.error, t)}
          </Typography.Text>
        ) : preview.data ? (
          <Typography.Text>{actualRangeLabel(preview.data, column)}</Typography.Text>
        ) : null}
      </Flex>

      <Flex justify="flex-end" gap={8}>
        <Button size="small" onClick={onCancel}>
          {t('controls.common.cancel')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={invalid || (needsCheck && pending)}
          onClick={() => onApply(frame === 'noFilter' ? NO_TIME_RANGE : draft)}
        >
          {t('controls.common.apply')}
        </Button>
      </Flex>
    </Flex>
  );
}
