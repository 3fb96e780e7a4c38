/**
 * Editing a layout: drop (insert or move), delete, meta updates, resize and reorder. Each function
 * returns a new layout with `parents` rebuilt and never changes the one it was given.
 */
import { LAYOUT_MESSAGES, type LayoutMessage } from './messages.ts';
import { newComponentNodes, newNode, withNodes } from './nodes.ts';
import { nodeTypeOf } from './nodeTypes/registry.ts';
import {
  canDrop,
  type DraggedComponent,
  type DropDestination,
  effectiveChildType,
  isTopLevelTabs,
  shouldWrapInRow,
} from './rules.ts';
import { chartIdsOf, findParentId, nodeOf, nodesOfType, subtreeIds, tabPathOf, withParents } from './tree.ts';
import {
  type DashboardLayout,
  GRID_ID,
  GRID_MAX_ROW_UNITS,
  GRID_MIN_ROW_UNITS,
  HEADER_ID,
  type LayoutNode,
  type LayoutNodeMeta,
  ROOT_ID,
} from './types.ts';
import { isResizable, resizeBounds, widthFromDrop } from './widths.ts';

export interface DropRequest {
  dragging: DraggedComponent;
  /**
   * Superset's drop payload names the source too; the layout's own link is what counts, so a stale
   * source from a drag that started before a re-render can not misplace the component.
   */
  source?: { parentId: string; index: number };
  destination: DropDestination;
}

export type DropResult =
  | { ok: true; layout: DashboardLayout; warnings: LayoutMessage[] }
  | { ok: false; message: LayoutMessage };

const FIXED_IDS = new Set([ROOT_ID, GRID_ID, HEADER_ID]);

function clampIndex(index: number, length: number): number {
  if (!Number.isFinite(index)) return length;
  return Math.min(Math.max(0, Math.trunc(index)), length);
}

function insertAt(list: string[], index: number, id: string): string[] {
  const next = [...list];
  next.splice(clampIndex(index, list.length), 0, id);
  return next;
}

function setChildren(layout: DashboardLayout, id: string, children: string[]): DashboardLayout {
  const node = nodeOf(layout, id);
  return node ? { ...layout, [id]: { ...node, children } } : layout;
}

function setWidth(layout: DashboardLayout, id: string, width: number | undefined): DashboardLayout {
  const node = nodeOf(layout, id);
  if (!node || width === undefined || !isResizable(node) || node.meta.width === width) return layout;
  return { ...layout, [id]: { ...node, meta: { ...node.meta, width } } };
}

/** Puts `childId` at `index` of the destination, inside a new row when the destination wants one. */
function placeChild(
  layout: DashboardLayout,
  childId: string,
  destinationId: string,
  index: number,
): DashboardLayout {
  const destination = nodeOf(layout, destinationId);
  const child = nodeOf(layout, childId);
  if (!destination || !child) return layout;
  if (!shouldWrapInRow(destination.type, child.type)) {
    return setChildren(layout, destinationId, insertAt(destination.children, index, childId));
  }
  const row = { ...newNode('ROW'), children: [childId] };
  const next = withNodes(layout, [row]);
  return setChildren(next, destinationId, insertAt(destination.children, index, row.id));
}

/** Top-level tabs: the root's content moves into the first tab of `tabsId`, which then sits on the root. */
function makeTopLevelTabs(layout: DashboardLayout, tabsId: string): DashboardLayout {
  const root = nodeOf(layout, ROOT_ID);
  const tabs = nodeOf(layout, tabsId);
  const top = nodeOf(layout, root?.children[0]);
  const firstTab = nodeOf(layout, tabs?.children[0]);
  if (!root || !tabs || !top || !firstTab) return layout;
  const moved = top.children.filter((id) => id !== tabsId);
  let next = setChildren(layout, top.id, []);
  next = setChildren(next, firstTab.id, [...firstTab.children, ...moved]);
  return setChildren(next, ROOT_ID, [tabsId]);
}

