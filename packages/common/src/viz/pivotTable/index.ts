import type { ChartPlugin } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { crossFilterTarget } from './crossFilter.ts';
import { example } from './example.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';
import { transformProps } from './transformProps.ts';

export { AGGREGATE_FUNCTION_KEYS } from './aggregators.ts';
export type {
  HeaderLabel,
  PivotBodyCell,
  PivotBodyRow,
  PivotDimensions,
  PivotHeaderCell,
  PivotTableChartProps,
} from './types.ts';

export const plugin: ChartPlugin<'pivot_table_v2'> = {
  vizType: 'pivot_table_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  migrate,
  messages,
  example,
  crossFilterTarget,
};
