/**
 * Filter scopes over the dashboard layout (Superset's `rootPath` / `excluded`): which charts and tabs a
 * scope covers, and the scope the config modal's checkbox tree stands for.
 */
import { ancestorsOf, chartIdsOf, nodeOf, nodesOfType, tabPathOf } from '../layout/tree.ts';
import { type DashboardLayout, ROOT_ID } from '../layout/types.ts';
import type { FilterScope } from './types.ts';

/** The scope of a filter that applies to every chart of the dashboard. */
export function defaultFilterScope(): FilterScope {
  return { rootPath: [ROOT_ID], excluded: [] };
}

/** Charts under any rootPath node, minus the excluded ones, in layout order. */
export function chartsInScope(layout: DashboardLayout, scope: FilterScope): number[] {
  const inRoots = new Set<number>();
  for (const rootId of scope.rootPath) for (const chartId of chartIdsOf(layout, rootId)) inRoots.add(chartId);
  const excluded = new Set(scope.excluded);
  const ordered = chartIdsOf(layout, ROOT_ID).filter((chartId) => inRoots.has(chartId));
  // Charts under a root detached from ROOT_ID still count; they follow the ordered ones.
  for (const chartId of inRoots) if (!ordered.includes(chartId)) ordered.push(chartId);
  return ordered.filter((chartId) => !excluded.has(chartId));
}

/**
 * Whether one chart is in scope. A chart the layout does not place (position_json older than the chart)
 * counts as sitting at the root, so a dashboard-wide scope still reaches it.
 */
export function isChartInScope(layout: DashboardLayout, scope: FilterScope, chartId: number): boolean {
  if (scope.excluded.includes(chartId)) return false;
  if (!chartIdsOf(layout, ROOT_ID).includes(chartId)) return scope.rootPath.includes(ROOT_ID);
  return chartsInScope(layout, scope).includes(chartId);
}

/** The tabs that hold a chart in scope (Superset stores them as `tabsInScope`), in layout order. */
export function tabsInScope(layout: DashboardLayout, scope: FilterScope): string[] {
  const charts = new Set(chartsInScope(layout, scope));
  const tabs = new Set<string>();
  for (const node of nodesOfType(layout, 'CHART')) {
    const chartId = node.meta.chartId;
    if (typeof chartId === 'number' && charts.has(chartId))
      for (const tab of tabPathOf(layout, node.id)) tabs.add(tab);
  }
  return nodesOfType(layout, 'TAB')
    .map((node) => node.id)
    .filter((id) => tabs.has(id));
}

/** ROOT, TABS and TAB: the nodes the scope tree shows above the charts. */
function isScopeContainer(layout: DashboardLayout, id: string): boolean {
  const type = nodeOf(layout, id)?.type;
  return type === 'ROOT' || type === 'TABS' || type === 'TAB';
}

/**
 * The scope a set of checked charts stands for (Superset's findFilterScope): the deepest container
 * level common to the checked charts becomes the root path, and the unchecked charts under it are
 * excluded. Nothing checked gives an empty scope.
 */
export function scopeFromCheckedCharts(
  layout: DashboardLayout,
  checkedChartIds: readonly number[],
): FilterScope {
  const checked = new Set(checkedChartIds);
  const chartNodes = nodesOfType(layout, 'CHART');
  const containerPaths = chartNodes
    .filter((node) => typeof node.meta.chartId === 'number' && checked.has(node.meta.chartId))
    .map((node) => {
      const path = ancestorsOf(layout, node.id).filter((id) => isScopeContainer(layout, id));
      return path[0] === ROOT_ID ? path : [ROOT_ID, ...path];
    });
  if (containerPaths.length === 0) return { rootPath: [], excluded: [] };
  // Everything checked: the whole dashboard, so charts added later are in scope too.
  const allChecked = chartNodes.every(
    (node) => typeof node.meta.chartId !== 'number' || checked.has(node.meta.chartId),
  );
  if (allChecked) return defaultFilterScope();
  const depth = Math.min(...containerPaths.map((path) => path.length));
  const rootPath = [...new Set(containerPaths.map((path) => path[depth - 1] as string))];
  const roots = new Set(rootPath);
  const excluded: number[] = [];
  for (const node of chartNodes) {
    const chartId = node.meta.chartId;
    if (typeof chartId !== 'number' || checked.has(chartId) || excluded.includes(chartId)) continue;
    const underRoot = [ROOT_ID, ...ancestorsOf(layout, node.id)].some((id) => roots.has(id));
    if (underRoot) excluded.push(chartId);
  }
  return { rootPath, excluded };
}
