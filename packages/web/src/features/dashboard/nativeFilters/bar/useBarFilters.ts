import { parentsExtraFormData } from '@vitrina/common/filters/cascade';
import { controlFlag, isNativeFilter } from '@vitrina/common/filters/items';
import type { DataMask, ExtraFormData, FilterConfigItem, NativeFilter } from '@vitrina/common/filters/types';
import { useMemo } from 'react';
import { useDataMask } from '../dataMaskContext.tsx';
import { useFilterConfiguration } from '../useFilterConfiguration.ts';

export interface BarFilter {
  filter: NativeFilter;
  mask: DataMask | undefined;
  parentsExtraFormData: ExtraFormData;
  /** 'Value is required' and nothing chosen. */
  missingRequired: boolean;
}

export type BarItem =
  | { kind: 'filter'; entry: BarFilter }
  | { kind: 'divider'; item: Extract<FilterConfigItem, { type: 'DIVIDER' }> };

/** Whether a mask holds a selection. */
export function hasValue(mask: DataMask | undefined): boolean {
  const value = mask?.filterState?.value;
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value))
    return value.length > 0 && value.some((entry) => entry !== null && entry !== undefined);
  return true;
}

/** The bar's entries in configuration order, each filter with its pending mask and its parents' selection. */
export function barItems(items: readonly FilterConfigItem[], pending: Record<string, DataMask>): BarItem[] {
  return items.map((item) =>
    isNativeFilter(item)
      ? {
          kind: 'filter',
          entry: {
            filter: item,
            mask: pending[item.id],
            // Children narrow to what the parents show now, applied or not.
            parentsExtraFormData: parentsExtraFormData(item.id, items, pending),
            missingRequired: controlFlag(item, 'enableEmptyFilter', false) && !hasValue(pending[item.id]),
          },
        }
      : { kind: 'divider', item },
  );
}

export function useBarFilters() {
  const items = useFilterConfiguration();
  const masks = useDataMask();
  const entries = useMemo(() => barItems(items, masks.pending), [items, masks.pending]);
  const missingRequired = entries.some((entry) => entry.kind === 'filter' && entry.entry.missingRequired);
  const appliedCount = items.filter(
    (item) => isNativeFilter(item) && hasValue(masks.dataMask[item.id]),
  ).length;
  return { entries, masks, missingRequired, appliedCount, filterCount: items.filter(isNativeFilter).length };
}
