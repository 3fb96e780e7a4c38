import { GRID_DEFAULT_CHART_WIDTH, GRID_DEFAULT_MARKDOWN_HEIGHT } from '../types.ts';
import type { LayoutNodeTypeDefinition } from './definition.ts';

export const DEFAULT_MARKDOWN_CODE = '# Markdown\n\nClick here to edit this text.';

export const markdown: LayoutNodeTypeDefinition = {
  acceptsChildren: {},
  wrapsInRow: [],
  defaultMeta: () => ({
    width: GRID_DEFAULT_CHART_WIDTH,
    height: GRID_DEFAULT_MARKDOWN_HEIGHT,
    code: DEFAULT_MARKDOWN_CODE,
  }),
  resizable: true,
  droppedWhenEmpty: false,
};
