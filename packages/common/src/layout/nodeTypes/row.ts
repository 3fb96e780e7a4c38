import type { LayoutNodeTypeDefinition } from './definition.ts';

export const row: LayoutNodeTypeDefinition = {
  acceptsChildren: { CHART: 4, MARKDOWN: 4, DYNAMIC: 4, COLUMN: 4 },
  wrapsInRow: [],
  defaultMeta: () => ({ background: 'BACKGROUND_TRANSPARENT' }),
  resizable: false,
  droppedWhenEmpty: true,
};
