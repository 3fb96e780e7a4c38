import type { RecentActivityItem } from '@vitrina/common';
import { MAX_RECENT_ACTIVITY_PAGE_SIZE, VIEW_EVENT_NAMES } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import { type SqlBool, sql } from 'kysely';
import { type ThumbnailViewer, thumbnailUrlFor } from '../../flows/thumbnails/digest.ts';
import { BadRequestError } from '../../http/errors.ts';
import { humanizeSince } from '../../http/humanize.ts';
import { decodeQ } from '../../http/risonArguments.ts';
import type { AppContext } from '../../http/types.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { chartVisibleCondition } from '../charts/access.ts';
import { dashboardVisibleCondition, rbacEnabled } from '../dashboards/access.ts';
import { dashboardUrl } from '../dashboards/list.ts';
import * as repo from './repo.ts';

/**
 * `GET /api/v1/log/recent_activity/`: what the caller opened (or changed) lately, as Superset's home page
 * asks for it. Only the caller's own rows are read, and only dashboards and charts they may open now.
 */

export interface RecentActivityArguments {
  page: number;
  pageSize: number;
  actions: string[];
  distinct: boolean;
}

export const DEFAULT_RECENT_PAGE_SIZE = 20;
/** How far back the recents look, as Superset's. */
export const RECENT_DAYS = 365;
const MAX_ACTIONS = 20;

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** `q=(page:0,page_size:6,actions:!(mount_dashboard),distinct:!t)`; a wrong argument is a 400. */
export function recentActivityArguments(q: string | undefined): RecentActivityArguments {
  const value = decodeQ(q) ?? {};
  if (!isRecord(value)) throw new BadRequestError('Not a valid rison argument: q must be an object');
  const known = new Set(['page', 'page_size', 'actions', 'distinct']);
  for (const name of Object.keys(value)) {
    if (!known.has(name)) throw new BadRequestError(`Unknown argument '${name}'`);
  }
  const page = value.page ?? 0;
  if (!isWhole(page) || page < 0) throw new BadRequestError('page must be a whole number from 0');
  const pageSize = value.page_size ?? DEFAULT_RECENT_PAGE_SIZE;
  if (!isWhole(pageSize) || pageSize < 1 || pageSize > MAX_RECENT_ACTIVITY_PAGE_SIZE) {
    throw new BadRequestError(`page_size must be a whole number from 1 to ${MAX_RECENT_ACTIVITY_PAGE_SIZE}`);
  }
  const actions = value.actions ?? [...VIEW_EVENT_NAMES];
  if (
    !Array.isArray(actions) ||
    actions.length === 0 ||
    actions.length > MAX_ACTIONS ||
    !actions.every((action) => typeof action === 'string' && action !== '' && action.length <= 512)
  ) {
    throw new BadRequestError(`actions must be a list of 1 to ${MAX_ACTIONS} names`);
  }
  const distinct = value.distinct ?? true;
  if (typeof distinct !== 'boolean') throw new BadRequestError('distinct must be !t or !f');
  return { page, pageSize, actions: [...new Set(actions as string[])], distinct };
}

/** A chart's Explore address as Superset's recents give it (the form data names only the chart). */
export function chartActivityUrl(sliceId: number): string {
  return `/explore/?slice_id=${sliceId}&form_data=${encodeURIComponent(`{"slice_id": ${sliceId}}`)}`;
}

export async function recentActivity(
  ctx: AppContext,
  principal: Principal,
  args: RecentActivityArguments,
  thumbnails: ThumbnailViewer,
  now = new Date(),
): Promise<RecentActivityItem[]> {
  const db = ctx.metastore.db;
  // What this process has queued is written first, so a page opened right after another sees it.
  await ctx.eventLog.flush();
  const nothing = sql<SqlBool>`1 = 0`;
  const rows = await repo.recentActivity(db, {
    userId: principal.id,
    actions: args.actions,
    distinct: args.distinct,
    since: new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString(),
    page: args.page,
    pageSize: args.pageSize,
    dashboardVisible: hasPermission(principal, 'can_read', 'Dashboard')
      ? dashboardVisibleCondition(principal, 'd', rbacEnabled(ctx))
      : nothing,
    chartVisible: hasPermission(principal, 'can_read', 'Chart')
      ? await chartVisibleCondition(db, principal)
      : nothing,
  });
  const dashboardIds = [
    ...new Set(rows.flatMap((row) => (row.dashboard_id === null ? [] : [row.dashboard_id]))),
  ];
  const chartIds = [...new Set(rows.flatMap((row) => (row.slice_id === null ? [] : [row.slice_id])))];
  const [dashboards, charts] = await Promise.all([
    repo.recentDashboards(db, dashboardIds, thumbnails !== null),
    repo.recentCharts(db, chartIds),
  ]);
  return rows.flatMap((row): RecentActivityItem[] => {
    const base = {
      action: row.action,
      time: Date.parse(row.dttm),
      time_delta_humanized: humanizeSince(row.dttm, now),
    };
    if (row.dashboard_id !== null) {
      const dashboard = dashboards.get(row.dashboard_id);
      if (!dashboard) return [];
      return [
        {
          ...base,
          item_type: 'dashboard',
          item_id: dashboard.id,
          item_url: dashboardUrl(dashboard),
          item_title: dashboard.dashboard_title,
          item_title_ru: dashboard.dashboard_title_ru,
          viz_type: null,
          thumbnail_url: thumbnailUrlFor(thumbnails, 'dashboard', dashboard),
        },
      ];
    }
    const chart = row.slice_id === null ? undefined : charts.get(row.slice_id);
    if (!chart) return [];
    return [
      {
        ...base,
        item_type: 'slice',
        item_id: chart.id,
        item_url: chartActivityUrl(chart.id),
        item_title: chart.slice_name,
        item_title_ru: chart.slice_name_ru,
        viz_type: chart.viz_type,
        thumbnail_url: thumbnailUrlFor(thumbnails, 'chart', chart),
      },
    ];
  });
}
