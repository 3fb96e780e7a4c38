import type { ChartPlugin } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { example } from './example.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';
import { transformProps } from './transformProps.ts';

export { COMPARISON_TIME_RANGE_TYPES, type ComparisonTimeRangeType } from './comparison.ts';
export type { PopKpiChartProps } from './types.ts';

export const plugin: ChartPlugin<'pop_kpi'> = {
  vizType: 'pop_kpi',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  migrate,
  messages,
  example,
};
