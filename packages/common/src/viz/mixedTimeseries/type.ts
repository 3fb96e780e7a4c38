import { withCode } from '../chartPlugin.ts';
import type { ChartType } from '../types.ts';
import { crossFilterTarget } from './crossFilter.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';

/** The mixed time series as every screen knows it; its code (code.ts) loads when a chart of it is drawn or edited. */
export const chartType: ChartType<'mixed_timeseries'> = {
  vizType: 'mixed_timeseries',
  metadata,
  migrate,
  messages,
  crossFilterTarget,
  load: () => import('./code.ts').then((module) => withCode(chartType, module.code)),
};
