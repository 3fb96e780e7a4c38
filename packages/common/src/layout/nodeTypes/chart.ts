import { GRID_DEFAULT_CHART_HEIGHT, GRID_DEFAULT_CHART_WIDTH } from '../types.ts';
import type { LayoutNodeTypeDefinition } from './definition.ts';

export const chart: LayoutNodeTypeDefinition = {
  acceptsChildren: {},
  wrapsInRow: [],
  defaultMeta: () => ({ width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT }),
  resizable: true,
  droppedWhenEmpty: false,
};
