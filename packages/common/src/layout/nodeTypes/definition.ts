import type { LayoutNodeMeta, LayoutNodeType } from '../types.ts';

/**
 * What the layout operations know of one node type (DESIGN §3.4: one place per type). The web app's
 * component that draws it is in web's dashboard/view/LayoutNodeView.tsx, a Record of the same keys.
 */
export interface LayoutNodeTypeDefinition {
  /** The child types it accepts, each with the deepest this node may be to take it (rules.ts). */
  acceptsChildren: Partial<Record<LayoutNodeType, number>>;
  /** Children it holds inside a row of their own when they are dropped on it. */
  wrapsInRow: readonly LayoutNodeType[];
  /** The meta of a new node of this type (Superset's newComponentFactory defaults). */
  defaultMeta: () => LayoutNodeMeta;
  /** Its width can be dragged in the editor. */
  resizable: boolean;
  /** A container that makes no sense empty: it goes when its last child goes. */
  droppedWhenEmpty: boolean;
}
