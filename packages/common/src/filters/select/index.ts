import { targetColumns } from '../appliedColumns.ts';
import type { FilterTypeDefinition } from '../definition.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { maskFromValue } from './mask.ts';
import { messages } from './messages.ts';
import { transformProps } from './transformProps.ts';

export const selectFilter: FilterTypeDefinition<'filter_select'> = {
  filterType: 'filter_select',
  messages,
  controlPanel,
  buildQuery,
  transformProps,
  maskFromValue,
  datasetBound: true,
  appliedColumns: targetColumns,
};
