/**
 * A throwaway chart type for the registry's end-to-end test (chartRegistry.test.ts): everything a type
 * has, in one folder, like any folder under common/viz. It is registered only by that test.
 */
import type { ChartPlugin } from '../../types.ts';
import { buildQuery } from './buildQuery.ts';
import { controlPanel } from './controlPanel.ts';
import { crossFilterTarget } from './crossFilter.ts';
import { example } from './example.ts';
import { messages } from './messages.ts';
import { metadata } from './metadata.ts';
import { migrate } from './migrate.ts';
import { transformProps } from './transformProps.ts';

export const FIXTURE_VIZ_TYPE = 'fixture_dots';

export const plugin: ChartPlugin<typeof FIXTURE_VIZ_TYPE> = {
  vizType: FIXTURE_VIZ_TYPE,
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  migrate,
  messages,
  example,
  crossFilterTarget,
};
