import type { FilterTypeDefinition } from '../definition.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { maskFromValue } from './mask.ts';
import { messages } from './messages.ts';
import { transformProps } from './transformProps.ts';

export const timeFilter: FilterTypeDefinition<'filter_time'> = {
  filterType: 'filter_time',
  messages,
  controlPanel,
  buildQuery,
  transformProps,
  maskFromValue,
  datasetBound: false,
  // Chart data responses name the time range they applied `__time_range`.
  appliedColumns: () => ['__time_range'],
};
