import type { DashboardLayout } from '@vitrina/common';
import { isNativeFilter } from '@vitrina/common/filters/items';
import { chartsInScope, defaultFilterScope, tabsInScope } from '@vitrina/common/filters/scope';
import {
  type FilterConfigItem,
  type FilterDivider,
  type FilterTarget,
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

/**
 * The filter with a new own target (its first). The column mappings of the other targets are made for
 * the old column, so they go with it.
 */
export function withPrimaryTarget(filter: NativeFilter, target: FilterTarget): NativeFilter {
  return { ...filter, targets: [target] };
}

/** The column a further target maps the filter onto for another dataset, if any. */
export function mappedColumn(filter: NativeFilter, datasetId: number): string | undefined {
  return filter.targets.slice(1).find((target) => target.datasetId === datasetId)?.column?.name;
}

/**
 * The filter with its column mapped onto another dataset's `column` (a further target), or with that
 * dataset's mapping removed when `column` is null. The first target, the filter's own, never changes.
 */
export function withColumnMapping(
  filter: NativeFilter,
  datasetId: number,
  column: string | null,
): NativeFilter {
  const [own = {}, ...others] = filter.targets;
  const kept = others.filter((target) => target.datasetId !== datasetId);
  const added = column ? [{ datasetId, column: { name: column } }] : [];
  return { ...filter, targets: [own, ...kept, ...added] };
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
