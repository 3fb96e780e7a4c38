import type { LayoutNode } from '@vitrina/common';

/** What every layout component gets from the component that holds it. */
export interface NodeViewProps {
  node: LayoutNode;
  parentId: string;
  /** Its place among the parent's children. */
  index: number;
  /** Grid columns the parent offers: 12 in the grid and tabs, the column's width inside a column. */
  available: number;
}

/** The types sized in grid columns by their own `meta.width`; the others span their container. */
export function hasOwnWidth(node: LayoutNode): boolean {
  return ['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'].includes(node.type);
}
