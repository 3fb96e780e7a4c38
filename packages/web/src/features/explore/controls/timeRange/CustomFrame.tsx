import { DatePicker, Flex, InputNumber, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type CustomRange, type EndpointMode, RELATIVE_UNITS, type RelativeUnit } from './timeRangeModel.ts';

const DATETIME_FORMAT = 'YYYY-MM-DDTHH:mm:ss';
const MODES: readonly EndpointMode[] = ['specific', 'relative', 'now', 'today'];

interface DatetimeInputProps {
  value: string;
  onChange: (value: string) => void;
  ariaLabel: string;
}

function DatetimeInput({ value, onChange, ariaLabel }: DatetimeInputProps) {
  const parsed = dayjs(value);
  return (
    <DatePicker
      aria-label={ariaLabel}
      showTime
      allowClear={false}
      format="YYYY-MM-DD HH:mm:ss"
      value={parsed.isValid() ? parsed : null}
      onChange={(date) => date && onChange(date.format(DATETIME_FORMAT))}
      style={{ width: '100%' }}
    />
  );
}

interface EndpointProps {
  end: 'since' | 'until';
  range: CustomRange;
  onChange: (range: CustomRange) => void;
}

/** One end of a custom range: how it is given, and the date-time or the relative amount. */
function Endpoint({ end, range, onChange }: EndpointProps) {
  const { t } = useTranslation();
  const mode = end === 'since' ? range.sinceMode : range.untilMode;
  const datetime = end === 'since' ? range.sinceDatetime : range.untilDatetime;
  const grain = end === 'since' ? range.sinceGrain : range.untilGrain;
  const amount = end === 'since' ? range.sinceGrainValue : range.untilGrainValue;
  const title = t(end === 'since' ? 'controls.timeRangePicker.start' : 'controls.timeRangePicker.end');
  const set = (patch: { mode?: EndpointMode; datetime?: string; grain?: RelativeUnit; amount?: number }) =>
    onChange(
      end === 'since'
        ? {
            ...range,
            sinceMode: patch.mode ?? range.sinceMode,
            sinceDatetime: patch.datetime ?? range.sinceDatetime,
            sinceGrain: patch.grain ?? range.sinceGrain,
            sinceGrainValue: patch.amount ?? range.sinceGrainValue,
          }
        : {
            ...range,
            untilMode: patch.mode ?? range.untilMode,
            untilDatetime: patch.datetime ?? range.untilDatetime,
            untilGrain: patch.grain ?? range.untilGrain,
            untilGrainValue: patch.amount ?? range.untilGrainValue,
          },
    );
  const direction = end === 'since' ? 'before' : 'after';

  return (
    <Flex vertical gap={6} style={{ flex: 1, minWidth: 0 }}>
      <div className="explore-editor-label">{title}</div>
      <Select
        aria-label={title}
        value={mode}
        onChange={(next: EndpointMode) => set({ mode: next })}
        options={MODES.map((item) => ({ value: item, label: t(`controls.timeRangePicker.modes.${item}`) }))}
      />
      {mode === 'specific' && (
        <DatetimeInput value={datetime} onChange={(next) => set({ datetime: next })} ariaLabel={title} />
      )}
      {mode === 'relative' && (
        <Flex gap={6}>
          <InputNumber
            aria-label={t('controls.timeRangePicker.relativeAmount')}
            min={1}
            precision={0}
            value={amount}
            onChange={(next) => set({ amount: typeof next === 'number' && next > 0 ? next : 1 })}
            style={{ width: 72 }}
          />
          <Select
            aria-label={t('controls.timeRangePicker.relativeUnit')}
            value={grain}
            onChange={(next: RelativeUnit) => set({ grain: next })}
            options={RELATIVE_UNITS.map((unit) => ({
              value: unit,
              label: t(`controls.timeRangePicker.${direction}.${unit}`),
            }))}
            style={{ flex: 1 }}
          />
        </Flex>
      )}
    </Flex>
  );
}

interface CustomFrameProps {
  range: CustomRange;
  onChange: (range: CustomRange) => void;
}

/** Custom: each end a date-time, N units from the other end, now or midnight. */
export function CustomFrame({ range, onChange }: CustomFrameProps) {
  const { t } = useTranslation();
  const bothRelative = range.sinceMode === 'relative' && range.untilMode === 'relative';
  return (
    <Flex vertical gap={8}>
      <Flex gap={12}>
        <Endpoint end="since" range={range} onChange={onChange} />
        <Endpoint end="until" range={range} onChange={onChange} />
      </Flex>
      {bothRelative && (
        <Flex vertical gap={6}>
          <div className="explore-editor-label">{t('controls.timeRangePicker.anchorTo')}</div>
          <Radio.Group
            value={range.anchorMode}
            onChange={(event) => onChange({ ...range, anchorMode: event.target.value })}
            options={[
              { value: 'now', label: t('controls.timeRangePicker.modes.now') },
              { value: 'specific', label: t('controls.timeRangePicker.modes.specific') },
            ]}
          />
          {range.anchorMode === 'specific' && (
            <DatetimeInput
              value={range.anchorValue}
              onChange={(next) => onChange({ ...range, anchorValue: next })}
              ariaLabel={t('controls.timeRangePicker.anchorTo')}
            />
          )}
        </Flex>
      )}
    </Flex>
  );
}
