import { randomBytes } from 'node:crypto';

/**
 * A dashboard's position_json (reference §4.3) as far as the server changes it: a chart added to a
 * dashboard from explore goes into a new row at the end of the dashboard's first container, as
 * Superset's dashboard places charts that have no position yet; a chart taken off a dashboard leaves
 * the layout with it. Layouts that are missing or unreadable are left as they are: the dashboard then
 * lays its charts out itself.
 */

interface LayoutNode {
  id: string;
  type: string;
  children: string[];
  parents?: string[];
  meta?: Record<string, unknown>;
}

type Layout = Record<string, unknown>;

export const DEFAULT_CHART_WIDTH = 4;
export const DEFAULT_CHART_HEIGHT = 50;

function isNode(value: unknown): value is LayoutNode {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const node = value as Partial<LayoutNode>;
  return typeof node.type === 'string' && Array.isArray(node.children);
}

function parseLayout(positionJson: string | null): Layout | null {
  if (!positionJson?.trim()) return null;
  try {
    const value: unknown = JSON.parse(positionJson);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Layout) : null;
  } catch {
    return null;
  }
}

function nodeId(type: string): string {
  return `${type}-${randomBytes(8).toString('base64url')}`;
}

/** Where new charts go: the first tab when the dashboard starts with tabs, otherwise the grid. */
function containerOf(layout: Layout): LayoutNode | null {
  const root = layout.ROOT_ID;
  const first = isNode(root) ? layout[root.children[0] ?? ''] : undefined;
  if (isNode(first) && first.type === 'TABS') {
    const tab = layout[first.children[0] ?? ''];
    if (isNode(tab)) return tab;
  }
  const grid = layout.GRID_ID;
  if (isNode(grid)) return grid;
  return isNode(first) ? first : null;
}

function chartNodes(layout: Layout, chartId: number): LayoutNode[] {
  return Object.values(layout).filter(
    (node): node is LayoutNode => isNode(node) && node.type === 'CHART' && node.meta?.chartId === chartId,
  );
}

/** The layout with the chart in a new row of its own; unchanged when the chart is already placed. */
export function addChartToLayout(
  positionJson: string | null,
  chart: { id: number; uuid: string; sliceName: string },
): string | null {
  const layout = parseLayout(positionJson);
  if (!layout || chartNodes(layout, chart.id).length > 0) return positionJson;
  const container = containerOf(layout);
  if (!container) return positionJson;
  const rowId = nodeId('ROW');
  const chartNodeId = nodeId('CHART');
  const rowParents = [...(container.parents ?? []), container.id];
  layout[rowId] = {
    type: 'ROW',
    id: rowId,
    children: [chartNodeId],
    parents: rowParents,
    meta: { background: 'BACKGROUND_TRANSPARENT' },
  };
  layout[chartNodeId] = {
    type: 'CHART',
    id: chartNodeId,
    children: [],
    parents: [...rowParents, rowId],
    meta: {
      width: DEFAULT_CHART_WIDTH,
      height: DEFAULT_CHART_HEIGHT,
      chartId: chart.id,
      sliceName: chart.sliceName,
      uuid: chart.uuid,
    },
  };
  container.children = [...container.children, rowId];
  return JSON.stringify(layout);
}

/** The layout without the chart's nodes; a row left empty goes too. */
export function removeChartFromLayout(positionJson: string | null, chartId: number): string | null {
  const layout = parseLayout(positionJson);
  if (!layout) return positionJson;
  const nodes = chartNodes(layout, chartId);
  if (nodes.length === 0) return positionJson;
  const remove = (id: string) => {
    delete layout[id];
    for (const [key, value] of Object.entries(layout)) {
      if (!isNode(value) || !value.children.includes(id)) continue;
      value.children = value.children.filter((child) => child !== id);
      if (value.type === 'ROW' && value.children.length === 0) remove(key);
    }
  };
  const keys = Object.keys(layout).filter((key) => nodes.includes(layout[key] as LayoutNode));
  for (const key of keys) remove(key);
  return JSON.stringify(layout);
}
