/**
 * position_json text to a DashboardLayout the editor can trust, and back. Whatever is stored (nothing,
 * broken JSON, an old version, nodes of unknown types, charts no longer on the dashboard) comes out as a
 * tree rooted at ROOT_ID holding exactly the dashboard's charts.
 */

import { isRecord } from '../isRecord.ts';
import { appendChartRows, defaultContainerId } from './charts.ts';
import { migrateLayout, type RawLayout } from './migrate.ts';
import { newNode } from './nodes.ts';
import { nodeTypeOf } from './nodeTypes/registry.ts';
import { chartIdsOf, withParents } from './tree.ts';
import {
  DASHBOARD_LAYOUT_VERSION,
  DASHBOARD_VERSION_KEY,
  type DashboardLayout,
  GRID_ID,
  HEADER_ID,
  LAYOUT_NODE_TYPES,
  type LayoutNode,
  type LayoutNodeType,
  ROOT_ID,
} from './types.ts';

export interface LayoutChart {
  id: number;
  slice_name: string;
  uuid?: string;
}

export interface ParseLayoutOptions {
  /** Text for the HEADER_ID node when the stored layout has none. */
  dashboardTitle?: string;
}

function readJson(positionJson: string | null | undefined): RawLayout | null {
  if (!positionJson?.trim()) return null;
  try {
    const value: unknown = JSON.parse(positionJson);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function isNodeType(value: unknown): value is LayoutNodeType {
  return typeof value === 'string' && (LAYOUT_NODE_TYPES as readonly string[]).includes(value);
}

/** Stored entries that are nodes of known types, keyed by their map key. */
function knownNodes(raw: RawLayout): Map<string, LayoutNode> {
  const nodes = new Map<string, LayoutNode>();
  for (const [id, value] of Object.entries(raw)) {
    if (id === DASHBOARD_VERSION_KEY || !isRecord(value) || !isNodeType(value.type)) continue;
    const children = Array.isArray(value.children)
      ? value.children.filter((child): child is string => typeof child === 'string')
      : [];
    const meta = isRecord(value.meta) ? { ...value.meta } : {};
    nodes.set(id, { id, type: value.type, children, meta });
  }
  return nodes;
}

/** Containers that make no sense empty (a row, tabs): left without children, they go too. */
const DROPPED_WHEN_EMPTY: LayoutNodeType[] = LAYOUT_NODE_TYPES.filter(
  (type) => nodeTypeOf(type).droppedWhenEmpty,
);

/** The tree reachable from ROOT_ID: missing children, repeats, unknown types and foreign charts left out. */
function reachableTree(nodes: Map<string, LayoutNode>, charts: Map<number, LayoutChart>): DashboardLayout {
  const layout: DashboardLayout = {};
  const seen = new Set<string>([ROOT_ID]);
  const placedCharts = new Set<number>();
  const keep = (id: string): boolean => {
    const node = nodes.get(id);
    if (!node || seen.has(id) || node.type === 'ROOT' || node.type === 'GRID') return false;
    seen.add(id);
    if (node.type === 'CHART') {
      const chart = typeof node.meta.chartId === 'number' ? charts.get(node.meta.chartId) : undefined;
      // A chart shows once on a dashboard: a second node for it is a leftover.
      if (!chart || placedCharts.has(chart.id)) return false;
      placedCharts.add(chart.id);
      layout[id] = { ...node, meta: { ...node.meta, sliceName: chart.slice_name } };
      return true;
    }
    const children = node.children.filter(keep);
    if (children.length === 0 && DROPPED_WHEN_EMPTY.includes(node.type)) return false;
    layout[id] = { ...node, children };
    return true;
  };
  const root = nodes.get(ROOT_ID);
  const storedTop = root?.type === 'ROOT' ? root.children[0] : undefined;
  const top =
    storedTop !== undefined && nodes.get(storedTop)?.type === 'TABS' && keep(storedTop) ? storedTop : GRID_ID;
  const grid = nodes.get(GRID_ID);
  seen.add(GRID_ID);
  // Under top-level tabs the grid is detached and holds nothing (its old content would resurface).
  const gridChildren = top === GRID_ID && grid?.type === 'GRID' ? grid.children.filter(keep) : [];
  layout[GRID_ID] = { id: GRID_ID, type: 'GRID', children: gridChildren, meta: grid?.meta ?? {} };
  layout[ROOT_ID] = { id: ROOT_ID, type: 'ROOT', children: [top], meta: root?.meta ?? {} };
  const header = nodes.get(HEADER_ID);
  if (header?.type === 'HEADER') layout[HEADER_ID] = { ...header, children: [] };
  return layout;
}

/** The stored header is kept; a layout without one gets a header holding the dashboard title. */
function withHeader(layout: DashboardLayout, title: string | undefined): DashboardLayout {
  if (layout[HEADER_ID]) return layout;
  const node = newNode('HEADER', { text: title ?? '' });
  return { ...layout, [HEADER_ID]: { ...node, id: HEADER_ID, parents: [] } };
}

/** A layout with only the grid and the header, before charts are placed. */
function emptyLayout(): DashboardLayout {
  return {
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], meta: {} },
    [GRID_ID]: { id: GRID_ID, type: 'GRID', children: [], meta: {} },
  };
}

export function parseLayout(
  positionJson: string | null | undefined,
  charts: LayoutChart[],
  options: ParseLayoutOptions = {},
): DashboardLayout {
  const raw = readJson(positionJson);
  const byId = new Map(charts.map((chart) => [chart.id, chart]));
  const stored = raw ? reachableTree(knownNodes(migrateLayout(raw)), byId) : emptyLayout();
  let layout = withParents(withHeader(stored, options.dashboardTitle));
  const placed = new Set(chartIdsOf(layout));
  const missing = charts.filter((chart) => !placed.has(chart.id));
  const containerId = defaultContainerId(layout);
  if (containerId !== undefined) {
    layout = appendChartRows(
      layout,
      containerId,
      missing.map((chart) => ({
        chartId: chart.id,
        sliceName: chart.slice_name,
        meta: chart.uuid ? { uuid: chart.uuid } : {},
      })),
    );
  }
  return { ...layout, [DASHBOARD_VERSION_KEY]: DASHBOARD_LAYOUT_VERSION };
}

/** position_json text for saving, stamped with the current layout version. */
export function serializeLayout(layout: DashboardLayout): string {
  return JSON.stringify({ ...layout, [DASHBOARD_VERSION_KEY]: DASHBOARD_LAYOUT_VERSION });
}
