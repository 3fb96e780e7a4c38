/** Telling the items of native_filter_configuration apart, and reading a filter's target and controls. */
import type { FilterConfigItem, FilterDivider, NativeFilter } from './types.ts';

export function isNativeFilter(item: FilterConfigItem): item is NativeFilter {
  return item.type === 'NATIVE_FILTER';
}

export function isFilterDivider(item: FilterConfigItem): item is FilterDivider {
  return item.type === 'DIVIDER';
}

/** The first target's dataset and column: where the filter's options come from. */
export function primaryTarget(filter: NativeFilter): { datasetId?: number; column?: string } {
  const target = filter.targets[0];
  return { datasetId: target?.datasetId, column: target?.column?.name };
}

/** A boolean control value, or the fallback when it is unset. */
export function controlFlag(filter: NativeFilter, name: string, fallback: boolean): boolean {
  const value = filter.controlValues?.[name];
  return typeof value === 'boolean' ? value : fallback;
}
