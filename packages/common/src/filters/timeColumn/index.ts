import type { FilterTypeDefinition } from '../definition.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { maskFromValue } from './mask.ts';
import { transformProps } from './transformProps.ts';

export const timeColumnFilter: FilterTypeDefinition<'filter_timecolumn'> = {
  filterType: 'filter_timecolumn',
  nameKey: 'nativeFilters.types.filter_timecolumn',
  controlPanel,
  buildQuery,
  transformProps,
  maskFromValue,
  datasetBound: true,
  appliedColumns: () => ['__time_col'],
};
