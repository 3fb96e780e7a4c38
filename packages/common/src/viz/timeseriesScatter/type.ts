import { withCode } from '../chartPlugin.ts';
import { timeseriesTarget } from '../shared/crossFilterTarget.ts';
import type { ChartType } from '../types.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';

/** The scatter plot as every screen knows it; its code (code.ts) loads when a chart of it is drawn or edited. */
export const chartType: ChartType<'echarts_timeseries_scatter'> = {
  vizType: 'echarts_timeseries_scatter',
  metadata,
  migrate,
  messages,
  crossFilterTarget: timeseriesTarget,
  load: () => import('./code.ts').then((module) => withCode(chartType, module.code)),
};
