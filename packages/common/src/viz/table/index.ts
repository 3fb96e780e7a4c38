import type { ChartPlugin } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { example } from './example.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';
import { transformProps } from './transformProps.ts';

export type { TableChartProps, TableColumn, TableSort } from './types.ts';

export const plugin: ChartPlugin<'table'> = {
  vizType: 'table',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  migrate,
  messages,
  example,
  crossFilterTarget: () => ({ kind: 'cell' }),
};
