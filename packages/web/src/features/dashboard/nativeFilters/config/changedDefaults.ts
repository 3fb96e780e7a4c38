import { defaultDataMask } from '@vitrina/common/filters/dataMask';
import type { DataMaskMap, FilterConfigItem } from '@vitrina/common/filters/types';

/**
 * After a save, the masks that change: a new filter, or one whose default or type changed, starts
 * from its default; a deleted filter's selection goes (null).
 */
export function changedDefaults(
  before: readonly FilterConfigItem[],
  after: readonly FilterConfigItem[],
): Record<string, DataMaskMap[string] | null> {
  const previous = new Map(before.map((item) => [item.id, item]));
  const defaults = defaultDataMask(after);
  const changes: Record<string, DataMaskMap[string] | null> = {};
  for (const item of after) {
    if (item.type !== 'NATIVE_FILTER') continue;
    const old = previous.get(item.id);
    const same =
      old?.type === 'NATIVE_FILTER' &&
      old.filterType === item.filterType &&
      JSON.stringify(old.targets) === JSON.stringify(item.targets) &&
      JSON.stringify(old.controlValues) === JSON.stringify(item.controlValues) &&
      JSON.stringify(old.defaultDataMask) === JSON.stringify(item.defaultDataMask);
    if (!same) changes[item.id] = defaults[item.id] ?? null;
  }
  const kept = new Set(after.map((item) => item.id));
  for (const item of before) if (!kept.has(item.id) && item.type === 'NATIVE_FILTER') changes[item.id] = null;
  return changes;
}
