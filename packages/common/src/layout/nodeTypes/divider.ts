import type { LayoutNodeTypeDefinition } from './definition.ts';

export const divider: LayoutNodeTypeDefinition = {
  acceptsChildren: {},
  wrapsInRow: [],
  defaultMeta: () => ({}),
  resizable: false,
  droppedWhenEmpty: false,
};
