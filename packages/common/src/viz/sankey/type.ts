import { withCode } from '../chartPlugin.ts';
import type { ChartType } from '../types.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';

/** The Sankey diagram as every screen knows it; its code (code.ts) loads when a chart of it is drawn or edited. */
export const chartType: ChartType<'sankey_v2'> = {
  vizType: 'sankey_v2',
  metadata,
  migrate,
  messages,
  load: () => import('./code.ts').then((module) => withCode(chartType, module.code)),
};
