import { withCode } from '../chartPlugin.ts';
import type { ChartType } from '../types.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';

/** The big number as every screen knows it; its code (code.ts) loads when a chart of it is drawn or edited. */
export const chartType: ChartType<'big_number'> = {
  vizType: 'big_number',
  metadata,
  migrate,
  messages,
  load: () => import('./code.ts').then((module) => withCode(chartType, module.code)),
};
