import type {
  ListQuery,
  LogEntryItem,
  SlowestChart,
  SlowestDashboard,
  SlowestResponse,
} from '@vitrina/common';
import { MAX_SLOWEST_DAYS } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import type { Kysely } from 'kysely';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import { decodeQ } from '../../http/risonArguments.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import * as repo from './repo.ts';

/** The administrators' reading of the action log: the list, one entry, the slowest charts and dashboards. */

type Db = Kysely<MetastoreSchema>;

export async function listLogs(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.logListBase(db), repo.logList, query);
}

export async function getLog(db: Db, id: number): Promise<LogEntryItem> {
  const row = await repo.findLog(db, id);
  if (!row) throw new NotFoundError();
  return {
    id: row.id,
    user:
      row.username === null
        ? null
        : { first_name: row.first_name ?? '', last_name: row.last_name ?? '', username: row.username },
    user_id: row.user_id,
    action: row.action,
    dttm: row.dttm,
    json: row.json,
    slice_id: row.slice_id,
    dashboard_id: row.dashboard_id,
    duration_ms: row.duration_ms,
    referrer: row.referrer,
  };
}

export const DEFAULT_SLOWEST_DAYS = 7;
/** Entries of each list answered. */
export const SLOWEST_LIMIT = 25;
/** Rows read per list at most (the newest): bounds the work of a busy installation. */
export const SLOWEST_ROW_CAP = 50_000;

/** `?q=(days:7)`: whole days from 1 to MAX_SLOWEST_DAYS. */
export function slowestDays(q: string | undefined): number {
  const value = decodeQ(q);
  if (value === undefined) return DEFAULT_SLOWEST_DAYS;
  if (!isRecord(value)) throw new BadRequestError('Not a valid rison argument: q must be an object');
  for (const name of Object.keys(value)) {
    if (name !== 'days') throw new BadRequestError(`Unknown argument '${name}'`);
  }
  const days = value.days ?? DEFAULT_SLOWEST_DAYS;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_SLOWEST_DAYS) {
    throw new BadRequestError(`days must be a whole number from 1 to ${MAX_SLOWEST_DAYS}`);
  }
  return days;
}

export async function slowest(db: Db, days: number, now = new Date()): Promise<SlowestResponse> {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  const [chartRows, dashboardRows] = await Promise.all([
    repo.timedRows(db, { action: 'chart_data', since, by: 'slice_id', limit: SLOWEST_ROW_CAP }),
    repo.timedRows(db, { action: 'log', since, by: 'dashboard_id', limit: SLOWEST_ROW_CAP }),
  ]);
  const charts = slowestCharts(chartRows);
  const dashboards = slowestDashboards(dashboardRows);
  const [names, titles] = await Promise.all([
    repo.chartNames(
      db,
      charts.map((chart) => chart.slice_id),
    ),
    repo.dashboardTitles(
      db,
      dashboards.map((dashboard) => dashboard.dashboard_id),
    ),
  ]);
  return {
    days,
    charts: charts.map((chart) => ({
      ...chart,
      slice_name: names.get(chart.slice_id)?.slice_name ?? null,
      viz_type: names.get(chart.slice_id)?.viz_type ?? chart.viz_type,
    })),
    dashboards: dashboards.map((dashboard) => ({
      ...dashboard,
      dashboard_title: titles.get(dashboard.dashboard_id) ?? null,
    })),
  };
}

interface Durations {
  count: number;
  total: number;
  max: number;
  lastSeen: string;
}

function addDuration(into: Map<number, Durations>, id: number, duration: number, at: string): void {
  const seen = into.get(id);
  if (!seen) {
    into.set(id, { count: 1, total: duration, max: duration, lastSeen: at });
    return;
  }
  seen.count += 1;
  seen.total += duration;
  seen.max = Math.max(seen.max, duration);
  if (at > seen.lastSeen) seen.lastSeen = at;
}

function slowestFirst<T extends { avg_duration_ms: number; max_duration_ms: number }>(items: T[]): T[] {
  return items
    .sort((a, b) => b.avg_duration_ms - a.avg_duration_ms || b.max_duration_ms - a.max_duration_ms)
    .slice(0, SLOWEST_LIMIT);
}

function summary(durations: Durations) {
  return {
    count: durations.count,
    avg_duration_ms: Math.round((durations.total / durations.count) * 10) / 10,
    max_duration_ms: durations.max,
    last_seen: durations.lastSeen,
  };
}

function parseDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/** Charts by their server time: `chart_data` rows (duration_ms = the whole answer) per slice_id. */
export function slowestCharts(rows: readonly repo.TimedRow[]): SlowestChart[] {
  const bySlice = new Map<number, Durations>();
  const vizTypes = new Map<number, string>();
  for (const row of rows) {
    if (row.slice_id === null || row.duration_ms === null) continue;
    addDuration(bySlice, row.slice_id, row.duration_ms, row.dttm);
    if (!vizTypes.has(row.slice_id)) {
      const vizType = parseDetails(row.json).viz_type;
      if (typeof vizType === 'string') vizTypes.set(row.slice_id, vizType);
    }
  }
  return slowestFirst(
    [...bySlice].map(([sliceId, durations]) => ({
      slice_id: sliceId,
      slice_name: null,
      viz_type: vizTypes.get(sliceId) ?? null,
      ...summary(durations),
    })),
  );
}

interface Opening {
  /** Client ms when the dashboard started mounting (the mount event's ts − mount_duration). */
  start: number;
  mountDuration: number;
  lastChartLoaded: number | null;
  chartsSeen: Set<unknown>;
  at: string;
}

/**
 * Dashboards by the time until all their charts had loaded, per opening. An opening is a browser's
 * `mount_dashboard` event; the `load_chart` events of the same page (impression_id) and dashboard that
 * follow it, up to the next opening of that dashboard in that page, belong to it, the first of each
 * chart only (later ones are reloads after a filter change). Its time is the last of those load_chart
 * events' `ts` minus the mount's start (its `ts` − `mount_duration`), all on the browser's clock; with
 * no load_chart event it is the mount_duration. Events without a numeric `ts` are left out.
 */
export function slowestDashboards(rows: readonly repo.TimedRow[]): SlowestDashboard[] {
  interface Event {
    name: string;
    ts: number;
    dashboardId: number;
    page: string;
    sliceId: unknown;
    mountDuration: number | null;
    at: string;
  }
  const events: Event[] = [];
  for (const row of rows) {
    if (row.dashboard_id === null) continue;
    const details = parseDetails(row.json);
    const name = details.event_name;
    if (name !== 'mount_dashboard' && name !== 'load_chart') continue;
    if (typeof details.ts !== 'number' || !Number.isFinite(details.ts)) continue;
    const mount = details.mount_duration;
    events.push({
      name,
      ts: details.ts,
      dashboardId: row.dashboard_id,
      page: typeof details.impression_id === 'string' ? details.impression_id : '',
      sliceId: details.slice_id,
      mountDuration: typeof mount === 'number' && Number.isFinite(mount) && mount >= 0 ? mount : null,
      at: row.dttm,
    });
  }
  // A mount logged in the same millisecond as a chart load comes first: it opened the page.
  const rank = (event: Event) => (event.name === 'mount_dashboard' ? 0 : 1);
  events.sort((a, b) => a.ts - b.ts || rank(a) - rank(b));
  const open = new Map<string, Opening>();
  const finished: Array<{ dashboardId: number; opening: Opening }> = [];
  for (const event of events) {
    const key = `${event.page}|${event.dashboardId}`;
    if (event.name === 'mount_dashboard') {
      const previous = open.get(key);
      if (previous) finished.push({ dashboardId: event.dashboardId, opening: previous });
      const mountDuration = event.mountDuration ?? 0;
      open.set(key, {
        start: event.ts - mountDuration,
        mountDuration,
        lastChartLoaded: null,
        chartsSeen: new Set(),
        at: event.at,
      });
      continue;
    }
    const opening = open.get(key);
    if (!opening || opening.chartsSeen.has(event.sliceId)) continue;
    opening.chartsSeen.add(event.sliceId);
    opening.lastChartLoaded = Math.max(opening.lastChartLoaded ?? event.ts, event.ts);
  }
  for (const [key, opening] of open) finished.push({ dashboardId: Number(key.split('|').pop()), opening });

  const byDashboard = new Map<number, Durations>();
  for (const { dashboardId, opening } of finished) {
    const duration =
      opening.lastChartLoaded === null
        ? opening.mountDuration
        : Math.max(opening.mountDuration, opening.lastChartLoaded - opening.start);
    addDuration(byDashboard, dashboardId, Math.round(duration), opening.at);
  }
  return slowestFirst(
    [...byDashboard].map(([dashboardId, durations]) => ({
      dashboard_id: dashboardId,
      dashboard_title: null,
      ...summary(durations),
    })),
  );
}
