import type { LayoutNodeTypeDefinition } from './definition.ts';

/** The layout's top: a grid, or top-level tabs. */
export const root: LayoutNodeTypeDefinition = {
  acceptsChildren: { TABS: 0, GRID: 0 },
  wrapsInRow: [],
  defaultMeta: () => ({}),
  resizable: false,
  droppedWhenEmpty: false,
};
