import { GRID_DEFAULT_CHART_WIDTH } from '../types.ts';
import type { LayoutNodeTypeDefinition } from './definition.ts';

export const column: LayoutNodeTypeDefinition = {
  acceptsChildren: { CHART: 5, HEADER: 5, MARKDOWN: 5, DYNAMIC: 5, ROW: 3, DIVIDER: 3, TABS: 3 },
  wrapsInRow: [],
  // Superset gives a new column the default chart width, not GRID_DEFAULT_COLUMN_WIDTH.
  defaultMeta: () => ({ width: GRID_DEFAULT_CHART_WIDTH, background: 'BACKGROUND_TRANSPARENT' }),
  resizable: true,
  droppedWhenEmpty: false,
};
