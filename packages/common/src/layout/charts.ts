/**
 * Placing charts that have no position yet: each goes into new rows at the end of the dashboard's
 * first container (the first top-level tab, otherwise the grid), GRID_COLUMN_COUNT /
 * GRID_DEFAULT_CHART_WIDTH charts to a row, as Superset lays out charts missing from position_json.
 */
import { chartNode, newNode, withNodes } from './nodes.ts';
import { nodeOf, nodesOfType, withParents } from './tree.ts';
import {
  type DashboardLayout,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_ID,
  type LayoutNode,
  type LayoutNodeMeta,
  ROOT_ID,
} from './types.ts';

export const CHARTS_PER_ROW = Math.floor(GRID_COLUMN_COUNT / GRID_DEFAULT_CHART_WIDTH);

export interface ChartToPlace {
  chartId: number;
  sliceName: string;
  meta?: LayoutNodeMeta;
}

/** Where new charts go: the first tab when the dashboard starts with tabs, otherwise the grid. */
export function defaultContainerId(layout: DashboardLayout): string | undefined {
  const top = nodeOf(layout, nodeOf(layout, ROOT_ID)?.children[0]);
  if (top?.type === 'TABS') return nodeOf(layout, top.children[0])?.id;
  if (nodeOf(layout, GRID_ID)) return GRID_ID;
  return top?.id;
}

/** The layout with the charts appended to the container in new rows; unchanged when there are none. */
export function appendChartRows(
  layout: DashboardLayout,
  containerId: string,
  charts: ChartToPlace[],
): DashboardLayout {
  const container = nodeOf(layout, containerId);
  if (!container || charts.length === 0) return layout;
  const added: LayoutNode[] = [];
  const rowIds: string[] = [];
  for (let start = 0; start < charts.length; start += CHARTS_PER_ROW) {
    const chartNodes = charts
      .slice(start, start + CHARTS_PER_ROW)
      .map((chart) => chartNode(chart.chartId, chart.sliceName, chart.meta));
    const row = { ...newNode('ROW'), children: chartNodes.map((node) => node.id) };
    rowIds.push(row.id);
    added.push(row, ...chartNodes);
  }
  const next = withNodes(layout, [...added, { ...container, children: [...container.children, ...rowIds] }]);
  return withParents(next);
}

function chartIsPlaced(layout: DashboardLayout, chartId: number): boolean {
  return nodesOfType(layout, 'CHART').some((node) => node.meta.chartId === chartId);
}

/** The layout with the chart in a new row of its own; the same object when it is placed already or has nowhere to go. */
export function addChartToLayout(
  layout: DashboardLayout,
  chartId: number,
  sliceName: string,
  meta: LayoutNodeMeta = {},
): DashboardLayout {
  const containerId = defaultContainerId(layout);
  if (containerId === undefined || chartIsPlaced(layout, chartId)) return layout;
  return appendChartRows(layout, containerId, [{ chartId, sliceName, meta }]);
}
