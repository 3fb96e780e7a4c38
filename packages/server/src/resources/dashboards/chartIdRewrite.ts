import { parseJsonObject } from '../charts/formData.ts';

/**
 * When a dashboard is copied with its charts, the copy's layout and metadata must name the new charts:
 * CHART nodes (chartId and uuid), and the metadata's per-chart settings — refresh immunity, expanded
 * descriptions, cross-filter configuration and the charts in each filter's scope.
 */

export interface NewChart {
  id: number;
  uuid: string;
}

type ChartMap = ReadonlyMap<number, NewChart>;

const mapId = (value: unknown, map: ChartMap) =>
  typeof value === 'number' && map.has(value) ? map.get(value)!.id : value;

const mapIds = (value: unknown, map: ChartMap) =>
  Array.isArray(value) ? value.map((id) => mapId(id, map)) : value;

function mapKeys(value: unknown, map: ChartMap, entry?: (item: unknown) => unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const newKey = /^\d+$/.test(key) ? String(mapId(Number(key), map)) : key;
      return [newKey, entry ? entry(item) : item];
    }),
  );
}

/** A scope object `{rootPath, excluded}` plus `chartsInScope`, with new ids. */
function mapScoped(value: unknown, map: ChartMap): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const scoped = { ...(value as Record<string, unknown>) };
  if ('chartsInScope' in scoped) scoped.chartsInScope = mapIds(scoped.chartsInScope, map);
  if ('id' in scoped) scoped.id = mapId(scoped.id, map);
  const scope = scoped.scope;
  if (typeof scope === 'object' && scope !== null && !Array.isArray(scope)) {
    const excluded = (scope as { excluded?: unknown }).excluded;
    scoped.scope = { ...scope, excluded: mapIds(excluded, map) };
  }
  const crossFilters = scoped.crossFilters;
  if (crossFilters !== undefined) scoped.crossFilters = mapScoped(crossFilters, map);
  return scoped;
}

export function rewriteMetadataChartIds(text: string | null, map: ChartMap): string | null {
  const metadata = parseJsonObject(text);
  if (!metadata || map.size === 0) return text;
  if (metadata.timed_refresh_immune_slices !== undefined) {
    metadata.timed_refresh_immune_slices = mapIds(metadata.timed_refresh_immune_slices, map);
  }
  if (metadata.expanded_slices !== undefined) {
    metadata.expanded_slices = mapKeys(metadata.expanded_slices, map);
  }
  if (metadata.chart_configuration !== undefined) {
    metadata.chart_configuration = mapKeys(metadata.chart_configuration, map, (item) => mapScoped(item, map));
  }
  if (metadata.global_chart_configuration !== undefined) {
    metadata.global_chart_configuration = mapScoped(metadata.global_chart_configuration, map);
  }
  if (Array.isArray(metadata.native_filter_configuration)) {
    metadata.native_filter_configuration = metadata.native_filter_configuration.map((filter) =>
      mapScoped(filter, map),
    );
  }
  return JSON.stringify(metadata);
}

export function rewriteLayoutChartIds(text: string | null, map: ChartMap): string | null {
  const layout = parseJsonObject(text);
  if (!layout || map.size === 0) return text;
  for (const node of Object.values(layout)) {
    if (typeof node !== 'object' || node === null) continue;
    const { type, meta } = node as { type?: unknown; meta?: Record<string, unknown> };
    if (type !== 'CHART' || !meta || typeof meta.chartId !== 'number') continue;
    const chart = map.get(meta.chartId);
    if (!chart) continue;
    meta.chartId = chart.id;
    if ('uuid' in meta) meta.uuid = chart.uuid;
  }
  return JSON.stringify(layout);
}
