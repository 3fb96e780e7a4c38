import { targetColumns } from '../appliedColumns.ts';
import type { FilterTypeDefinition } from '../definition.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { maskFromValue, rangeDefaultProblem } from './mask.ts';
import { messages } from './messages.ts';
import { transformProps } from './transformProps.ts';

export const rangeFilter: FilterTypeDefinition<'filter_range'> = {
  filterType: 'filter_range',
  messages,
  controlPanel,
  buildQuery,
  transformProps,
  maskFromValue,
  defaultValueProblem: rangeDefaultProblem,
  datasetBound: true,
  appliedColumns: targetColumns,
};