/** Removes top-level tabs; the content of all their tabs moves to the grid, as Superset does. */
function removeTopLevelTabs(layout: DashboardLayout, tabsId: string): DashboardLayout {
  const tabs = nodeOf(layout, tabsId);
  if (!tabs) return layout;
  const next: DashboardLayout = { ...layout };
  const content: string[] = [];
  for (const tabId of tabs.children) {
    content.push(...(nodeOf(layout, tabId)?.children ?? []));
    delete next[tabId];
  }
  delete next[tabsId];
  const grid = nodeOf(layout, GRID_ID);
  next[GRID_ID] = { id: GRID_ID, type: 'GRID', meta: grid?.meta ?? {}, children: content };
  return setChildren(next, ROOT_ID, [GRID_ID]);
}

/** Drops the subtree of `id` and its link from `parentId`, then an emptied row or tabs parent too. */
function removeSubtree(layout: DashboardLayout, id: string, parentId: string | undefined): DashboardLayout {
  const next: DashboardLayout = { ...layout };
  for (const nodeId of subtreeIds(layout, id)) delete next[nodeId];
  const parent = nodeOf(next, parentId);
  if (!parent || parentId === undefined) return next;
  const remaining = parent.children.filter((child) => child !== id);
  const cleaned = setChildren(next, parentId, remaining);
  return remaining.length === 0 && nodeTypeOf(parent.type).droppedWhenEmpty
    ? removeEmptyContainer(cleaned, parentId)
    : cleaned;
}

function removeEmptyContainer(layout: DashboardLayout, id: string): DashboardLayout {
  if (isTopLevelTabs(layout, id)) return removeTopLevelTabs(layout, id);
  return removeSubtree(layout, id, findParentId(layout, id));
}

/**
 * The layout without the component and everything inside it. A row or tabs left empty goes too;
 * removing top-level tabs keeps their content and moves it to the grid. The root, grid and header stay.
 */
export function deleteComponent(layout: DashboardLayout, id: string): DashboardLayout {
  if (FIXED_IDS.has(id) || !nodeOf(layout, id)) return layout;
  if (isTopLevelTabs(layout, id)) return withParents(removeTopLevelTabs(layout, id));
  return withParents(removeSubtree(layout, id, findParentId(layout, id)));
}

export function updateComponentMeta(
  layout: DashboardLayout,
  id: string,
  metaPatch: LayoutNodeMeta,
): DashboardLayout {
  const node = nodeOf(layout, id);
  if (!node) return layout;
  return { ...layout, [id]: { ...node, meta: { ...node.meta, ...metaPatch } } };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(Math.round(value), min), max);
}

/** New size for a chart, markdown or column, kept within the space its parent leaves and the row limits. */
export function resizeComponent(
  layout: DashboardLayout,
  id: string,
  size: { width?: number; height?: number },
): DashboardLayout {
  const node = nodeOf(layout, id);
  if (!node || !isResizable(node)) return layout;
  const meta: LayoutNodeMeta = {};
  if (size.width !== undefined && Number.isFinite(size.width)) {
    const { min, max } = resizeBounds(layout, id);
    meta.width = clamp(size.width, min, max);
  }
  if (size.height !== undefined && Number.isFinite(size.height) && node.type !== 'COLUMN') {
    meta.height = clamp(size.height, GRID_MIN_ROW_UNITS, GRID_MAX_ROW_UNITS);
  }
  const changed = Object.entries(meta).some(([key, value]) => node.meta[key] !== value);
  return changed ? updateComponentMeta(layout, id, meta) : layout;
}

/** The parent's children with the one at `fromIndex` moved to `toIndex`. */
export function reorderChildren(
  layout: DashboardLayout,
  parentId: string,
  fromIndex: number,
  toIndex: number,
): DashboardLayout {
  const parent = nodeOf(layout, parentId);
  if (!parent || fromIndex < 0 || fromIndex >= parent.children.length) return layout;
  const children = [...parent.children];
  const [moved] = children.splice(fromIndex, 1);
  if (moved === undefined) return layout;
  children.splice(clampIndex(toIndex, children.length), 0, moved);
  return setChildren(layout, parentId, children);
}

