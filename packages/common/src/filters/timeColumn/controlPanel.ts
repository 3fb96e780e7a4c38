/** Time column filter options: a dataset (its temporal columns are the choices) and 'value is required'. */
import type { FilterControlPanel } from '../definition.ts';
import { enableEmptyFilterControl } from '../requiredControl.ts';

export const controlPanel: FilterControlPanel = {
  needsDataset: true,
  needsColumn: false,
  hasSortMetric: false,
  hasPreFilters: false,
  controls: [enableEmptyFilterControl],
};
