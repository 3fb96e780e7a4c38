import type { LayoutNodeTypeDefinition } from './definition.ts';

/** A tabs component; nodes.ts gives a new one its first tab, so it is never empty. */
export const tabs: LayoutNodeTypeDefinition = {
  acceptsChildren: { TAB: 3 },
  wrapsInRow: [],
  defaultMeta: () => ({}),
  resizable: false,
  droppedWhenEmpty: true,
};
