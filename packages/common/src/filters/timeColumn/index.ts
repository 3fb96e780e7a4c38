import type { FilterTypeDefinition } from '../definition.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { maskFromValue } from './mask.ts';
import { messages } from './messages.ts';
import { transformProps } from './transformProps.ts';

export const timeColumnFilter: FilterTypeDefinition<'filter_timecolumn'> = {
  filterType: 'filter_timecolumn',
  messages,
  controlPanel,
  buildQuery,
  transformProps,
  maskFromValue,
  datasetBound: true,
  appliedColumns: () => ['__time_col'],
};
