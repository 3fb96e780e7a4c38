import { withCode } from '../chartPlugin.ts';
import { treeTarget } from '../shared/crossFilterTarget.ts';
import type { ChartType } from '../types.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';

/** The sunburst as every screen knows it; its code (code.ts) loads when a chart of it is drawn or edited. */
export const chartType: ChartType<'sunburst_v2'> = {
  vizType: 'sunburst_v2',
  metadata,
  migrate,
  messages,
  // ECharts puts a root named after the series above the data.
  crossFilterTarget: treeTarget('columns', 1),
  load: () => import('./code.ts').then((module) => withCode(chartType, module.code)),
};
