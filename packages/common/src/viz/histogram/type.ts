import { withCode } from '../chartPlugin.ts';
import type { ChartType } from '../types.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';

/** The histogram as every screen knows it; its code (code.ts) loads when a chart of it is drawn or edited. */
export const chartType: ChartType<'histogram_v2'> = {
  vizType: 'histogram_v2',
  metadata,
  migrate,
  messages,
  load: () => import('./code.ts').then((module) => withCode(chartType, module.code)),
};
