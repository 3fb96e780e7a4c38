import { GRID_DEFAULT_CHART_WIDTH } from '../types.ts';
import type { LayoutNodeTypeDefinition } from './definition.ts';

/**
 * Superset's DYNAMIC component: what draws it is an extension named by meta.componentKey. It goes where
 * markdown goes and keeps its meta untouched, so a layout saved by Superset survives a save here.
 */
export const dynamic: LayoutNodeTypeDefinition = {
  acceptsChildren: {},
  wrapsInRow: [],
  defaultMeta: () => ({ width: GRID_DEFAULT_CHART_WIDTH }),
  resizable: true,
  droppedWhenEmpty: false,
};
