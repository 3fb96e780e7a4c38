import { withCode } from '../chartPlugin.ts';
import { rowTarget } from '../shared/crossFilterTarget.ts';
import type { ChartType } from '../types.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';

/** The gauge as every screen knows it; its code (code.ts) loads when a chart of it is drawn or edited. */
export const chartType: ChartType<'gauge_chart'> = {
  vizType: 'gauge_chart',
  metadata,
  migrate,
  messages,
  crossFilterTarget: rowTarget('gauge', 'groupby'),
  load: () => import('./code.ts').then((module) => withCode(chartType, module.code)),
};
