import type { ChartPlugin } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { example } from './example.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';
import { transformProps } from './transformProps.ts';

export const plugin: ChartPlugin<'sankey_v2'> = {
  vizType: 'sankey_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  migrate,
  messages,
  example,
};
