import { treeTarget } from '../shared/crossFilterTarget.ts';
import type { ChartPlugin } from '../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { example } from './example.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';
import { transformProps } from './transformProps.ts';

export const plugin: ChartPlugin<'treemap_v2'> = {
  vizType: 'treemap_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  migrate,
  messages,
  example,
  // ECharts puts a root named after the series above the data, and the data has the metric's node.
  crossFilterTarget: treeTarget('groupby', 2),
};
