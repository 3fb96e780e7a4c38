import { filterTypes } from '@vitrina/common/filters/registry';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionsLook } from './optionsPlaceholder.ts';
import type { FilterControlProps } from './types.ts';
import { useFilterOptions } from './useFilterOptions.ts';

/** The time column and time grain filters: one choice among the dataset's time columns or grains. */
export function OptionListFilterControl({
  filter,
  mask,
  onChange,
  parentsExtraFormData,
  ariaLabel,
  compact,
}: FilterControlProps) {
  const { t } = useTranslation();
  const state = useFilterOptions(filter, { parentsExtraFormData });
  const options = state.data?.kind === 'options' ? state.data.options : [];
  const look = optionsLook(state.error, options.length, t);
  const value = mask?.filterState?.value;
  const chosen = Array.isArray(value) ? value[0] : value;
  return (
    <Select
      aria-label={ariaLabel}
      data-test="filter-option-list"
      allowClear
      showSearch
      style={{ width: '100%', minWidth: compact ? 160 : undefined }}
      loading={state.loading}
      status={look.status}
      // The shared selects' texts: 'Loading...' while the options load, else the error inline.
      notFoundContent={
        state.error ? state.error.message : state.loading ? t('controls.common.loading') : undefined
      }
      placeholder={look.placeholder}
      disabled={look.disabled}
      optionFilterProp="label"
      options={options.map((option) => ({
        value: String(option.value),
        label: option.labelKey ? t(option.labelKey) : option.label,
      }))}
      value={typeof chosen === 'string' ? chosen : undefined}
      onChange={(next: string | undefined) =>
        onChange(filterTypes[filter.filterType].maskFromValue(filter, next ?? null))
      }
    />
  );
}
