import type { DashboardLayout } from '@vitrina/common';
import { isNativeFilter } from '@vitrina/common/filters/items';
import { chartsInScope, defaultFilterScope, tabsInScope } from '@vitrina/common/filters/scope';
import {
  type FilterConfigItem,
  type FilterDivider,
  type FilterType,
  NATIVE_FILTER_DIVIDER_PREFIX,
  NATIVE_FILTER_PREFIX,
  type NativeFilter,
} from '@vitrina/common/filters/types';

/** Superset's ids are a prefix and a nanoid; any unique text after the prefix will do. */
function shortId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 10);
}

export function newFilter(filterType: FilterType = 'filter_select'): NativeFilter {
  return {
    id: `${NATIVE_FILTER_PREFIX}${shortId()}`,
    type: 'NATIVE_FILTER',
    name: '',
    filterType,
    targets: [{}],
    controlValues: {},
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: [],
    scope: defaultFilterScope(),
    description: '',
    adhoc_filters: [],
    time_range: 'No filter',
    sortMetric: null,
  };
}

export function newDivider(): FilterDivider {
  return { id: `${NATIVE_FILTER_DIVIDER_PREFIX}${shortId()}`, type: 'DIVIDER', title: '', description: '' };
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** The items as stored: deleted ones dropped, parents that no longer exist unlinked, scopes resolved. */
export function itemsForSave(
  items: readonly FilterConfigItem[],
  deleted: ReadonlySet<string>,
  layout: DashboardLayout,
): FilterConfigItem[] {
  const kept = items.filter((item) => !deleted.has(item.id));
  const ids = new Set(kept.map((item) => item.id));
  return kept.map((item) =>
    isNativeFilter(item)
      ? {
          ...item,
          cascadeParentIds: item.cascadeParentIds.filter((id) => ids.has(id)),
          chartsInScope: chartsInScope(layout, item.scope),
          tabsInScope: tabsInScope(layout, item.scope),
        }
      : item,
  );
}
