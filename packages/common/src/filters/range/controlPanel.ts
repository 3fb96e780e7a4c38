/** Numerical range filter options: only whether a value is required; the bounds come from the data. */
import type { FilterControlPanel } from '../definition.ts';
import { enableEmptyFilterControl } from '../requiredControl.ts';

export const controlPanel: FilterControlPanel = {
  needsDataset: true,
  needsColumn: true,
  hasSortMetric: false,
  hasPreFilters: true,
  controls: [enableEmptyFilterControl],
};
