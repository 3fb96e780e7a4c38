/**
 * The drop rules (Superset's isValidChild, shouldWrapChildInRow and handleComponentDrop checks): which
 * component type may go into which parent at which nesting depth, which drops get a new row around
 * them, and which drops are refused with one of the spec's messages.
 *
 * Depth counts container nesting and keeps components from nesting without end. Tabs and tab do not
 * add depth, except that the top-level tab (directly under the root) plays the grid's part:
 *   root (0) > grid (1) > row (2) > column (3) > row (4) > chart (5)
 *   root (0) > grid (1) > tabs (2) > tab (2) > row (2) > column (3) > row (4) > chart (5)
 *   root (0) > tabs (1) > tab (1) > row (2) > column (3) > row (4) > chart (5)
 */
import { LAYOUT_MESSAGES, type LayoutMessage } from './messages.ts';
import { nodeTypeOf } from './nodeTypes/registry.ts';
import { ancestorsOf, chartIdsOf, findParentId, nodeOf } from './tree.ts';
import { type DashboardLayout, type LayoutNodeMeta, type LayoutNodeType, ROOT_ID } from './types.ts';
import { draggedNode, widthFromDrop } from './widths.ts';

/** Whether the parent type accepts the child type at the parent's depth (each type's acceptsChildren). */
export function isValidChild(
  parentType: LayoutNodeType,
  childType: LayoutNodeType,
  parentDepth: number,
): boolean {
  const maxDepth = nodeTypeOf(parentType).acceptsChildren[childType];
  return maxDepth !== undefined && parentDepth <= maxDepth;
}

/** Children that a parent (a grid or a tab) holds inside a row of their own. */
export function shouldWrapInRow(parentType: LayoutNodeType, childType: LayoutNodeType): boolean {
  return nodeTypeOf(parentType).wrapsInRow.includes(childType);
}

/** A node's nesting depth as the rules count it (see the file comment). */
export function depthOf(layout: DashboardLayout, id: string): number {
  const chain = [...ancestorsOf(layout, id), id];
  let depth = 0;
  chain.forEach((nodeId, index) => {
    const node = nodeOf(layout, nodeId);
    const parent = nodeOf(layout, chain[index - 1]);
    if (!node || !parent) return;
    const parentIsTopLevelTab =
      parent.type === 'TAB' && chain[index - 2] !== undefined && isTopLevelTabs(layout, chain[index - 2]);
    const insideTabs = node.type === 'TAB' || parent.type === 'TAB';
    if (parent.type === 'ROOT' || parentIsTopLevelTab || !insideTabs) depth += 1;
  });
  return depth;
}

export function isTopLevelTabs(layout: DashboardLayout, id: string | undefined): boolean {
  return (
    id !== undefined && nodeOf(layout, id)?.type === 'TABS' && nodeOf(layout, ROOT_ID)?.children[0] === id
  );
}

export interface DraggedComponent {
  /** Absent for a new component taken from the editor's side panel. */
  id?: string;
  type: LayoutNodeType;
  meta?: LayoutNodeMeta;
}

export interface DropDestination {
  parentId: string;
  index: number;
}

/**
 * The type a drop lands as: new tabs dropped on tabs become one more tab inside them, and a drop on
 * the root makes the dragged tabs the top-level tabs.
 */
export function effectiveChildType(
  destinationType: LayoutNodeType,
  dragging: DraggedComponent,
): LayoutNodeType {
  return destinationType === 'TABS' && dragging.type === 'TABS' && dragging.id === undefined
    ? 'TAB'
    : dragging.type;
}

/** Whether the type and depth rules allow the drop at all (the editor shows no drop target otherwise). */
export function isValidDrop(
  layout: DashboardLayout,
  dragging: DraggedComponent,
  destination: DropDestination,
): boolean {
  const parent = nodeOf(layout, destination.parentId);
  if (!parent) return false;
  const parentAncestors = ancestorsOf(layout, parent.id);
  // Only the shown tree takes drops (the grid stays in the map, detached, under top-level tabs).
  if (parent.id !== ROOT_ID && parentAncestors[0] !== ROOT_ID) return false;
  let draggedType = dragging.type;
  if (dragging.id !== undefined) {
    const node = nodeOf(layout, dragging.id);
    if (!node || node.type === 'ROOT') return false;
    // A component can not go inside itself.
    if (dragging.id === parent.id || parentAncestors.includes(dragging.id)) return false;
    draggedType = node.type;
  } else if (draggedType === 'CHART' && chartIsPlaced(layout, dragging.meta?.chartId)) {
    // A chart shows once on a dashboard.
    return false;
  }
  if (parent.type === 'ROOT') {
    // Only tabs go on the root, and only while the dashboard has no top-level tabs yet.
    return draggedType === 'TABS' && nodeOf(layout, parent.children[0])?.type !== 'TABS';
  }
  const childType = effectiveChildType(parent.type, { ...dragging, type: draggedType });
  return isValidChild(parent.type, childType, depthOf(layout, parent.id));
}

function chartIsPlaced(layout: DashboardLayout, chartId: unknown): boolean {
  return typeof chartId === 'number' && chartIdsOf(layout).includes(chartId);
}

/** Null when the drop may happen, otherwise the message that explains why not. */
export function canDrop(
  layout: DashboardLayout,
  dragging: DraggedComponent,
  destination: DropDestination,
): LayoutMessage | null {
  const stored = dragging.id === undefined ? undefined : nodeOf(layout, dragging.id);
  if (dragging.id !== undefined && !stored) return LAYOUT_MESSAGES.componentNotFound;
  const sourceParentId = dragging.id === undefined ? undefined : findParentId(layout, dragging.id);
  if (
    (stored?.type ?? dragging.type) === 'TAB' &&
    isTopLevelTabs(layout, sourceParentId) &&
    nodeOf(layout, destination.parentId)?.type === 'TABS' &&
    destination.parentId !== sourceParentId
  ) {
    return LAYOUT_MESSAGES.topLevelTabsIntoNested;
  }
  if (!isValidDrop(layout, dragging, destination)) return LAYOUT_MESSAGES.invalidDrop;
  const node = draggedNode(layout, dragging);
  const width = node ? widthFromDrop(layout, node, sourceParentId, destination.parentId) : undefined;
  if (width !== undefined && width < 0) return LAYOUT_MESSAGES.notEnoughSpace;
  return null;
}
