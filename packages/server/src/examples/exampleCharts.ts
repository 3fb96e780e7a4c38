import type { VizType } from '@vitrina/common';
import { chartExamples } from '../resources/charts/chartTypes.ts';

/**
 * One example chart of every chart type over the `sales` example dataset (or the one the type names), so the charts list, explore
 * and the gallery have real charts to open. Each type keeps its example in its own folder
 * (common/viz/<type>/example.ts); the journeys draw the same form data.
 */
export interface ExampleChart {
  /** English and Russian names. */
  name: [string, string];
  /** The example dataset's table the chart is on. */
  table: string;
  params: Record<string, unknown>;
}

/** Loaded with the chart registry, which the server loads on first use. */
export async function exampleCharts(): Promise<Record<VizType, ExampleChart>> {
  const examples = await chartExamples();
  return Object.fromEntries(
    Object.entries(examples).map(([vizType, example]) => [
      vizType,
      { name: [example.name.en, example.name.ru], table: example.dataset ?? 'sales', params: example.params },
    ]),
  ) as Record<VizType, ExampleChart>;
}
