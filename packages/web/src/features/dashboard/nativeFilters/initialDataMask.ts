import { type DashboardDto, readDashboardUrlParams } from '@vitrina/common';
import { defaultDataMask } from '@vitrina/common/filters/dataMask';
import { type PreselectContext, preselectedDataMask } from '@vitrina/common/filters/preselectFilters';
import { rebuildDataMask } from '@vitrina/common/filters/rebuildDataMask';
import type { DataMaskMap, FilterConfigItem } from '@vitrina/common/filters/types';
import { NATIVE_FILTERS_URL_PARAM, parseNativeFiltersParam } from '@vitrina/common/filters/urlState';
import { parseMetadata } from '../loadSession.ts';

/** The filters of a dashboard's json_metadata, dividers included. */
export function filterConfiguration(dashboard: Pick<DashboardDto, 'json_metadata'>): FilterConfigItem[] {
  const items = parseMetadata(dashboard.json_metadata).native_filter_configuration;
  return Array.isArray(items) ? (items as FilterConfigItem[]) : [];
}

/** The `native_filters` parameter's masks; an unreadable parameter preselects nothing. */
function urlMasks(search: URLSearchParams): DataMaskMap {
  const text = search.get(NATIVE_FILTERS_URL_PARAM);
  if (!text) return {};
  try {
    return parseNativeFiltersParam(text);
  } catch {
    return {};
  }
}

/** Where the selection a dashboard opens with comes from, besides its filters and its address. */
export interface InitialSelectionSources extends PreselectContext {
  /** The selection restored from a permalink. */
  restored?: DataMaskMap;
}

/**
 * The selection a dashboard opens with: each filter's default, overridden by the legacy
 * `preselect_filters` entries (each reaching the filters on its column whose scope holds its chart), then
 * by the `native_filters` parameter, then by the selection restored from a permalink. All are rebuilt
 * from the filters' own values so a crafted link adds no filter or SQL of its own. A filter the restored
 * selection does not name (one added after the link was made) keeps its default. Being the first
 * selection, the charts query with it once instead of querying with the defaults and again when it
 * arrives. Entries of `preselect_filters` that cannot be read are left out (the page warns about them
 * from readDashboardUrlParams' errors).
 */
export function initialDataMask(
  dashboard: Pick<DashboardDto, 'json_metadata'>,
  search: URLSearchParams,
  { restored = {}, layout, chartDatasets }: InitialSelectionSources,
): DataMaskMap {
  const filters = filterConfiguration(dashboard);
  const { preselections } = readDashboardUrlParams(search).preselectFilters;
  return {
    ...defaultDataMask(filters),
    ...preselectedDataMask(preselections, filters, { layout, chartDatasets }),
    ...rebuildDataMask(urlMasks(search), filters),
    ...rebuildDataMask(restored, filters),
  };
}
