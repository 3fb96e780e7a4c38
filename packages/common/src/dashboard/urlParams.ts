import {
  PRESELECT_FILTERS_URL_PARAM,
  type PreselectFilters,
  parsePreselectFilters,
} from '../filters/preselectFilters.ts';

/** `standalone` URL parameter: 0 none, 1 hide nav, 2 hide nav and title, 3 report. */
export type StandaloneMode = 0 | 1 | 2 | 3;

/** `uiConfig` bits, as Superset's embedded dashboards read them. */
export const UI_CONFIG = {
  hideTitle: 1,
  hideTab: 2,
  hideNav: 4,
  hideChartControls: 8,
} as const;

/**
 * Superset spreads a dashboard's chart requests over extra web server domains (domain sharding, to get
 * past the browser's six connections per host) unless the address says `disableDomainSharding=1`.
 * Vitrina serves from one address and has no extra domains: its requests are never sharded, so the
 * flag is read and kept (the address, permalinks) but changes nothing.
 */
export const DISABLE_DOMAIN_SHARDING_URL_PARAM = 'disableDomainSharding';

/** What the dashboard page reads from its address (Superset's URL_PARAMS names). */
export interface DashboardUrlParams {
  /** `edit=true`: open in edit mode (only when the user may edit). */
  edit: boolean;
  /** `focused_chart`: scroll to and highlight this chart. */
  focusedChart: number | null;
  standalone: StandaloneMode;
  hideTitle: boolean;
  hideTab: boolean;
  hideNav: boolean;
  hideChartControls: boolean;
  /** `force=true`: the first load bypasses the cache. */
  force: boolean;
  /** `show_filters=false` (the embedding SDK's `filters.visible`): no filter bar. */
  showFilters: boolean;
  /** `expand_filters` (the SDK's `filters.expanded`): the side bar opens expanded or collapsed; null: as it is. */
  expandFilters: boolean | null;
  /** `preselect_filters`: Superset's legacy preselected filters, with the entries it could not read. */
  preselectFilters: PreselectFilters;
  /** `disableDomainSharding=1`: sharding off; Vitrina never shards, so it is always off (see above). */
  disableDomainSharding: boolean;
}

function flag(value: string | null): boolean {
  return value === 'true' || value === '1';
}

function standaloneMode(value: string | null): StandaloneMode {
  if (value === 'true') return 1;
  const mode = Number(value);
  return mode === 1 || mode === 2 || mode === 3 ? mode : 0;
}

/** The part of URLSearchParams this reads (common code has no DOM types). */
export interface SearchParamsLike {
  get(name: string): string | null;
}

export function readDashboardUrlParams(search: SearchParamsLike): DashboardUrlParams {
  const standalone = standaloneMode(search.get('standalone'));
  const uiConfig = Number(search.get('uiConfig') ?? 0) || 0;
  const focused = Number(search.get('focused_chart'));
  return {
    edit: flag(search.get('edit')),
    focusedChart: Number.isInteger(focused) && focused > 0 ? focused : null,
    standalone,
    hideTitle: standalone >= 2 || (uiConfig & UI_CONFIG.hideTitle) !== 0,
    hideTab: (uiConfig & UI_CONFIG.hideTab) !== 0,
    hideNav: standalone >= 1 || (uiConfig & UI_CONFIG.hideNav) !== 0,
    hideChartControls: standalone === 3 || (uiConfig & UI_CONFIG.hideChartControls) !== 0,
    force: flag(search.get('force')),
    showFilters: !['false', '0'].includes(search.get('show_filters') ?? ''),
    expandFilters: search.get('expand_filters') === null ? null : flag(search.get('expand_filters')),
    preselectFilters: parsePreselectFilters(search.get(PRESELECT_FILTERS_URL_PARAM)),
    disableDomainSharding: flag(search.get(DISABLE_DOMAIN_SHARDING_URL_PARAM)),
  };
}
