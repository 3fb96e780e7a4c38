/**
 * Width accounting on the 12-column grid, after Superset's getDetailedComponentWidth and
 * getComponentWidthFromDrop: a row's children share the width of the row's container (a column's
 * width, or the full grid); a column must stay as wide as the widest row inside it.
 */
import { newComponentNodes } from './nodes.ts';
import { nodeTypeOf } from './nodeTypes/registry.ts';
import { findParentId, nodeOf } from './tree.ts';
import {
  type DashboardLayout,
  GRID_COLUMN_COUNT,
  GRID_MIN_COLUMN_COUNT,
  LAYOUT_NODE_TYPES,
  type LayoutNode,
  type LayoutNodeMeta,
  type LayoutNodeType,
} from './types.ts';

/** Components whose width the author sets. */
export const RESIZABLE_TYPES: readonly LayoutNodeType[] = LAYOUT_NODE_TYPES.filter(
  (type) => nodeTypeOf(type).resizable,
);

export function isResizable(node: LayoutNode | undefined): boolean {
  return node !== undefined && RESIZABLE_TYPES.includes(node.type);
}

function widthOf(node: LayoutNode | undefined): number {
  const width = node?.meta.width;
  return typeof width === 'number' && Number.isFinite(width) ? width : 0;
}

/** The columns a row's children take up together. */
export function occupiedWidth(layout: DashboardLayout, rowId: string, excludeId?: string): number {
  const row = nodeOf(layout, rowId);
  if (!row) return 0;
  return row.children
    .filter((id) => id !== excludeId)
    .reduce((sum, id) => sum + widthOf(nodeOf(layout, id)), 0);
}

/** The width available inside a container: the nearest column's width, else the full grid. */
export function containerWidth(layout: DashboardLayout, id: string): number {
  const seen = new Set<string>();
  let current: string | undefined = id;
  while (current !== undefined && !seen.has(current)) {
    seen.add(current);
    const node = nodeOf(layout, current);
    if (node?.type === 'COLUMN') return widthOf(node) || GRID_COLUMN_COUNT;
    current = findParentId(layout, current);
  }
  return GRID_COLUMN_COUNT;
}

/** The narrowest a component may be: a column as wide as its widest row, others one column. */
export function minimumWidth(layout: DashboardLayout, node: LayoutNode): number {
  if (node.type === 'ROW') return Math.max(GRID_MIN_COLUMN_COUNT, occupiedWidth(layout, node.id));
  if (node.type !== 'COLUMN') return GRID_MIN_COLUMN_COUNT;
  return node.children.reduce((widest, id) => {
    const child = nodeOf(layout, id);
    return child?.type === 'ROW' ? Math.max(widest, occupiedWidth(layout, id)) : widest;
  }, GRID_MIN_COLUMN_COUNT);
}

/** How many columns a component may take when dropped into `destinationId` (not counting itself). */
export function capacityOf(layout: DashboardLayout, destinationId: string, draggingId?: string): number {
  const destination = nodeOf(layout, destinationId);
  if (destination?.type === 'ROW') {
    return containerWidth(layout, destinationId) - occupiedWidth(layout, destinationId, draggingId);
  }
  return containerWidth(layout, destinationId);
}

/** The node being dropped as it would be placed: the stored one, or a new one with the type's defaults. */
export function draggedNode(
  layout: DashboardLayout,
  dragging: { id?: string; type: LayoutNodeType; meta?: LayoutNodeMeta },
): LayoutNode | undefined {
  if (dragging.id !== undefined) return nodeOf(layout, dragging.id);
  return newComponentNodes(dragging.type, dragging.meta)[0];
}

/**
 * The width a dropped component gets: its own when it fits, the space left when that is at least its
 * minimum, or -1 when it does not fit. Undefined for components without a width of their own (a row's
 * width is its children's). Moving within the same parent keeps the width.
 */
export function widthFromDrop(
  layout: DashboardLayout,
  node: LayoutNode,
  sourceParentId: string | undefined,
  destinationId: string,
): number | undefined {
  const ownWidth = node.type === 'ROW' ? occupiedWidth(layout, node.id) : widthOf(node) || undefined;
  if (ownWidth === undefined) return undefined;
  if (sourceParentId === destinationId) return ownWidth;
  const capacity = capacityOf(layout, destinationId, node.id);
  if (capacity >= ownWidth) return ownWidth;
  if (capacity >= minimumWidth(layout, node)) return capacity;
  return -1;
}

/** The widths a component may be resized to where it stands. */
export function resizeBounds(layout: DashboardLayout, id: string): { min: number; max: number } {
  const node = nodeOf(layout, id);
  const parentId = findParentId(layout, id);
  const min = node ? minimumWidth(layout, node) : GRID_MIN_COLUMN_COUNT;
  const max = parentId === undefined ? GRID_COLUMN_COUNT : capacityOf(layout, parentId, id);
  return { min, max: Math.max(min, max) };
}
