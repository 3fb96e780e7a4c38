import { rangeValue } from '@vitrina/common/filters/range/mask';
import { filterTypes } from '@vitrina/common/filters/registry';
import { Flex, InputNumber, Slider, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterControlProps } from './types.ts';
import { useFilterOptions } from './useFilterOptions.ts';

type Bound = number | null;

/** The numerical range filter: a slider over the column's bounds and two inputs. */
export function RangeFilterControl({
  filter,
  mask,
  onChange,
  parentsExtraFormData,
  ariaLabel,
}: FilterControlProps) {
  const { t } = useTranslation();
  const state = useFilterOptions(filter, { parentsExtraFormData });
  const [from, to] = rangeValue(mask?.filterState?.value);
  const change = (next: [Bound, Bound]) =>
    onChange(
      filterTypes.filter_range.maskFromValue(filter, next[0] === null && next[1] === null ? null : next),
    );
  if (state.loading && !state.data) return <Spin size="small" />;
  if (state.error) return <Typography.Text type="danger">{state.error.message}</Typography.Text>;
  const bounds = state.data?.kind === 'range' ? state.data : { min: null, max: null };
  const min = bounds.min ?? 0;
  const max = bounds.max ?? min;
  return (
    <div data-test="filter-range">
      <Slider
        range
        aria-label={ariaLabel}
        min={min}
        max={max}
        step={max - min > 100 || Number.isInteger(min) ? 1 : (max - min) / 100}
        value={[from ?? min, to ?? max]}
        onChange={(next: number[]) => change([next[0] ?? null, next[1] ?? null])}
        disabled={bounds.min === null}
      />
      <Flex gap={8}>
        <InputNumber
          aria-label={t('nativeFilters.bar.rangeFrom')}
          placeholder={String(min)}
          value={from}
          onChange={(next) => change([typeof next === 'number' ? next : null, to])}
          style={{ flex: 1 }}
        />
        <InputNumber
          aria-label={t('nativeFilters.bar.rangeTo')}
          placeholder={String(max)}
          value={to}
          onChange={(next) => change([from, typeof next === 'number' ? next : null])}
          style={{ flex: 1 }}
        />
      </Flex>
    </div>
  );
}