/** The tab a component is shown in (its nearest TAB ancestor), which is what filter scopes follow. */
function nearestTab(layout: DashboardLayout, id: string): string | undefined {
  return tabPathOf(layout, id).at(-1);
}

function insertNew(
  layout: DashboardLayout,
  dragging: DraggedComponent,
  destination: DropDestination,
): DashboardLayout {
  const parent = nodeOf(layout, destination.parentId) as LayoutNode;
  const type = effectiveChildType(parent.type, dragging);
  const [node, ...extra] = newComponentNodes(type, type === dragging.type ? dragging.meta : {});
  if (!node) return layout;
  const width = widthFromDrop(layout, node, undefined, destination.parentId);
  const next = setWidth(withNodes(layout, [node, ...extra]), node.id, width);
  if (parent.type === 'ROOT') return makeTopLevelTabs(next, node.id);
  return placeChild(next, node.id, destination.parentId, destination.index);
}

function moveExisting(
  layout: DashboardLayout,
  id: string,
  sourceParentId: string,
  destination: DropDestination,
): DashboardLayout {
  const source = nodeOf(layout, sourceParentId) as LayoutNode;
  const width = widthFromDrop(layout, nodeOf(layout, id) as LayoutNode, sourceParentId, destination.parentId);
  let next = setChildren(
    layout,
    sourceParentId,
    source.children.filter((child) => child !== id),
  );
  next = setWidth(next, id, width);
  if (nodeOf(layout, destination.parentId)?.type === 'ROOT') next = makeTopLevelTabs(next, id);
  else next = placeChild(next, id, destination.parentId, destination.index);
  // A row or tabs component whose only child left goes with it.
  const emptied = nodeOf(next, sourceParentId);
  if (emptied && emptied.children.length === 0 && nodeTypeOf(emptied.type).droppedWhenEmpty) {
    next = removeEmptyContainer(next, sourceParentId);
  }
  return next;
}

/**
 * Drops a new component (no `dragging.id`) or moves an existing one. Charts, markdown and columns
 * dropped into the grid or a tab get a row of their own; new tabs dropped on tabs become a tab inside;
 * tabs dropped on the root become top-level tabs holding the dashboard's content. A moved component
 * with charts that lands in another tab comes back with the filter scope warning.
 */
export function dropComponent(layout: DashboardLayout, request: DropRequest): DropResult {
  const { dragging, destination } = request;
  const refusal = canDrop(layout, dragging, destination);
  if (refusal) return { ok: false, message: refusal };
  if (dragging.id === undefined) {
    return { ok: true, layout: withParents(insertNew(layout, dragging, destination)), warnings: [] };
  }
  const sourceParentId = findParentId(layout, dragging.id);
  if (sourceParentId === undefined) return { ok: false, message: LAYOUT_MESSAGES.componentNotFound };
  const sourceIndex = nodeOf(layout, sourceParentId)?.children.indexOf(dragging.id);
  if (sourceParentId === destination.parentId && sourceIndex === destination.index) {
    return { ok: true, layout, warnings: [] };
  }
  const next = withParents(moveExisting(layout, dragging.id, sourceParentId, destination));
  const movedCharts = chartIdsOf(layout, dragging.id).length > 0;
  const scopeChanged = movedCharts && nearestTab(layout, dragging.id) !== nearestTab(next, dragging.id);
  return { ok: true, layout: next, warnings: scopeChanged ? [LAYOUT_MESSAGES.differentFilterScope] : [] };
}

/** The layout without the chart's nodes; a row left empty goes too. */
export function removeChartFromLayout(layout: DashboardLayout, chartId: number): DashboardLayout {
  return nodesOfType(layout, 'CHART')
    .filter((node) => node.meta.chartId === chartId)
    .reduce((next, node) => deleteComponent(next, node.id), layout);
}
