import type { VizCategory } from '@vitrina/common';
import type { HomeTab } from '@vitrina/common/home/sections';
import { CHART_PLUGINS, currentVizType } from '@vitrina/common/viz/registry';
import type { RecentActivityItem } from '../../api/recentActivity.ts';
import { localizedName } from '../../components/localizedName.ts';

/** One thing a home section shows, whatever list it came from: what a card or a list row draws. */
export interface HomeItem {
  key: string;
  kind: 'dashboard' | 'chart' | 'query';
  id: number;
  title: string;
  /** Where the title leads (an address inside the app). */
  url: string;
  /** What the picture's placeholder draws for a chart; null otherwise. */
  category: VizCategory | null;
  thumbnailUrl: string | null;
  /** A saved query's SQL, shown in place of a picture. */
  sql: string | null;
  /** When it was opened or changed (epoch ms); null when the server did not say. */
  time: number | null;
  /** The server's English phrase, when there is no time to read. */
  timeFallback: string;
}

/** The kind of picture a chart type's placeholder draws; null for an unknown type. */
export function chartCategory(vizType: string | null | undefined): VizCategory | null {
  const current = currentVizType(vizType);
  return current ? CHART_PLUGINS[current].metadata.category : null;
}

/** A server timestamp (UTC, sometimes without its zone) as epoch ms. */
export function serverTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? null : time;
}

/**
 * An address of the app as a path for its router: the server answers paths, but an absolute URL of this
 * origin would do too.
 */
export function appPath(url: string): string {
  try {
    const parsed = new URL(url, 'http://app.invalid');
    return parsed.origin === 'http://app.invalid' || parsed.origin === globalThis.location?.origin
      ? `${parsed.pathname}${parsed.search}${parsed.hash}`
      : url;
  } catch {
    return url;
  }
}

export function fromRecent(item: RecentActivityItem, language: string): HomeItem {
  const dashboard = item.item_type === 'dashboard';
  return {
    key: `${item.item_type}-${item.item_id}-${item.action}`,
    kind: dashboard ? 'dashboard' : 'chart',
    id: item.item_id,
    title: localizedName(item.item_title, item.item_title_ru, language),
    url: appPath(item.item_url),
    category: dashboard ? null : chartCategory(item.viz_type),
    thumbnailUrl: item.thumbnail_url,
    sql: null,
    time: Number.isFinite(item.time) ? item.time : null,
    timeFallback: item.time_delta_humanized,
  };
}

export interface HomeDashboard {
  id: number;
  dashboard_title: string;
  dashboard_title_ru?: string | null;
  url: string;
  thumbnail_url?: string | null;
  changed_on_utc?: string | null;
  changed_on_delta_humanized?: string;
}

export function fromDashboard(dashboard: HomeDashboard, language: string): HomeItem {
  return {
    key: `dashboard-${dashboard.id}`,
    kind: 'dashboard',
    id: dashboard.id,
    title: localizedName(dashboard.dashboard_title, dashboard.dashboard_title_ru, language),
    url: appPath(dashboard.url),
    category: null,
    thumbnailUrl: dashboard.thumbnail_url ?? null,
    sql: null,
    time: serverTime(dashboard.changed_on_utc),
    timeFallback: dashboard.changed_on_delta_humanized ?? '',
  };
}

export interface HomeChart {
  id: number;
  slice_name: string;
  slice_name_ru?: string | null;
  viz_type: string;
  url: string;
  thumbnail_url?: string | null;
  changed_on_utc?: string | null;
  changed_on_delta_humanized?: string;
}

export function fromChart(chart: HomeChart, language: string): HomeItem {
  return {
    key: `chart-${chart.id}`,
    kind: 'chart',
    id: chart.id,
    title: localizedName(chart.slice_name, chart.slice_name_ru, language),
    url: appPath(chart.url),
    category: chartCategory(chart.viz_type),
    thumbnailUrl: chart.thumbnail_url ?? null,
    sql: null,
    time: serverTime(chart.changed_on_utc),
    timeFallback: chart.changed_on_delta_humanized ?? '',
  };
}

export interface HomeSavedQuery {
  id: number;
  label: string;
  sql: string;
  changed_on?: string | null;
  changed_on_delta_humanized?: string;
}

export function fromSavedQuery(query: HomeSavedQuery): HomeItem {
  return {
    key: `query-${query.id}`,
    kind: 'query',
    id: query.id,
    title: query.label,
    url: `/sqllab/?savedQueryId=${query.id}`,
    category: null,
    thumbnailUrl: null,
    sql: query.sql,
    time: serverTime(query.changed_on),
    timeFallback: query.changed_on_delta_humanized ?? '',
  };
}

/** The i18n key of the line under an item: "Viewed …", "Edited …", "Created …" or "Modified …". */
export function timeLabelKey(tab: HomeTab): string {
  switch (tab) {
    case 'viewed':
      return 'home.time.viewed';
    case 'edited':
      return 'home.time.edited';
    case 'created':
      return 'home.time.created';
    default:
      return 'home.time.modified';
  }
}
