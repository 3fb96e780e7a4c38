import type { LayoutNodeTypeDefinition } from './definition.ts';

export const DEFAULT_TAB_TEXT = 'New tab';

export const tab: LayoutNodeTypeDefinition = {
  acceptsChildren: { CHART: 5, MARKDOWN: 5, DYNAMIC: 5, COLUMN: 3, DIVIDER: 5, HEADER: 5, ROW: 3, TABS: 3 },
  wrapsInRow: ['CHART', 'COLUMN', 'MARKDOWN', 'DYNAMIC'],
  defaultMeta: () => ({
    text: DEFAULT_TAB_TEXT,
    defaultText: DEFAULT_TAB_TEXT,
    placeholder: DEFAULT_TAB_TEXT,
  }),
  resizable: false,
  droppedWhenEmpty: false,
};
