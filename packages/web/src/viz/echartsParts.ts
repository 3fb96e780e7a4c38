/**
 * ECharts' series, components and features, each loaded the first time an option needs it: a page
 * downloads ECharts' core and renderer (echarts.ts), then only what the options it draws use, so a
 * dashboard's first chart does not wait for every chart type's series.
 *
 * Which parts an option needs is read from the option itself (its series' types, its components'
 * keys), not kept per chart type: an option that gains a legend, a zoom or an annotation line loads it.
 *
 * Parts must be registered before the ECharts instance that uses them is created: each instance keeps
 * the layouts and visuals registered when it was created (the renderers create theirs after
 * useEChartsParts says ready, and again when the set of parts changes).
 */
import { isRecord } from '@vitrina/common/isRecord';
import { use } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';

type Installer = Parameters<typeof use>[0];

const PARTS = {
  // Series, keyed by their `type`.
  line: () => import('echarts/lib/chart/line/install.js').then((module) => module.install),
  bar: () => import('echarts/lib/chart/bar/install.js').then((module) => module.install),
  scatter: () => import('echarts/lib/chart/scatter/install.js').then((module) => module.install),
  pie: () => import('echarts/lib/chart/pie/install.js').then((module) => module.install),
  funnel: () => import('echarts/lib/chart/funnel/install.js').then((module) => module.install),
  gauge: () => import('echarts/lib/chart/gauge/install.js').then((module) => module.install),
  heatmap: () => import('echarts/lib/chart/heatmap/install.js').then((module) => module.install),
  boxplot: () => import('echarts/lib/chart/boxplot/install.js').then((module) => module.install),
  treemap: () => import('echarts/lib/chart/treemap/install.js').then((module) => module.install),
  sunburst: () => import('echarts/lib/chart/sunburst/install.js').then((module) => module.install),
  sankey: () => import('echarts/lib/chart/sankey/install.js').then((module) => module.install),
  custom: () => import('echarts/lib/chart/custom/install.js').then((module) => module.install),
  // Components, keyed by their option key.
  grid: () => import('echarts/lib/component/grid/install.js').then((module) => module.install),
  tooltip: () => import('echarts/lib/component/tooltip/install.js').then((module) => module.install),
  // Plain and scroll legends both.
  legend: () => import('echarts/lib/component/legend/install.js').then((module) => module.install),
  // Inside and slider zoom both.
  dataZoom: () => import('echarts/lib/component/dataZoom/install.js').then((module) => module.install),
  visualMap: () => import('echarts/lib/component/visualMap/install.js').then((module) => module.install),
  title: () => import('echarts/lib/component/title/install.js').then((module) => module.install),
  graphic: () => import('echarts/lib/component/graphic/install.js').then((module) => module.install),
  dataset: () => import('echarts/lib/component/dataset/install.js').then((module) => module.install),
  // The zoom buttons of zoomable time series and box plots.
  toolbox: () => import('echarts/lib/component/toolbox/install.js').then((module) => module.install),
  // A series' annotation lines, areas and points.
  markLine: () => import('echarts/lib/component/marker/installMarkLine.js').then((module) => module.install),
  markArea: () => import('echarts/lib/component/marker/installMarkArea.js').then((module) => module.install),
  markPoint: () =>
    import('echarts/lib/component/marker/installMarkPoint.js').then((module) => module.install),
  // `grid.containLabel` as ECharts 5 laid it out (heatmap axes).
  legacyGridContainLabel: () =>
    import('echarts/lib/coord/cartesian/legacyContainLabel.js').then(
      (module) => module.installLegacyGridContainLabel,
    ),
} satisfies Record<string, () => Promise<Installer>>;

export type EChartsPart = keyof typeof PARTS;

/** The option keys that each need a component; the axes draw on the grid. */
const OPTION_KEY_PARTS: Readonly<Record<string, EChartsPart>> = {
  grid: 'grid',
  xAxis: 'grid',
  yAxis: 'grid',
  tooltip: 'tooltip',
  legend: 'legend',
  dataZoom: 'dataZoom',
  visualMap: 'visualMap',
  title: 'title',
  graphic: 'graphic',
  dataset: 'dataset',
  toolbox: 'toolbox',
};
const SERIES_KEY_PARTS: Readonly<Record<string, EChartsPart>> = {
  markLine: 'markLine',
  markArea: 'markArea',
  markPoint: 'markPoint',
};

const isPart = (name: unknown): name is EChartsPart => typeof name === 'string' && Object.hasOwn(PARTS, name);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

/** The parts an ECharts option uses, sorted; a series type ECharts does not know is left to it to report. */
export function echartsPartsOf(option: Record<string, unknown>): EChartsPart[] {
  const parts = new Set<EChartsPart>();
  for (const [key, part] of Object.entries(OPTION_KEY_PARTS)) if (option[key] != null) parts.add(part);
  if (asArray(option.grid).some((grid) => isRecord(grid) && grid.containLabel === true))
    parts.add('legacyGridContainLabel');
  for (const series of asArray(option.series)) {
    if (!isRecord(series)) continue;
    if (isPart(series.type)) parts.add(series.type);
    for (const [key, part] of Object.entries(SERIES_KEY_PARTS)) if (series[key] != null) parts.add(part);
  }
  return [...parts].sort();
}

const registered = new Set<EChartsPart>();
const loading = new Map<EChartsPart, Promise<void>>();

function loadPart(part: EChartsPart): Promise<void> {
  let promise = loading.get(part);
  if (!promise) {
    promise = PARTS[part]().then((install) => {
      use(install);
      registered.add(part);
    });
    // A failed download may succeed on the next try (the next chart that needs it).
    promise.catch(() => loading.delete(part));
    loading.set(part, promise);
  }
  return promise;
}

/** Loads and registers the parts (each once per page); resolves when all are registered. */
export function loadEChartsParts(parts: readonly EChartsPart[]): Promise<void> {
  return Promise.all(parts.filter((part) => !registered.has(part)).map(loadPart)).then(() => undefined);
}

/**
 * The parts an option uses, loading those not yet registered: answers their key (the sorted names)
 * once all are registered, null while some load. An instance created for a key can draw every option
 * with that key. A failed download is thrown into rendering, for the chart's error boundary to show.
 */
export function useEChartsParts(option: Record<string, unknown>): string | null {
  const key = useMemo(() => echartsPartsOf(option).join(','), [option]);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ key: string; error: unknown } | null>(null);
  useEffect(() => {
    const wanted = partsOfKey(key);
    if (wanted.every((part) => registered.has(part))) return;
    let live = true;
    loadEChartsParts(wanted).then(
      () => live && setLoadedKey(key),
      (error: unknown) => live && setFailure({ key, error }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (failure?.key === key) throw failure.error;
  return loadedKey === key || partsOfKey(key).every((part) => registered.has(part)) ? key : null;
}

const partsOfKey = (key: string): EChartsPart[] => (key ? key.split(',').filter(isPart) : []);
