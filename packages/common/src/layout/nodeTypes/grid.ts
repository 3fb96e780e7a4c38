import type { LayoutNodeTypeDefinition } from './definition.ts';

/** The dashboard's body when it has no top-level tabs. */
export const grid: LayoutNodeTypeDefinition = {
  acceptsChildren: { CHART: 1, MARKDOWN: 1, DYNAMIC: 1, COLUMN: 1, DIVIDER: 1, HEADER: 1, ROW: 1, TABS: 1 },
  wrapsInRow: ['CHART', 'COLUMN', 'MARKDOWN', 'DYNAMIC'],
  defaultMeta: () => ({}),
  resizable: false,
  droppedWhenEmpty: false,
};
