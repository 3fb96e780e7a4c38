import type { LayoutNodeTypeDefinition } from './definition.ts';

export const DEFAULT_HEADER_TEXT = 'New header';

export const header: LayoutNodeTypeDefinition = {
  acceptsChildren: {},
  wrapsInRow: [],
  defaultMeta: () => ({
    text: DEFAULT_HEADER_TEXT,
    headerSize: 'MEDIUM_HEADER',
    background: 'BACKGROUND_TRANSPARENT',
  }),
  resizable: false,
  droppedWhenEmpty: false,
};
