/**
 * The dashboard state a report shows, from its `extra.dashboard` (Superset's shape:
 * `{activeTabs, anchor, nativeFilters: [{nativeFilterId, filterType, columnName, filterValues}]}`),
 * as the dataMask and tab list a dashboard permalink carries. Anything it cannot read is left out:
 * the dashboard then shows that filter's default, and every tab.
 */

export interface ReportNativeFilter {
  nativeFilterId: string;
  filterType: string;
  columnName: string;
  filterValues: unknown[];
}

export interface ReportDashboardState {
  dataMask: Record<string, unknown>;
  activeTabs: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

/** `anchor` is one layout id or a JSON list of them (Superset sends both). */
function anchorIds(anchor: unknown): string[] {
  if (typeof anchor !== 'string' || anchor === '') return [];
  if (anchor.startsWith('[')) {
    try {
      return strings(JSON.parse(anchor));
    } catch {
      return [];
    }
  }
  return [anchor];
}

function nativeFilters(value: unknown): ReportNativeFilter[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item) || typeof item.nativeFilterId !== 'string' || !item.nativeFilterId) return [];
    return [
      {
        nativeFilterId: item.nativeFilterId,
        filterType: typeof item.filterType === 'string' ? item.filterType : 'filter_select',
        columnName: typeof item.columnName === 'string' ? item.columnName : '',
        filterValues: Array.isArray(item.filterValues) ? item.filterValues : [],
      },
    ];
  });
}

/** One filter's dataMask entry as the dashboard's own filter of that type would set it. */
export function filterDataMask(filter: ReportNativeFilter): Record<string, unknown> | null {
  const values = filter.filterValues;
  const mask = (extraFormData: Record<string, unknown>, value: unknown) => ({
    extraFormData,
    filterState: { value },
    ownState: {},
  });
  switch (filter.filterType) {
    case 'filter_select':
      if (!filter.columnName || values.length === 0) return null;
      return mask({ filters: [{ col: filter.columnName, op: 'IN', val: values }] }, values);
    case 'filter_time':
      return typeof values[0] === 'string' ? mask({ time_range: values[0] }, values[0]) : null;
    case 'filter_timegrain':
      return typeof values[0] === 'string' ? mask({ time_grain_sqla: values[0] }, [values[0]]) : null;
    case 'filter_timecolumn':
      return typeof values[0] === 'string' ? mask({ granularity_sqla: values[0] }, [values[0]]) : null;
    case 'filter_range': {
      if (!filter.columnName) return null;
      const [min, max] = values;
      const filters = [
        ...(typeof min === 'number' ? [{ col: filter.columnName, op: '>=', val: min }] : []),
        ...(typeof max === 'number' ? [{ col: filter.columnName, op: '<=', val: max }] : []),
      ];
      return filters.length > 0 ? mask({ filters }, [min ?? null, max ?? null]) : null;
    }
    default:
      return null;
  }
}

export function reportDashboardState(extra: unknown): ReportDashboardState {
  const dashboard = isRecord(extra) && isRecord(extra.dashboard) ? extra.dashboard : {};
  const activeTabs = [...new Set([...strings(dashboard.activeTabs), ...anchorIds(dashboard.anchor)])];
  const dataMask: Record<string, unknown> = {};
  for (const filter of nativeFilters(dashboard.nativeFilters)) {
    const entry = filterDataMask(filter);
    if (entry) dataMask[filter.nativeFilterId] = entry;
  }
  return { dataMask, activeTabs };
}
