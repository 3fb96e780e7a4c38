/** Time range filter options: only whether a value is required; no dataset, column or pre-filters. */
import type { FilterControlPanel } from '../definition.ts';
import { enableEmptyFilterControl } from '../requiredControl.ts';

export const controlPanel: FilterControlPanel = {
  needsDataset: false,
  needsColumn: false,
  hasSortMetric: false,
  hasPreFilters: false,
  controls: [enableEmptyFilterControl],
};
