import type { DashboardDto } from '@vitrina/common';
import { defaultDataMask } from '@vitrina/common/filters/dataMask';
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

/**
 * The selection a dashboard opens with: each filter's default, overridden by the URL's preselection,
 * which is rebuilt from the filters' own values so a crafted link adds no filter or SQL of its own.
 */
export function initialDataMask(
  dashboard: Pick<DashboardDto, 'json_metadata'>,
  search: URLSearchParams,
): DataMaskMap {
  const filters = filterConfiguration(dashboard);
  return { ...defaultDataMask(filters), ...rebuildDataMask(urlMasks(search), filters) };
}
