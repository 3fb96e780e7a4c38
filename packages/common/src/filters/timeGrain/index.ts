import type { FilterTypeDefinition } from '../definition.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { maskFromValue } from './mask.ts';
import { messages } from './messages.ts';
import { transformProps } from './transformProps.ts';

export const timeGrainFilter: FilterTypeDefinition<'filter_timegrain'> = {
  filterType: 'filter_timegrain',
  messages,
  controlPanel,
  buildQuery,
  transformProps,
  maskFromValue,
  datasetBound: false,
  appliedColumns: () => ['__time_grain'],
};
