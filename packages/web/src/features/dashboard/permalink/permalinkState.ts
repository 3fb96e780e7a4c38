import {
  type DashboardLayout,
  type DataMaskMap,
  findParentId,
  NATIVE_FILTERS_URL_PARAM,
  nodeOf,
} from '@vitrina/common';
import type { PermalinkState } from './api.ts';

/** The address parameter that names the permalink a dashboard page restores. */
export const PERMALINK_KEY_PARAM = 'permalink_key';

/** Parameters a permalink never carries: its own key and the selection, which the state holds. */
const NOT_CARRIED = new Set([PERMALINK_KEY_PARAM, NATIVE_FILTERS_URL_PARAM]);

/** The state a permalink keeps of the page: the applied selection, the open tabs, the anchor, the address parameters. */
export function permalinkState(
  dataMask: DataMaskMap,
  activeTabs: Readonly<Record<string, string>>,
  search: string,
  anchor?: string,
): PermalinkState {
  const urlParams: Array<[string, string]> = [];
  for (const [name, value] of new URLSearchParams(search))
    if (!NOT_CARRIED.has(name)) urlParams.push([name, value]);
  return {
    dataMask,
    activeTabs: Object.values(activeTabs),
    urlParams,
    ...(anchor ? { anchor } : {}),
  };
}

/**
 * The dashboard address a permalink opens: the dashboard with its parameters and the key (the page
 * reads the rest of the state by the key), and the anchor as the hash.
 */
export function permalinkTarget(dashboardId: string, key: string, state: PermalinkState): string {
  const search = new URLSearchParams(state.urlParams ?? []);
  search.set(PERMALINK_KEY_PARAM, key);
  const hash = state.anchor ? `#${encodeURIComponent(state.anchor)}` : '';
  return `/superset/dashboard/${encodeURIComponent(dashboardId)}/?${search.toString()}${hash}`;
}

/** The permalink key an address names, if any. */
export function permalinkKeyOf(search: string): string | null {
  return new URLSearchParams(search).get(PERMALINK_KEY_PARAM) || null;
}

/** The stored open tabs as TABS id → TAB id, for the tabs the layout still has. */
export function tabsToOpen(layout: DashboardLayout, activeTabs: readonly string[]): Array<[string, string]> {
  const open: Array<[string, string]> = [];
  for (const tabId of activeTabs) {
    if (nodeOf(layout, tabId)?.type !== 'TAB') continue;
    const tabsId = findParentId(layout, tabId);
    if (tabsId) open.push([tabsId, tabId]);
  }
  return open;
}

/** The element an anchor names: a chart by its id, any other layout node by its layout id. */
export function anchorSelector(layout: DashboardLayout, anchor: string): string | null {
  const node = nodeOf(layout, anchor);
  if (!node) return null;
  if (node.type === 'CHART' && typeof node.meta.chartId === 'number')
    return `.dashboard-chart[data-chart-id="${node.meta.chartId}"]`;
  // Quotes and backslashes escaped inside the attribute selector's string.
  return `[data-layout-id="${anchor.replace(/["\\]/g, '\\$&')}"]`;
}

/** The layout id of a chart's node, the anchor of its permalink. */
export function chartAnchor(layout: DashboardLayout, chartId: number): string | undefined {
  for (const value of Object.values(layout)) {
    if (typeof value === 'object' && value?.type === 'CHART' && value.meta.chartId === chartId)
      return value.id;
  }
  return undefined;
}
