import type { ChartExample, VizType } from '@vitrina/common';
import { loadRegistry } from '../../flows/chartData/chartRegistry.ts';

/**
 * The chart types' pure code as the charts resource uses it: the known names and the examples. The registry loads on first use (flows/chartData/chartRegistry.ts, which also holds the
 * server's one migration of saved form data).
 */

/** The current chart types' names, which a saved chart's viz_type must be one of. */
export async function knownVizTypes(): Promise<readonly VizType[]> {
  return (await loadRegistry()).VIZ_TYPES;
}

/** Each chart type's example over the `sales` dataset, from the type's own folder. */
export async function chartExamples(): Promise<Record<VizType, ChartExample>> {
  return (await loadRegistry()).chartRegistry.examples();
}
