/**
 * ECharts' series and components, each downloaded and registered the first time an option draws with
 * it: a page downloads the parts of the charts it shows, not all of them (echarts.ts holds the core).
 * What an option needs is read from the option itself (its series' types, its components' keys), so a
 * chart type never keeps a list that could drift from what its transformProps draws.
 */
import { use } from 'echarts/core';

type Install = Parameters<typeof use>[0];
type Loader = () => Promise<{ install: Install }>;

/** Series by their `type`. */
const SERIES: Record<string, Loader> = {
  line: () => import('echarts/lib/chart/line/install.js'),
  bar: () => import('echarts/lib/chart/bar/install.js'),
  scatter: () => import('echarts/lib/chart/scatter/install.js'),
  pie: () => import('echarts/lib/chart/pie/install.js'),
  funnel: () => import('echarts/lib/chart/funnel/install.js'),
  gauge: () => import('echarts/lib/chart/gauge/install.js'),
  heatmap: () => import('echarts/lib/chart/heatmap/install.js'),
  boxplot: () => import('echarts/lib/chart/boxplot/install.js'),
  treemap: () => import('echarts/lib/chart/treemap/install.js'),
  sunburst: () => import('echarts/lib/chart/sunburst/install.js'),
  sankey: () => import('echarts/lib/chart/sankey/install.js'),
  custom: () => import('echarts/lib/chart/custom/install.js'),
};

/** Components by the option key that asks for them. */
const COMPONENTS: Record<string, Loader> = {
  grid: () => import('echarts/lib/component/grid/install.js'),
  tooltip: () => import('echarts/lib/component/tooltip/install.js'),
  // Plain and scroll legends both.
  legend: () => import('echarts/lib/component/legend/install.js'),
  // Inside and slider zoom both.
  dataZoom: () => import('echarts/lib/component/dataZoom/install.js'),
  visualMap: () => import('echarts/lib/component/visualMap/install.js'),
  title: () => import('echarts/lib/component/title/install.js'),
  graphic: () => import('echarts/lib/component/graphic/install.js'),
  dataset: () => import('echarts/lib/component/dataset/install.js'),
  // The zoom buttons of zoomable time series and box plots.
  toolbox: () => import('echarts/lib/component/toolbox/install.js'),
};

/** Series' own components, by the series key that asks for them. */
const MARKERS: Record<string, Loader> = {
  markLine: () => import('echarts/lib/component/marker/installMarkLine.js'),
  markArea: () => import('echarts/lib/component/marker/installMarkArea.js'),
  markPoint: () => import('echarts/lib/component/marker/installMarkPoint.js'),
};

/** Axes live on the grid. */
const GRID_KEYS = ['grid', 'xAxis', 'yAxis'];

const LOADERS: Record<string, Loader> = {
  ...Object.fromEntries(Object.entries(SERIES).map(([type, load]) => [`series.${type}`, load])),
  ...COMPONENTS,
  ...MARKERS,
};

function asList(value: unknown): Record<string, unknown>[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
}

/** The parts an option draws with (names of LOADERS); an unknown series type is left to ECharts' error. */
export function partsOf(option: Record<string, unknown>): string[] {
  const parts = new Set<string>();
  for (const series of asList(option.series)) {
    if (typeof series.type === 'string' && Object.hasOwn(SERIES, series.type)) {
      parts.add(`series.${series.type}`);
    }
    for (const marker of Object.keys(MARKERS)) if (series[marker] !== undefined) parts.add(marker);
  }
  for (const key of Object.keys(COMPONENTS)) if (option[key] !== undefined) parts.add(key);
  if (GRID_KEYS.some((key) => option[key] !== undefined)) parts.add('grid');
  return [...parts].sort();
}

/**
 * When each part was registered, counted in registrations: ECharts copies the registered processors
 * and visuals into an instance when it is created, so an instance made before a part it needs was
 * registered must be made again (EChartsRenderer compares this with the count at its creation).
 */
const registeredAt = new Map<string, number>();
const loading = new Map<string, Promise<void>>();
let registrations = 0;

export function registrationCount(): number {
  return registrations;
}

/** The count at which the newest of the parts was registered; null while any is not registered yet. */
export function partsRegisteredAt(parts: readonly string[]): number | null {
  let newest = 0;
  for (const part of parts) {
    const at = registeredAt.get(part);
    if (at === undefined) return null;
    newest = Math.max(newest, at);
  }
  return newest;
}

/** Downloads and registers the parts not registered yet. */
export function loadParts(parts: readonly string[]): Promise<void> {
  return Promise.all(parts.map(loadPart)).then(() => undefined);
}

function loadPart(part: string): Promise<void> {
  if (registeredAt.has(part)) return Promise.resolve();
  let pending = loading.get(part);
  const loader = LOADERS[part];
  if (!pending && loader) {
    pending = loader().then((module) => {
      use(module.install);
      registrations += 1;
      registeredAt.set(part, registrations);
    });
    // A failed download (a dropped connection) is tried again by the next chart that needs it.
    pending.catch(() => loading.delete(part));
    loading.set(part, pending);
  }
  return pending ?? Promise.resolve();
}
